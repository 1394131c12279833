/**
 * Self-service sign-up of the identity service as admins set it (`{api}authentication/signup`): written into the
 * data directory for the identity service, audited, shown (mode only) in the login setup so the sign-up links hide,
 * and refused to anyone but admins. The identity service's side is test/identity-service/signupPolicy.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { adminAgent, Agent, grantPrivileges, startServer, userAgent, type Harness } from '../support/harness';

let h: Harness;
let admin: Agent;

beforeEach(async () => {
  h = await startServer();
  admin = await adminAgent(h);
});
afterEach(() => h.close());

const file = () => path.join(h.dataDir, 'identity-registration.json');
const auditLines = () =>
  (
    h.ctx.db.prepare("SELECT message FROM logs WHERE service = 'auth' ORDER BY id").all() as Array<{
      message: string;
    }>
  ).map((r) => r.message);
const setupSignup = async () => (await new Agent(h.app).get('/api/auth/setup')).json().signup;

it('is open by default, without a file', async () => {
  expect((await admin.get('/api/authentication/signup')).json()).toEqual({
    mode: 'open',
    allowed_domains: [],
  });
  expect(fs.existsSync(file())).toBe(false);
  expect(await setupSignup()).toBe('open');
});

it.each([
  [{ mode: 'closed', allowed_domains: [] }, 'closed', 'closed'],
  [
    { mode: 'domains', allowed_domains: [' Corp.Example ', '*.Lab.Example', 'bücher.example'] },
    'domains',
    'limited to corp.example, *.lab.example, xn--bcher-kva.example',
  ],
  [{ mode: 'open', allowed_domains: ['kept.example'] }, 'open', 'open to anyone'],
])('stores %j for the identity service, audited', async (body, mode, audited) => {
  const res = await admin.put('/api/authentication/signup', body);
  expect(res.statusCode).toBe(200);
  const stored = JSON.parse(fs.readFileSync(file(), 'utf8'));
  expect(res.json()).toEqual(stored);
  expect(stored.mode).toBe(mode);
  expect((await admin.get('/api/authentication/signup')).json()).toEqual(stored);
  expect(await setupSignup()).toBe(mode);
  // The login setup says the mode only, never the list.
  expect(JSON.stringify((await new Agent(h.app).get('/api/auth/setup')).json())).not.toMatch(/example/);
  expect(auditLines()).toContain(`admin set self-service sign-up: ${audited}`);
});

it('closes sign-up for the embedded identity service at once', async () => {
  const init = () =>
    h.app.inject({
      method: 'GET',
      url: '/identity/self-service/registration/browser',
      headers: { accept: 'application/json' },
    });
  expect((await init()).statusCode).toBe(200);
  await admin.put('/api/authentication/signup', { mode: 'closed', allowed_domains: [] });
  const closed = await init();
  expect(closed.statusCode).toBe(400);
  expect(closed.json().error.id).toBe('self_service_flow_disabled');
  await admin.put('/api/authentication/signup', { mode: 'open', allowed_domains: [] });
  expect((await init()).statusCode).toBe(200);
});

it.each([
  [{ mode: 'domains', allowed_domains: [] }, ['allowed_domains'], 'value_error.domains_required'],
  [
    { mode: 'domains', allowed_domains: ['ok.example', 'not a domain'] },
    ['allowed_domains', 1],
    'value_error.domain',
  ],
  [{ mode: 'domains', allowed_domains: ['192.0.2.1'] }, ['allowed_domains', 0], 'value_error.domain'],
  [
    { mode: 'domains', allowed_domains: ['ｅｘａｍｐｌｅ.com'] },
    ['allowed_domains', 0],
    'value_error.domain',
  ],
  [
    { mode: 'domains', allowed_domains: ['a.example', 'A.example.'] },
    ['allowed_domains', 1],
    'value_error.duplicate',
  ],
  [{ mode: 'sometimes', allowed_domains: [] }, ['mode'], 'type_error.enum'],
  [{ mode: 'open' }, ['allowed_domains'], 'value_error.missing'],
  [{ mode: 'open', allowed_domains: [], extra: true }, ['extra'], 'value_error.extra'],
])('refuses %j', async (body, loc, type) => {
  await admin.put('/api/authentication/signup', { mode: 'closed', allowed_domains: [] });
  const res = await admin.put('/api/authentication/signup', body);
  expect(res.statusCode).toBe(422);
  expect(res.json().detail).toEqual(
    expect.arrayContaining([expect.objectContaining({ loc: ['body', ...loc], type })]),
  );
  // Nothing changed.
  expect(JSON.parse(fs.readFileSync(file(), 'utf8')).mode).toBe('closed');
});

it('shows the setting to authentication readers and lets only admins change it', async () => {
  const user = await userAgent(h, 'viewer');
  expect((await user.get('/api/authentication/signup')).statusCode).toBe(403);
  await grantPrivileges(h, 'viewer', { authentication: 'write' });
  expect((await user.get('/api/authentication/signup')).statusCode).toBe(200);
  const put = await user.put('/api/authentication/signup', { mode: 'open', allowed_domains: [] });
  expect(put.statusCode).toBe(403);
  expect(fs.existsSync(file())).toBe(false);
});
