/**
 * The audit trail made trustworthy: each record says who did what, how, from where and how it ended, and the records
 * are hash-chained so that an edited row, a deleted row or deleted last rows are found by `GET /api/audit/verify`
 * and by the offline `bin/rampart-audit-verify <data dir>`.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  adminAgent,
  Agent,
  NEW_ADMIN_PASSWORD,
  startServer,
  userAgent,
  type Harness,
} from '../support/harness';

const BIN = path.resolve(__dirname, '../../../bin/rampart-audit-verify');

function offlineVerify(dataDir: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(BIN, [dataDir], { encoding: 'utf8' }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

interface Row {
  seq: number;
  actor: string;
  method: string;
  address: string;
  object: string;
  outcome: string;
  message: string;
  service: string;
}

describe('audit records', () => {
  let h: Harness;
  let admin: Agent;
  beforeAll(async () => {
    h = await startServer();
    admin = await adminAgent(h);
  }, 60_000);
  afterAll(() => h.close());

  const rows = () => h.ctx.db.prepare('SELECT * FROM audit_chain ORDER BY seq').all() as Row[];

  it('carry actor, method, address, object and outcome, and stay in the log report', async () => {
    const stranger = new Agent(h.app);
    await stranger.visit();
    await stranger.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: 'mallory', password: 'not-the-password' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '192.0.2.77',
    });
    const failed = rows().find((r) => r.actor === 'mallory');
    expect(failed).toMatchObject({
      method: 'console',
      address: '192.0.2.77',
      object: 'POST /api/auth/login',
      outcome: 'failure',
      service: 'auth',
    });

    const res = await admin.request({
      method: 'PUT',
      url: '/api/ssh/config/settings',
      payload: (await admin.get('/api/ssh/config')).json().settings,
      remoteAddress: '198.51.100.5',
    });
    expect(res.statusCode).toBeLessThan(300);
    const changed = rows().find((r) => r.message.startsWith('SSH settings changed'));
    expect(changed).toMatchObject({
      actor: 'admin',
      method: 'console',
      address: '198.51.100.5',
      object: 'PUT /api/ssh/config/settings',
      outcome: 'success',
    });

    // The log report still shows the same records.
    const logged = h.ctx.db.prepare('SELECT message FROM logs WHERE service = ?').all('ssh') as Array<{
      message: string;
    }>;
    expect(logged.map((l) => l.message)).toContain(changed?.message);
  });

  it('a program with an API token is recorded as such', async () => {
    const token = await h.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: 'admin', password: NEW_ADMIN_PASSWORD },
    });
    const { access_token } = token.json<{ access_token: string }>();
    const settings = (await admin.get('/api/ssh/config')).json().settings;
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/ssh/config/settings',
      payload: settings,
      headers: { authorization: `Bearer ${access_token}` },
      remoteAddress: '203.0.113.8',
    });
    expect(res.statusCode).toBe(200);
    const last = rows()
      .filter((r) => r.message.startsWith('SSH settings changed'))
      .pop();
    expect(last).toMatchObject({
      actor: 'admin',
      method: 'token',
      address: '203.0.113.8',
      outcome: 'success',
    });
  });

  it('verify answers ok for an untouched chain, admins only', async () => {
    const res = await admin.get('/api/audit/verify');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, seq: null });
    expect(res.json().records).toBe(rows().length);
    const user = await userAgent(h, 'auditor-user');
    expect((await user.get('/api/audit/verify')).statusCode).toBe(403);
  });
});

describe('tampering with the stored trail is found', () => {
  let h: Harness;
  let admin: Agent;
  beforeEach(async () => {
    h = await startServer();
    admin = await adminAgent(h);
    for (let i = 0; i < 3; i += 1) await admin.get('/api/auth/logout');
    // Records of sign-ins and the first password change; let the head file catch up.
    await new Promise((r) => setImmediate(r));
    h.appliance.db.prepare('SELECT 1').get();
  }, 60_000);
  afterEach(() => h.close());

  /** Another connection on the same file, as someone with sqlite3 on the data directory would have. */
  const tamper = (sql: string, ...args: unknown[]) => {
    const other = new Database(path.join(h.dataDir, 'appliance.db'));
    other.prepare(sql).run(...args);
    other.close();
  };
  const count = () => (h.ctx.db.prepare('SELECT COUNT(*) AS n FROM audit_chain').get() as { n: number }).n;

  it('an intact chain passes both checks', async () => {
    expect(count()).toBeGreaterThanOrEqual(3);
    expect((await admin.get('/api/audit/verify')).json().ok).toBe(true);
    const offline = await offlineVerify(h.dataDir);
    expect(offline).toMatchObject({ code: 0 });
    expect(offline.out).toMatch(/^OK: /);
  });

  it('an edited record', async () => {
    tamper("UPDATE audit_chain SET actor = 'someone-else' WHERE seq = 2");
    expect((await admin.get('/api/audit/verify')).json()).toMatchObject({ ok: false, seq: 2 });
    const offline = await offlineVerify(h.dataDir);
    expect(offline.code).toBe(1);
    expect(offline.out).toContain('BROKEN at record 2');
  });

  it('a deleted record in the middle', async () => {
    tamper('DELETE FROM audit_chain WHERE seq = 2');
    const res = (await admin.get('/api/audit/verify')).json();
    expect(res).toMatchObject({ ok: false, seq: 2 });
    expect(res.detail).toContain('deleted');
    expect((await offlineVerify(h.dataDir)).out).toContain('BROKEN at record 2');
  });

  it('the last records deleted', async () => {
    const n = count();
    tamper('DELETE FROM audit_chain WHERE seq >= ?', n - 1);
    const res = (await admin.get('/api/audit/verify')).json();
    // The verify request itself may have been recorded after the cut; the head still names the old end.
    expect(res.ok).toBe(false);
    expect(res.detail).toMatch(/deleted|not the one the head names|does not follow/);
    const offline = await offlineVerify(h.dataDir);
    expect(offline.code).toBe(1);
  });

  it('the last records deleted while the server is down', async () => {
    const dataDir = h.dataDir;
    await h.close();
    const n = (() => {
      const db = new Database(path.join(dataDir, 'appliance.db'));
      const c = (db.prepare('SELECT COUNT(*) AS n FROM audit_chain').get() as { n: number }).n;
      db.prepare('DELETE FROM audit_chain WHERE seq = ?').run(c);
      db.close();
      return c;
    })();
    const offline = await offlineVerify(dataDir);
    expect(offline.code).toBe(1);
    expect(offline.out).toContain(`the head names record ${n}, the chain ends at ${n - 1}`);
    h = await startServer({ dataDir });
  }, 60_000);
});
