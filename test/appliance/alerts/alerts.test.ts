/**
 * The alert engine over a real appliance: a certificate near its end fires one alert (not one per check), its
 * severity follows the 60/30/7/1-day radar, and renewing or revoking it resolves the alert; a lockout storm and an
 * expiring admin account are alerts too.
 */
import { Agent, adminAgent, startServer, type Harness } from '../support/harness';
import { createRootCa, issueServerCertificate } from '../support/pki';

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

interface AlertRow {
  key: string;
  kind: string;
  severity: string;
  state: string;
  summary: string;
  link: string;
  first_seen: number;
  last_seen: number;
}

const alerts = async (query = '') => {
  const res = await admin.get(`/api/alerts${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: AlertRow[] }).data;
};
const evaluate = async () => {
  const res = await admin.post('/api/alerts/evaluate', {});
  expect(res.statusCode).toBe(200);
  return res.json() as { fired: number; resolved: number };
};

let caId: string;
const issue = (cn: string, days: number) => issueServerCertificate(admin, caId, cn, days);

describe('certificate expiry radar', () => {
  beforeAll(async () => {
    caId = await createRootCa(admin, 'Alert Root');
  });

  it('fires one alert per certificate with the severity of its step, and nothing for a distant end', async () => {
    const soon = await issue('soon.example.test', 5);
    const month = await issue('month.example.test', 25);
    await issue('later.example.test', 365);
    expect(await evaluate()).toMatchObject({ fired: 2 });
    await evaluate();
    const firing = await alerts('?state=firing');
    const byKey = new Map(firing.map((a) => [a.key, a]));
    expect(byKey.get(`certificate_expiry:${soon}`)).toMatchObject({
      severity: 'critical',
      link: `/system/certificates/${soon}`,
    });
    expect(byKey.get(`certificate_expiry:${month}`)?.severity).toBe('warning');
    expect(byKey.get(`certificate_expiry:${soon}`)?.summary).toMatch(/soon\.example\.test ends in 5 days/);
    expect(firing.filter((a) => a.kind === 'certificate_expiry')).toHaveLength(2);
    // Critical first.
    expect(firing[0].severity).toBe('critical');
  });

  it('resolves the alert once the certificate is renewed, and once another is revoked', async () => {
    const firing = await alerts('?state=firing');
    const soon = firing.find((a) => a.summary.includes('soon.example.test'))!;
    const month = firing.find((a) => a.summary.includes('month.example.test'))!;
    const soonId = soon.key.split(':')[1];
    const monthId = month.key.split(':')[1];
    expect((await admin.post(`/api/pki/certificates/${soonId}/renew`, {})).statusCode).toBeLessThan(300);
    await admin.post(`/api/pki/certificates/${monthId}/revoke`, { reason: 'superseded' });
    expect(await evaluate()).toMatchObject({ resolved: 2 });
    const resolved = await alerts('?state=resolved');
    expect(resolved.map((a) => a.key).sort()).toEqual([soon.key, month.key].sort());
  });
});

it('calls a lockout storm and an administrator about to expire alerts', async () => {
  const stranger = new Agent(h.app);
  await stranger.visit();
  for (const name of ['a1', 'a2', 'a3', 'a4', 'a5'])
    // Five failures lock a name (the default policy); 25 stay under the sign-in route's rate limit of 30 a minute.
    for (let i = 0; i < 5; i++) await stranger.login(`storm-${name}`, 'wrong password');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  h.ctx.db
    .prepare(
      `INSERT INTO users (username, password_hash, role, email, full_name, enabled, expires_at, created_at)
       VALUES ('leaving-admin', 'x', 'admin', '', 'Leaving Admin', 1, ?, 1)`,
    )
    .run(tomorrow);
  await evaluate();
  const firing = await alerts('?state=firing');
  expect(firing.find((a) => a.kind === 'lockouts')).toMatchObject({ severity: 'warning' });
  expect(firing.find((a) => a.kind === 'account_expiry')?.summary).toBe(
    `Administrator leaving-admin expires on ${tomorrow}`,
  );
});

it('is for administrators only', async () => {
  expect((await new Agent(h.app).get('/api/alerts')).statusCode).toBe(401);
});
