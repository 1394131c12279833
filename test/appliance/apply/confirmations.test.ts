/**
 * Safe-apply confirmations and privileges: an account lists and keeps the pending changes of the services whose area
 * it may write (a network change with the network write privilege), not those of other areas, and not with read only;
 * admins see and keep every one.
 */
import type { JobProgress } from '../../../src/appliance/jobs/runner';
import { Agent, adminAgent, grantPrivileges, startServer, userAgent, type Harness } from '../support/harness';

const preferences = {
  hostname: 'gateway-kept',
  domain: 'example.org',
  dns_servers: ['192.0.2.53'],
  ntp_servers: ['pool.ntp.org'],
  timezone: 'UTC',
};

let h: Harness;
let admin: Agent;
let writer: Agent;
let reader: Agent;
let other: Agent;

beforeAll(async () => {
  // Long enough that nothing rolls back while the test looks.
  h = await startServer({ config: { applyConfirmSeconds: 120 } });
  admin = await adminAgent(h);
  writer = await userAgent(h, 'net-writer');
  reader = await userAgent(h, 'net-reader');
  other = await userAgent(h, 'ssh-writer');
  await grantPrivileges(h, 'net-writer', { network: 'write' });
  await grantPrivileges(h, 'net-reader', { network: 'read' });
  await grantPrivileges(h, 'ssh-writer', { ssh: 'write', dns: 'write', network: 'read' });
});
afterAll(() => h.close());

const pendingOf = async (agent: Agent) => {
  const res = await agent.get('/api/apply/confirmations');
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{ id: string; service: string; changes: string[] }>;
};

async function applyPreferences(agent: Agent, hostname: string) {
  expect((await agent.put('/api/network/preferences', { ...preferences, hostname })).statusCode).toBe(200);
  const started = await agent.post('/api/network/preferences/apply');
  expect(started.statusCode).toBe(202);
  let job: JobProgress = started.json();
  const end = Date.now() + 8000;
  while (job.status === 'running' && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    job = (await agent.get(`/api/jobs/${job.id}`)).json();
  }
  expect(job.status).toBe('done');
}

it('lets an account with the write privilege of the area apply a risky change, see it pending and keep it', async () => {
  expect((await writer.put('/api/network/preferences', preferences)).statusCode).toBe(200);
  const started = await writer.post('/api/network/preferences/apply');
  expect(started.statusCode).toBe(202);
  let job: JobProgress = started.json();
  const end = Date.now() + 8000;
  while (job.status === 'running' && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    job = (await writer.get(`/api/jobs/${job.id}`)).json();
  }
  expect(job.status).toBe('done');

  const [pending] = await pendingOf(writer);
  expect(pending).toMatchObject({ service: 'network', changes: ['host name', 'domain'] });
  expect(await pendingOf(admin)).toEqual([expect.objectContaining({ id: pending.id })]);
  // Readers of the area, and writers of other areas, neither see nor keep it.
  expect(await pendingOf(reader)).toEqual([]);
  expect(await pendingOf(other)).toEqual([]);
  const refused = await reader.post(`/api/apply/confirmations/${pending.id}/confirm`);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().detail).toContain('write privilege of the network area');
  expect((await other.post(`/api/apply/confirmations/${pending.id}/confirm`)).statusCode).toBe(403);
  expect(await pendingOf(admin)).toHaveLength(1);

  expect((await writer.post(`/api/apply/confirmations/${pending.id}/confirm`)).statusCode).toBe(200);
  expect(await pendingOf(admin)).toEqual([]);
  expect((await writer.get('/api/network/preferences')).json().data).toMatchObject({
    hostname: 'gateway-kept',
  });
});

it('answers 401 to anonymous callers', async () => {
  const anon = new Agent(h.app);
  await anon.visit();
  expect((await anon.get('/api/apply/confirmations')).statusCode).toBe(401);
});

it('reverts a pending change at once ("Revert now"): previous settings back, audited, then 404', async () => {
  const before = (await admin.get('/api/network/preferences')).json().data.hostname as string;
  await applyPreferences(writer, 'gateway-reverted');
  const [pending] = await pendingOf(writer);
  expect(pending).toMatchObject({ service: 'network' });
  // Readers of the area and writers of other areas may not revert it either.
  expect((await reader.post(`/api/apply/confirmations/${pending.id}/revert`)).statusCode).toBe(403);
  expect((await other.post(`/api/apply/confirmations/${pending.id}/revert`)).statusCode).toBe(403);

  const reverted = await writer.post(`/api/apply/confirmations/${pending.id}/revert`);
  expect(reverted.statusCode).toBe(200);
  expect(reverted.json()).toEqual({ status: 'reverted' });
  expect(await pendingOf(admin)).toEqual([]);
  expect((await admin.get('/api/network/preferences')).json().data.hostname).toBe(before);
  expect((await writer.post(`/api/apply/confirmations/${pending.id}/revert`)).statusCode).toBe(404);
  expect((await writer.post(`/api/apply/confirmations/${pending.id}/confirm`)).statusCode).toBe(404);
});

it('previews each file with what the running configuration holds there', async () => {
  await admin.put('/api/network/preferences', { ...preferences, hostname: 'gateway-preview' });
  const preview = (await admin.get('/api/network/preferences/preview')).json();
  const hostname = preview.files.find((f: { path: string }) => f.path.endsWith('/hostname'));
  expect(hostname.content).toContain('gateway-preview');
  expect(typeof hostname.running).toBe('string');
  expect(hostname.running).not.toContain('gateway-preview');
  expect(preview.pending_changes).toBe(true);
});
