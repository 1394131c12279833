import { NO_USABLE_ADMIN } from '../../../src/appliance/users/adminRule';
import { Agent, adminAgent, serverPer, startServer, userAgent, type Harness } from '../support/harness';

let h: Harness;
let admin: Agent;

async function startAdmin(): Promise<Harness> {
  h = await startServer();
  admin = await adminAgent(h);
  return h;
}

const create = (body: Record<string, unknown>) => admin.post('/api/users', body);

/** Signs a created user in through the first-access change; returns the signed-in agent. */
async function firstAccess(
  username: string,
  oneTime: string,
  next = 'plum-Orchard-41-river',
): Promise<Agent> {
  const agent = new Agent(h.app);
  await agent.visit();
  const first = await agent.login(username, oneTime);
  expect(first.json().data.redirect_uri).toContain('first_access_change');
  const changed = await agent.form('/api/auth/change_password', {
    username,
    password: oneTime,
    new_password: next,
  });
  expect(changed.statusCode).toBe(200);
  expect((await agent.login(username, next)).statusCode).toBe(200);
  return agent;
}

describe('bad input', () => {
  // Each row is refused and creates nothing: one server for them all.
  serverPer('block', startAdmin);

  it.each([
    [{ username: 'bad name', role: 'user' }, 'username', 'value_error.str.regex'],
    [{ username: '', role: 'user' }, 'username', 'value_error.any_str.min_length'],
    [{ username: 'x'.repeat(65), role: 'user' }, 'username', 'value_error.any_str.max_length'],
    [{ username: 'ok', role: 'root' }, 'role', 'type_error.enum'],
    [{ username: 'ok', role: 'user', email: 'not-mail' }, 'email', 'value_error.email'],
    [
      { username: 'ok', role: 'user', full_name: 'a\u0001b' },
      'full_name',
      'value_error.str.control_characters',
    ],
    [{ username: 'ok', role: 'user', enabled: 'yes' }, 'enabled', 'type_error.bool'],
    [{ username: 'ok', role: 'user', expires_at: '2026-13-40' }, 'expires_at', 'value_error.date'],
    [{ username: 'ok', role: 'user', expires_at: 'tomorrow' }, 'expires_at', 'value_error.str.regex'],
    [{ username: 'admin', role: 'user' }, 'username', 'value_error.duplicate'],
    [{ role: 'user' }, 'username', 'value_error.missing'],
    [{ username: 'ok', role: 'user', shell: '/bin/sh' }, 'shell', 'value_error.extra'],
  ])('refuses bad input %j', async (body, field, type) => {
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc: ['body', field], type })]),
    );
  });
});

describe('accounts', () => {
  serverPer('test', startAdmin);

  it('creates a user with a one-time password that must be changed at first access', async () => {
    const res = await create({ username: 'j.doe', email: 'j@example.com', full_name: 'J Doe', role: 'user' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: 'j.doe',
      role: 'user',
      enabled: true,
      must_change_password: true,
    });
    expect(user.one_time_password).toHaveLength(16);
    const agent = await firstAccess('j.doe', user.one_time_password);
    expect((await agent.get('/api/users/me')).json().username).toBe('j.doe');
    const detail = (await admin.get(`/api/users/${user.id}`)).json();
    expect(detail.must_change_password).toBe(false);
    expect(detail.one_time_password).toBeUndefined();
    expect(detail.login_history[0]).toMatchObject({ success: true, method: 'password' });
    expect(detail.active_sessions).toBe(1);
  });

  it('refuses a disabled or expired account at login, after its password', async () => {
    const { id, one_time_password } = (await create({ username: 'temp', role: 'user' })).json();
    await firstAccess('temp', one_time_password);
    const edit = (changes: Record<string, unknown>) =>
      admin.put(`/api/users/${id}`, {
        email: '',
        full_name: '',
        role: 'user',
        enabled: true,
        expires_at: null,
        ...changes,
      });
    expect((await edit({ enabled: false })).statusCode).toBe(200);
    const agent = new Agent(h.app);
    await agent.visit();
    const refused = await agent.login('temp', 'plum-Orchard-41-river');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail.message).toContain('disabled');
    await edit({ expires_at: '2000-01-01' });
    expect((await agent.login('temp', 'plum-Orchard-41-river')).json().detail.message).toContain('expired');
    await edit({ expires_at: '2999-01-01' });
    expect((await agent.login('temp', 'plum-Orchard-41-river')).statusCode).toBe(200);
    const detail = (await admin.get(`/api/users/${id}`)).json();
    expect(detail.failed_since_last_login).toBe(0);
    expect(detail.login_history.filter((r: { success: boolean }) => !r.success)).toHaveLength(2);
  });

  it('counts failed attempts since the last success', async () => {
    const { id, one_time_password } = (await create({ username: 'counted', role: 'user' })).json();
    await firstAccess('counted', one_time_password);
    const agent = new Agent(h.app);
    await agent.visit();
    await agent.login('counted', 'wrong-one');
    await agent.login('counted', 'wrong-two');
    expect((await admin.get(`/api/users/${id}`)).json().failed_since_last_login).toBe(2);
  });

  it('refuses to delete or disable the last enabled admin or yourself, naming each account', async () => {
    const me = (await admin.get('/api/users'))
      .json()
      .data.find((u: { username: string }) => u.username === 'admin');
    const del = await admin.request({ method: 'DELETE', url: `/api/users/${me.id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().detail[0]).toMatchObject({
      type: 'status_error.conflicting_users',
      ctx: { conflicting_users: [{ id: me.id, username: 'admin', reason: 'it is your own account' }] },
    });

    const other = (await create({ username: 'second', role: 'admin' })).json();
    const bulk = await admin.post('/api/users/bulk', { action: 'disable', ids: [other.id, me.id] });
    expect(bulk.statusCode).toBe(409);
    // One item listing every account in conflict (the console shows it 2,500 ms per account).
    expect(bulk.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'ids'],
        type: 'status_error.conflicting_users',
        ctx: {
          conflicting_users: [
            { id: other.id, username: 'second', reason: NO_USABLE_ADMIN },
            { id: me.id, username: 'admin', reason: 'it is your own account' },
          ],
        },
      }),
    ]);
    // Nothing changed.
    expect((await admin.get(`/api/users/${other.id}`)).json().enabled).toBe(true);

    // Disabling the other admin leaves this one: allowed. Demoting the now last enabled admin (self) is not.
    expect((await admin.post('/api/users/bulk', { action: 'disable', ids: [other.id] })).json()).toEqual({
      disabled: 1,
    });
    const demote = await admin.put(`/api/users/${me.id}`, {
      email: '',
      full_name: '',
      role: 'user',
      enabled: true,
      expires_at: null,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail[0].msg).toContain(NO_USABLE_ADMIN);
  });

  it('bulk deletes and enables, and refuses unknown ids per item', async () => {
    const a = (await create({ username: 'a1', role: 'user', enabled: false })).json();
    const b = (await create({ username: 'b1', role: 'user' })).json();
    expect((await admin.post('/api/users/bulk', { action: 'enable', ids: [a.id] })).json()).toEqual({
      enabled: 1,
    });
    const unknown = await admin.post('/api/users/bulk', { action: 'delete', ids: [b.id, 9999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'ids', 1]);
    expect((await admin.post('/api/users/bulk', { action: 'delete', ids: [a.id, b.id] })).json()).toEqual({
      deleted: 2,
    });
    expect((await admin.get('/api/users')).json().data.map((u: { username: string }) => u.username)).toEqual([
      'admin',
    ]);
  });

  it('ends every session of a user', async () => {
    const { id, one_time_password } = (await create({ username: 'busy', role: 'user' })).json();
    const agent = await firstAccess('busy', one_time_password);
    expect((await admin.request({ method: 'DELETE', url: `/api/users/${id}/sessions` })).json()).toEqual({
      ended: 1,
    });
    expect((await agent.get('/api/users/me')).statusCode).toBe(401);
  });

  it('simulates sign-ins of every service toward one count per name and address, as the real lockout counts them', async () => {
    const guesser = new Agent(h.app);
    await guesser.visit();
    const apiGuess = (password: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: new URLSearchParams({ username: 'victim', password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    for (let i = 0; i < 2; i += 1) await guesser.login('victim', `guess-${i}`);
    const simulate = (body: Record<string, unknown>) => admin.post('/api/users/lockout-simulation', body);
    const policy = { attempts: 3, window_seconds: 900, duration_seconds: 900 };
    expect((await simulate(policy)).json()).toMatchObject({ failures: 2, locks: [] });
    // A third failure through the API reaches three: the lock is one, and names the service of that failure.
    expect((await apiGuess('api-guess-0')).statusCode).toBe(401);
    expect((await simulate(policy)).json()).toMatchObject({
      failures: 3,
      locks: [expect.objectContaining({ username: 'victim', source: '127.0.0.1', service: 'api' })],
    });
  });

  it('lets only admins read or write accounts', async () => {
    const user = await userAgent(h, 'plain');
    expect((await user.get('/api/users')).statusCode).toBe(403);
    expect((await user.post('/api/users', { username: 'x', role: 'admin' })).statusCode).toBe(403);
    expect((await user.post('/api/users/bulk', { action: 'delete', ids: [1] })).statusCode).toBe(403);
    expect((await user.request({ method: 'DELETE', url: '/api/users/1' })).statusCode).toBe(403);
    expect((await new Agent(h.app).get('/api/users')).statusCode).toBe(401);
  });

  it('simulates whom a candidate lockout policy would have locked over the recorded failures', async () => {
    const guesser = new Agent(h.app);
    await guesser.visit();
    for (let i = 0; i < 3; i += 1) await guesser.login('victim', `guess-${i}`);
    const simulate = (body: Record<string, unknown>) => admin.post('/api/users/lockout-simulation', body);
    const strict = (await simulate({ attempts: 3, window_seconds: 900, duration_seconds: 900 })).json();
    expect(strict.failures).toBe(3);
    expect(strict.locks).toEqual([expect.objectContaining({ username: 'victim', source: '127.0.0.1' })]);
    // The default policy (5 attempts) locks nobody: the recorded failures were too few.
    expect(
      (await simulate({ attempts: 5, window_seconds: 900, duration_seconds: 900 })).json().locks,
    ).toEqual([]);
    // Nothing was locked for real by simulating.
    expect((await admin.get('/api/auth/lockouts')).json().data).toEqual([]);
    const bad = await simulate({ attempts: 0, window_seconds: 'x', duration_seconds: 900 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.map((d: { loc: string[] }) => d.loc[1])).toEqual(['attempts', 'window_seconds']);
  });
});
