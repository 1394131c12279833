/**
 * The sign-in routes where the appliance's settings put them (`RAMPART_AUTH_BASE`, `RAMPART_AUTH_LOGIN_PATH`,
 * `RAMPART_AUTH_CHANGE_PASSWORD_PATH`): the contracts' `auth/login`, `auth/login/webauthn` and
 * `auth/change_password` move there, with their schemas, and the OpenAPI document lists them where they are.
 */
import { Agent, startServer, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startServer({
    config: { authBase: '/auth', authLoginPath: '/signin', authChangePasswordPath: '/password/change' },
  });
});
afterAll(() => h.close());

it('signs in at the configured login path, changes the password at the configured one, and nowhere else', async () => {
  const agent = new Agent(h.app);
  await agent.visit();
  expect((await agent.form('/api/auth/login', { username: 'admin', password: 'x' })).statusCode).toBe(404);
  expect((await agent.form('/auth/login', { username: 'admin', password: 'x' })).statusCode).toBe(404);

  const first = await agent.form('/auth/signin?return_to=%2Fdns', {
    username: 'admin',
    password: h.adminPassword as string,
  });
  expect([first.statusCode, first.json()]).toEqual([
    200,
    { data: { redirect_uri: '/change-password?notice=first_access_change&return_to=%2Fdns' } },
  ]);
  // The contract's body schema holds at the moved path: an unknown field is refused.
  const extra = await agent.form('/auth/password/change', {
    username: 'admin',
    password: h.adminPassword as string,
    new_password: 'correct horse battery staple',
    role: 'admin',
  });
  expect(extra.statusCode).toBe(422);
  const changed = await agent.form('/auth/password/change', {
    username: 'admin',
    password: h.adminPassword as string,
    new_password: 'correct horse battery staple',
  });
  expect([changed.statusCode, changed.json()]).toEqual([
    200,
    { data: { redirect_uri: '/account/login?notice=password_changed' } },
  ]);
  const signedIn = await agent.form('/auth/signin', {
    username: 'admin',
    password: 'correct horse battery staple',
  });
  expect([signedIn.statusCode, signedIn.json()]).toEqual([200, { data: { redirect_uri: '/' } }]);
  // The security-key step follows the login path; the other sign-in routes stay under the auth base.
  const key = await agent.request({
    method: 'POST',
    url: '/auth/signin/webauthn',
    payload: { ticket: 'unknown', credential: {} },
  });
  expect([key.statusCode, key.json<{ detail: { code: number } }>().detail.code]).toEqual([401, 9]);
  expect((await agent.get('/auth/setup')).statusCode).toBe(200);
  expect((await agent.get('/auth/session')).statusCode).toBe(200);

  const doc = (await agent.get('/api/openapi.json')).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  expect(
    Object.keys(doc.paths)
      .filter((p) => p.startsWith('/auth/'))
      .sort(),
  ).toEqual(
    expect.arrayContaining([
      '/auth/logout',
      '/auth/password/change',
      '/auth/setup',
      '/auth/signin',
      '/auth/signin/webauthn',
      '/auth/token',
    ]),
  );
  expect(doc.paths['/auth/login']).toBeUndefined();
});

it('puts the security-key step at `{auth}/webauthn` when the login is the auth base itself', async () => {
  const base = await startServer({ config: { authLoginPath: '/' } });
  try {
    const agent = new Agent(base.app);
    await agent.visit();
    const first = await agent.form('/api/auth/', {
      username: 'admin',
      password: base.adminPassword as string,
    });
    expect(first.json()).toEqual({ data: { redirect_uri: '/change-password?notice=first_access_change' } });
    const key = await agent.request({
      method: 'POST',
      url: '/api/auth/webauthn',
      payload: { ticket: 'unknown', credential: {} },
    });
    expect([key.statusCode, key.json<{ detail: { code: number } }>().detail.code]).toEqual([401, 9]);
  } finally {
    await base.close();
  }
});
