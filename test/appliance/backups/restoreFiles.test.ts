/**
 * A restore is recorded as a revision with the generated files it changes (issue 29), like every other change of a
 * section a managed service applies: restoring a backup taken with another DNS cache size records unbound.conf before
 * and after.
 */
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';

jest.setTimeout(60_000);

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
});
afterAll(() => h.close());

interface File {
  path: string;
  before: string | null;
  after: string | null;
}

const PASSPHRASE = 'a long backup passphrase';

it('records the generated files a restore changes with its revision', async () => {
  const settings = (await admin.get('/api/dns/proxy')).json().settings as { cache_size_mb: number };
  const backup = await admin.post('/api/backups/export', { passphrase: PASSPHRASE });
  expect(backup.statusCode).toBe(200);
  const was = settings.cache_size_mb;
  const changed = await admin.put('/api/dns/proxy/settings', { ...settings, cache_size_mb: was + 28 });
  expect(changed.statusCode).toBe(200);

  const res = await admin.post('/api/backups/restore', {
    archive: backup.rawPayload.toString('base64'),
    passphrase: PASSPHRASE,
  });
  expect(res.statusCode).toBe(200);
  const revision = res.json().revision as number;
  expect(revision).toEqual(expect.any(Number));
  const files = (await admin.get(`/api/revisions/${revision}/files`)).json().files as File[];
  const conf = files.find((f) => f.path.endsWith('unbound.conf'));
  expect(conf?.before).toContain(`msg-cache-size: ${String(was + 28)}m`);
  expect(conf?.after).toContain(`msg-cache-size: ${String(was)}m`);
  expect((await admin.get('/api/dns/proxy')).json().settings.cache_size_mb).toBe(was);
  const job = res.json().job as { id: string } | null;
  if (job) {
    const end = Date.now() + 15_000;
    while (Date.now() < end && (await admin.get(`/api/jobs/${job.id}`)).json().status === 'running')
      await new Promise((r) => setTimeout(r, 100));
  }
});
