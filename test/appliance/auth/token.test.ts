/**
 * API tokens: `POST /api/auth/token` authenticates through the API service's providers (not the console's), answers a
 * bearer token and sets no cookie; lockout, disabled accounts, second factors and bad input per field. The directory
 * is a real slapd.
 */
import type { InjectOptions } from 'fastify';
import { newTotpSecret, totpCode } from '../../../src/appliance/auth/totp';
import { createUser } from '../../../src/appliance/seed';
import { ldapProviderBody, startSlapd, type Slapd } from '../../support/slapd';
import { Agent, adminAgent, startServer, type Harness } from '../support/harness';

let slapd: Slapd;
let h: Harness;
let admin: Agent;

beforeAll(async () => {
  slapd = await startSlapd();
});
afterAll(() => slapd?.stop());
beforeEach(async () => {
  h = await startServer();
  admin = await adminAgent(h);
  await createUser(h.ctx, { username: 'carol', password: 'carol-password-123', role: 'user' });
});
afterEach(() => h.close());

/** A program's request: no cookie, no XSRF header. */
const token = (
  fields: Record<string, unknown>,
  options: { json?: boolean; remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    remoteAddress: options.remoteAddress,
    ...(options.json
      ? { payload: fields as InjectOptions['payload'] }
      : {
          payload: new URLSearchParams(fields as Record<string, string>).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
        }),
  });

const auditLines = () =>
  (
    h.ctx.db.prepare("SELECT message FROM logs WHERE service = 'auth' ORDER BY id").all() as Array<{
      message: string;
    }>
  ).map((r) => r.message);

async function addLdap(): Promise<number> {
  const res = await admin.post('/api/authentication/providers', ldapProviderBody(slapd));
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const useFor = async (service: string, ids: number[]) =>
  expect((await admin.put(`/api/authentication/services/${service}`, { provider_ids: ids })).statusCode).toBe(
    200,
  );

it('trades a local account password for a bearer token, with no cookie, that the API accepts', async () => {
  const res = await token({ username: 'carol', password: 'carol-password-123' });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
  expect(res.headers['set-cookie']).toBeUndefined();
  expect(res.headers['cache-control']).toBe('no-store');
  const me = await h.app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { authorization: `Bearer ${body.access_token}` },
  });
  expect(me.statusCode).toBe(200);
  expect(me.json()).toMatchObject({ username: 'carol', role: 'user' });
  // JSON works as well as a form.
  const json = await token({ username: 'carol', password: 'carol-password-123' }, { json: true });
  expect(json.statusCode).toBe(200);
  expect(json.json().access_token).not.toBe(body.access_token);
  expect(auditLines()).toContain(
    'login succeeded for "carol" [service=api method=password source=127.0.0.1]',
  );
  const method = h.ctx.db
    .prepare("SELECT method FROM user_logins WHERE username = 'carol' AND success = 1 ORDER BY id DESC")
    .get() as { method: string };
  expect(method.method).toBe('api:password');
});

it('refuses wrong credentials the same for known and unknown names', async () => {
  for (const [username, password] of [
    ['carol', 'not-the-password'],
    ['nobody', 'whatever-password'],
  ]) {
    const res = await token({ username, password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: { code: 1, message: 'Wrong user name or password' } });
  }
  expect(auditLines()).toContain(
    'login failed for "carol" [service=api method=password source=127.0.0.1]: wrong credentials',
  );
});

it('a browser request carrying cookies still needs the XSRF header', async () => {
  const browser = new Agent(h.app);
  await browser.visit();
  const res = await browser.request({
    method: 'POST',
    url: '/api/auth/token',
    payload: new URLSearchParams({ username: 'carol', password: 'carol-password-123' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    xsrf: false,
  });
  expect(res.statusCode).toBe(403);
  const withHeader = await browser.form('/api/auth/token', {
    username: 'carol',
    password: 'carol-password-123',
  });
  expect(withHeader.statusCode).toBe(200);
  // The token is only in the answer: no session cookie for the browser either.
  expect(browser.jar.has('rampart_session')).toBe(false);
});

it.each<[string, Record<string, unknown>, Array<string | number>, string]>([
  ['a missing username', { password: 'x' }, ['body', 'username'], 'value_error.missing'],
  [
    'an empty username',
    { username: '', password: 'x' },
    ['body', 'username'],
    'value_error.any_str.min_length',
  ],
  [
    'a too long username',
    { username: 'u'.repeat(129), password: 'x' },
    ['body', 'username'],
    'value_error.any_str.max_length',
  ],
  ['a username that is no string', { username: 7, password: 'x' }, ['body', 'username'], 'type_error.str'],
  ['a missing password', { username: 'carol' }, ['body', 'password'], 'value_error.missing'],
  [
    'a too long password',
    { username: 'carol', password: 'p'.repeat(257) },
    ['body', 'password'],
    'value_error.any_str.max_length',
  ],
  [
    'a password that is no string',
    { username: 'carol', password: [] },
    ['body', 'password'],
    'type_error.str',
  ],
  [
    'a too long code',
    { username: 'carol', password: 'x', otp: '1'.repeat(17) },
    ['body', 'otp'],
    'value_error.any_str.max_length',
  ],
  [
    'an unknown field',
    { username: 'carol', password: 'x', scope: 'all' },
    ['body', 'scope'],
    'value_error.extra',
  ],
])('answers 422 for %s', async (_name, fields, loc, type) => {
  const res = await token(fields, { json: true });
  expect(res.statusCode).toBe(422);
  expect(res.json().detail).toContainEqual(expect.objectContaining({ loc, type }));
});

it('answers 400 for a body that cannot be read', async () => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: '{"username":',
    headers: { 'content-type': 'application/json' },
  });
  expect(res.statusCode).toBe(400);
});

it("asks the API service's providers, not the console's", async () => {
  const directory = await addLdap();
  // The console signs alice in through the directory, which links her account.
  await useFor('console', [1, directory]);
  const browser = new Agent(h.app);
  await browser.visit();
  expect((await browser.login('alice', 'alice-secret')).statusCode).toBe(200);
  // The API still uses the local accounts only: her directory account gets no token, and the answer says why.
  const refused = await token({ username: 'alice', password: 'alice-secret' });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().detail).toEqual({
    code: 'provider_not_allowed',
    message: 'This account signs in through "Directory", which the API does not use',
  });
  // Without her password nobody learns that.
  const guess = await token({ username: 'alice', password: 'a-guess' });
  expect(guess.statusCode).toBe(401);
  // A directory user the console never saw is simply unknown to the API.
  expect((await token({ username: 'bob', password: 'bob-secret' })).statusCode).toBe(401);

  // The API on the directory only: directory users get tokens; local accounts no longer do.
  await useFor('api', [directory]);
  expect((await token({ username: 'bob', password: 'bob-secret' })).statusCode).toBe(200);
  expect((await token({ username: 'bob', password: 'wrong-secret' })).statusCode).toBe(401);
  const local = await token({ username: 'carol', password: 'carol-password-123' });
  expect(local.statusCode).toBe(403);
  expect(local.json().detail.message).toBe(
    'This account signs in through "Local accounts", which the API does not use',
  );
  // …while the console keeps its own list: bob signs in there only once the console uses the directory.
  await useFor('console', [1]);
  expect((await browser.login('bob', 'bob-secret')).statusCode).toBe(401);
  expect((await browser.login('carol', 'carol-password-123')).statusCode).toBe(200);
});

it('refuses disabled and expired accounts, and accounts that must change their password first', async () => {
  const users = (await admin.get('/api/users')).json().data as Array<{ id: number; username: string }>;
  const carol = users.find((u) => u.username === 'carol') as { id: number };
  const current = (await admin.get(`/api/users/${carol.id}`)).json();
  const put = (patch: Record<string, unknown>) =>
    admin.put(`/api/users/${carol.id}`, {
      email: current.email,
      full_name: current.full_name,
      role: current.role,
      enabled: current.enabled,
      expires_at: current.expires_at,
      ...patch,
    });
  expect((await put({ enabled: false })).statusCode).toBe(200);
  const disabled = await token({ username: 'carol', password: 'carol-password-123' });
  expect(disabled.statusCode).toBe(401);
  expect(disabled.json().detail.message).toBe('This account is disabled; ask an administrator');
  expect((await put({ enabled: true, expires_at: '2020-01-01' })).statusCode).toBe(200);
  const expired = await token({ username: 'carol', password: 'carol-password-123' });
  expect(expired.json().detail.message).toBe('This account is expired; ask an administrator');

  await createUser(h.ctx, {
    username: 'fresh',
    password: 'fresh-password-123',
    role: 'user',
    mustChangePassword: true,
  });
  const fresh = await token({ username: 'fresh', password: 'fresh-password-123' });
  expect(fresh.statusCode).toBe(403);
  expect(fresh.json().detail.code).toBe('password_change_required');
});

it('asks for the second factor of an account that has one', async () => {
  const secret = newTotpSecret();
  await createUser(h.ctx, {
    username: 'otp',
    password: 'otp-password-123',
    role: 'user',
    totpSecret: secret,
  });
  const need = await token({ username: 'otp', password: 'otp-password-123' });
  expect(need.statusCode).toBe(401);
  expect(need.json().detail.code).toBe(3);
  const code = await totpCode(secret);
  const ok = await token({ username: 'otp', password: 'otp-password-123', otp: code });
  expect(ok.statusCode).toBe(200);
  // The code is used once.
  expect((await token({ username: 'otp', password: 'otp-password-123', otp: code })).json().detail.code).toBe(
    2,
  );
});

it('locks a name out per client address, over the API and the console alike (one shared count)', async () => {
  const from = '198.51.100.7';
  for (let i = 0; i < 5; i += 1)
    expect(
      (await token({ username: 'carol', password: `wrong-${i}` }, { remoteAddress: from })).statusCode,
    ).toBe(401);
  const locked = await token({ username: 'carol', password: 'carol-password-123' }, { remoteAddress: from });
  expect(locked.statusCode).toBe(429);
  expect(locked.headers['retry-after']).toBeDefined();
  // Another address still gets its token; the console's login from the locked address is locked too.
  expect((await token({ username: 'carol', password: 'carol-password-123' })).statusCode).toBe(200);
  const browser = new Agent(h.app);
  await browser.visit();
  const consoleLogin = await browser.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams({ username: 'carol', password: 'carol-password-123' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: from,
  });
  expect(consoleLogin.statusCode).toBe(429);
  const locks = (await admin.get('/api/auth/lockouts')).json().data;
  expect(locks).toEqual([
    expect.objectContaining({
      username: 'carol',
      source: from,
      service: 'api',
      services: [{ service: 'api', failures: 5 }],
    }),
  ]);
  expect(auditLines()).toContain(
    `account "carol" locked for 900 s after 5 failed attempts [service=api method=password source=${from}]`,
  );
  // Unlocking the name lifts its API lock too.
  expect((await admin.request({ method: 'DELETE', url: '/api/auth/lockouts/carol' })).statusCode).toBe(204);
  expect(
    (await token({ username: 'carol', password: 'carol-password-123' }, { remoteAddress: from })).statusCode,
  ).toBe(200);
});
