import { totpCode, newTotpSecret } from '../../src/appliance/auth/totp';
import { AREAS } from '../../src/shared/privileges';
import { writePolicy } from '../../src/appliance/auth/lockout';
import { createUser } from '../../src/appliance/seed';
import { Agent, adminAgent, count, NEW_ADMIN_PASSWORD, startServer, type Harness } from './support/harness';

const setCookie = (res: { headers: Record<string, unknown> }, name: string): string | undefined => {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
  return list.find((c) => c.startsWith(`${name}=`));
};

describe('local authentication', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
  });
  afterAll(() => h.close());

  it('prints a generated initial admin password and never a fixed default', () => {
    expect(h.adminPassword).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('describes the login setup: the local form, the embedded identity service online, no custom look', async () => {
    const res = await new Agent(h.app).get('/api/auth/setup');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      login_methods: [{ type: 'form_login' }],
      isOffline: false,
      login_logo: null,
      login_background: null,
      login_title: null,
      signup: 'open',
    });
  });

  it('sets a readable XSRF cookie on any response that lacks it, page loads included', async () => {
    const api = await h.app.inject({ method: 'GET', url: '/api/config/settings' });
    expect(setCookie(api, 'XSRF-TOKEN')).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Lax$/);
    const page = await h.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(setCookie(page, 'XSRF-TOKEN')).toBeDefined();
    const again = await h.app.inject({
      method: 'GET',
      url: '/api/config/settings',
      headers: { cookie: 'XSRF-TOKEN=abc' },
    });
    expect(setCookie(again, 'XSRF-TOKEN')).toBeUndefined();
  });

  it.each([
    ['no cookie and no header', {}, 'cookie is missing'],
    ['no header', { cookie: 'XSRF-TOKEN=abc' }, 'header is missing'],
    ['a header that does not match', { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' }, 'does not match'],
  ])('refuses a login POST with %s (403) and counts nothing', async (_name, headers, detail) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'username=admin&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain(detail);
    expect(count(h, 'login_attempts')).toBe(0);
  });

  it('first access: correct credentials give no session but the change-password redirect; the change then allows login', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    const first = await agent.login('admin', h.adminPassword as string);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { redirect_uri: '/change-password?notice=first_access_change' } });
    expect(agent.jar.has('rampart_session')).toBe(false);
    expect((await agent.get('/api/users/me')).statusCode).toBe(401);

    const same = await agent.form('/api/auth/change_password', {
      username: 'admin',
      password: h.adminPassword as string,
      new_password: h.adminPassword as string,
    });
    expect(same.statusCode).toBe(401);
    expect(same.json()).toEqual({ detail: { code: 7, message: expect.any(String) } });

    const wrong = await agent.form('/api/auth/change_password', {
      username: 'admin',
      password: 'not-it-at-all',
      new_password: NEW_ADMIN_PASSWORD,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail.code).toBe(6);

    const short = await agent.form('/api/auth/change_password', {
      username: 'admin',
      password: h.adminPassword as string,
      new_password: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0]).toMatchObject({
      loc: ['body', 'new_password'],
      type: 'value_error.any_str.min_length',
      ctx: { limit_value: 10 },
    });

    const ok = await agent.form('/api/auth/change_password', {
      username: 'admin',
      password: h.adminPassword as string,
      new_password: NEW_ADMIN_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { redirect_uri: '/account/login?notice=password_changed' } });
    h.adminPassword = null;

    const login = await agent.login('admin', NEW_ADMIN_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ data: { redirect_uri: '/' } });
    const cookie = setCookie(login, 'rampart_session') as string;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=28800/);
    expect(cookie).not.toMatch(/Secure/);
    expect(setCookie(login, 'rampart_logged_in')).toMatch(
      /^rampart_logged_in=1; Max-Age=28800; Path=\/; SameSite=Lax$/,
    );
    const me = await agent.get('/api/users/me');
    expect(me.json()).toEqual({
      username: 'admin',
      role: 'admin',
      panels: { admin: false, network: false, custom: false, customLabel: '' },
      must_change_password: false,
      privileges: Object.fromEntries(AREAS.map((a) => [a, 'write'])),
    });
  });

  it('answers wrong credentials with code 1 the same way for unknown and known names', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    const known = await agent.login('admin', 'wrong password');
    const unknown = await agent.login('nobody-here', 'wrong password');
    const sql = await agent.login("admin' OR '1'='1", "' OR 1=1 --");
    for (const res of [known, unknown, sql]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: { code: 1, message: 'Wrong user name or password' } });
    }
    expect(count(h, 'users')).toBe(1);
  });

  it('refuses an account whose stored hash is corrupt like a wrong password', async () => {
    await createUser(h.ctx, { username: 'corrupt', password: 'corrupt-password', role: 'user' });
    h.ctx.db
      .prepare("UPDATE users SET password_hash = 'not-an-argon2-hash' WHERE username = 'corrupt'")
      .run();
    const agent = new Agent(h.app);
    await agent.visit();
    const res = await agent.login('corrupt', 'corrupt-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: { code: 1, message: 'Wrong user name or password' } });
  });

  it('only redirects to same-origin paths after login', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    const evil = await agent.form('/api/auth/login?return_to=//evil.example/x', {
      username: 'admin',
      password: NEW_ADMIN_PASSWORD,
    });
    expect(evil.json().data.redirect_uri).toBe('/');
    const good = await agent.form('/api/auth/login?return_to=%2Fdns%2Fproxy%3Fa%3D1', {
      username: 'admin',
      password: NEW_ADMIN_PASSWORD,
    });
    expect(good.json().data.redirect_uri).toBe('/dns/proxy?a=1');
  });

  it('rejects bad login input with pydantic-style items', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    const sessionsBefore = count(h, 'sessions');
    const throttleBefore = count(h, 'login_attempts');
    const missing = await agent.form('/api/auth/login', { password: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toEqual([
      { loc: ['body', 'username'], msg: 'field required', type: 'value_error.missing' },
    ]);
    const extra = await agent.form('/api/auth/login', { username: 'a', password: 'x', role: 'admin' });
    expect(extra.json().detail).toEqual([
      { loc: ['body', 'role'], msg: 'extra fields not permitted', type: 'value_error.extra' },
    ]);
    const long = await agent.form('/api/auth/login', { username: 'a'.repeat(129), password: 'x' });
    expect(long.json().detail[0]).toMatchObject({
      loc: ['body', 'username'],
      type: 'value_error.any_str.max_length',
      ctx: { limit_value: 128 },
    });
    const twice = await agent.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'username=a&username=b&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(twice.json().detail[0]).toMatchObject({ loc: ['body', 'username'], type: 'type_error.str' });
    const badUtf8 = await agent.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'username=%FF%FE&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(badUtf8.statusCode).toBe(400);
    expect(badUtf8.json().detail[0]).toMatchObject({ loc: ['body'], type: 'value_error.unicode' });
    const proto = await agent.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: '__proto__=x&username=a&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(proto.json().detail).toEqual([
      { loc: ['body', '__proto__'], msg: 'extra fields not permitted', type: 'value_error.extra' },
    ]);
    expect(count(h, 'sessions')).toBe(sessionsBefore);
    expect(count(h, 'login_attempts')).toBe(throttleBefore);
  });

  it('logs out: the session is deleted and the cookies cleared', async () => {
    const agent = await adminAgent(h);
    const before = count(h, 'sessions');
    const res = await agent.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { redirect_uri: '/account/login' } });
    expect(count(h, 'sessions')).toBe(before - 1);
    expect(agent.jar.has('rampart_session')).toBe(false);
    expect(agent.jar.has('rampart_logged_in')).toBe(false);
    expect((await agent.get('/api/users/me')).statusCode).toBe(401);
  });

  it('changing the password ends every session of the account', async () => {
    await createUser(h.ctx, { username: 'changer', password: 'changer-password', role: 'user' });
    const phone = new Agent(h.app);
    await phone.visit();
    await phone.login('changer', 'changer-password');
    expect((await phone.get('/api/users/me')).statusCode).toBe(200);
    const laptop = new Agent(h.app);
    await laptop.visit();
    const changed = await laptop.form('/api/auth/change_password', {
      username: 'changer',
      password: 'changer-password',
      new_password: 'changer-password-2',
    });
    expect(changed.statusCode).toBe(200);
    expect((await phone.get('/api/users/me')).statusCode).toBe(401);
    expect((await laptop.login('changer', 'changer-password')).json().detail.code).toBe(1);
    expect((await laptop.login('changer', 'changer-password-2')).statusCode).toBe(200);
  });

  it('a new login replaces the session the browser held', async () => {
    const agent = await adminAgent(h);
    const before = count(h, 'sessions');
    expect((await agent.login('admin', NEW_ADMIN_PASSWORD)).statusCode).toBe(200);
    expect(count(h, 'sessions')).toBe(before);
  });

  it('a stale session token is refused and its readable flag cleared', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: 'rampart_session=forged; rampart_logged_in=1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
    expect(setCookie(res, 'rampart_logged_in')).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe('one-time codes', () => {
  let h: Harness;
  const secret = newTotpSecret();
  beforeAll(async () => {
    h = await startServer();
    await createUser(h.ctx, {
      username: 'otp-user',
      password: 'otp-user-password',
      role: 'user',
      totpSecret: secret,
    });
    await createUser(h.ctx, {
      username: 'no-secret',
      password: 'no-secret-password',
      role: 'user',
      otpRequired: true,
    });
  });
  afterAll(() => h.close());

  it('asks for the code (3), refuses a wrong one (2), accepts the right one once, and refuses its replay (2)', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    const need = await agent.login('otp-user', 'otp-user-password');
    expect(need.statusCode).toBe(401);
    expect(need.json().detail.code).toBe(3);
    const wrongPassword = await agent.login('otp-user', 'wrong-password', '123456');
    expect(wrongPassword.json().detail.code).toBe(1);
    const code = await totpCode(secret);
    const wrongCode = await agent.login(
      'otp-user',
      'otp-user-password',
      code === '000000' ? '111111' : '000000',
    );
    expect(wrongCode.json().detail.code).toBe(2);
    const ok = await agent.login('otp-user', 'otp-user-password', code);
    expect(ok.statusCode).toBe(200);
    expect(agent.jar.has('rampart_session')).toBe(true);
    const replay = await new Agent(h.app)
      .visit()
      .then(() => agent.login('otp-user', 'otp-user-password', code));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail.code).toBe(2);
  });

  it('asks for the code when changing the password of an account with a secret, and then changes it', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    const fields = {
      username: 'otp-user',
      password: 'otp-user-password',
      new_password: 'otp-user-password-2',
    };
    const need = await agent.form('/api/auth/change_password', fields);
    expect(need.statusCode).toBe(401);
    expect(need.json().detail.code).toBe(3);
    const wrong = await agent.form('/api/auth/change_password', { ...fields, otp: 'abcdef' });
    expect(wrong.json().detail.code).toBe(2);
    // The code of the next step: the current one was used by the login above and cannot be replayed.
    const next = await totpCode(secret, Math.floor(Date.now() / 1000) + 30);
    const ok = await agent.form('/api/auth/change_password', { ...fields, otp: next });
    expect(ok.statusCode).toBe(200);
  });

  it('says the secret is not configured (4) for an account that needs a code but has no secret', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    const res = await agent.login('no-secret', 'no-secret-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail.code).toBe(4);
  });
});

describe('lockout and rate limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
    await createUser(h.ctx, { username: 'victim', password: 'victim-password', role: 'user' });
  });
  afterAll(() => h.close());

  it('locks a name after the policy attempts, even for the right password, and the same for unknown names', async () => {
    const admin = await adminAgent(h);
    const policy = await admin.put('/api/config/lockout', {
      attempts: 3,
      window_seconds: 60,
      duration_seconds: 120,
    });
    expect(policy.statusCode).toBe(200);
    const agent = new Agent(h.app);
    await agent.visit();
    for (const name of ['victim', 'ghost']) {
      for (let i = 0; i < 3; i += 1)
        expect((await agent.login(name, 'bad-password')).json().detail.code).toBe(1);
      const locked = await agent.login(name, name === 'victim' ? 'victim-password' : 'bad-password');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ detail: 'Too many failed attempts; try again in 2 minutes' });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(100);
    }
    expect(count(h, 'sessions')).toBe(1);
  });

  it('unlocks after the duration, and forgets failures older than the window', async () => {
    const realNow = h.ctx.now;
    let offset = 0;
    h.ctx.now = () => realNow() + offset;
    // The attempt counters read the wall clock themselves.
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    try {
      const agent = new Agent(h.app);
      await agent.visit();
      // Still locked from the previous test (3 attempts, 60 s window, 120 s lock).
      expect((await agent.login('victim', 'victim-password')).statusCode).toBe(429);
      offset = 121_000;
      expect((await agent.login('victim', 'victim-password')).statusCode).toBe(200);
      // Two failures, then the window passes: two more do not lock.
      await agent.login('victim', 'bad-password');
      await agent.login('victim', 'bad-password');
      offset += 61_000;
      await agent.login('victim', 'bad-password');
      await agent.login('victim', 'bad-password');
      expect((await agent.login('victim', 'victim-password')).statusCode).toBe(200);
      // A success clears the count.
      expect(
        h.ctx.db
          .prepare("SELECT COUNT(*) AS n FROM login_attempts WHERE key = 'pair:victim@127.0.0.1'")
          .get(),
      ).toEqual({ n: 0 });
    } finally {
      h.ctx.now = realNow;
      clock.mockRestore();
    }
  });

  it('ends a session after its lifetime', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    await agent.login('victim', 'victim-password');
    expect((await agent.get('/api/users/me')).statusCode).toBe(200);
    const realNow = h.ctx.now;
    h.ctx.now = () => realNow() + 8 * 3600 * 1000 + 1;
    try {
      expect((await agent.get('/api/users/me')).statusCode).toBe(401);
    } finally {
      h.ctx.now = realNow;
    }
  });

  it('rate-limits login attempts per address', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1)
      statuses.push((await agent.form('/api/auth/login', { password: 'x' })).statusCode);
    expect(statuses).toContain(429);
    const limited = await agent.form('/api/auth/login', { password: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Too many attempts from this address/);
  });
});

describe('lockout under parallel guessing', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
    await createUser(h.ctx, { username: 'target', password: 'target-password', role: 'user' });
    writePolicy(h.ctx.db, { attempts: 3, window_seconds: 60, duration_seconds: 60 });
  });
  afterAll(() => h.close());

  it('lets exactly the policy attempts through when guesses arrive at once', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => agent.login('target', `guess-${i}`)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('does not count a right password whose one-time code is still to come, even on the last attempt', async () => {
    const secret = newTotpSecret();
    await createUser(h.ctx, {
      username: 'two-factor',
      password: 'two-factor-password',
      role: 'user',
      totpSecret: secret,
    });
    const agent = new Agent(h.app);
    await agent.visit();
    await agent.login('two-factor', 'wrong-1');
    await agent.login('two-factor', 'wrong-2');
    // The third attempt would lock, but the password is right: it only asks for the code.
    expect((await agent.login('two-factor', 'two-factor-password')).json().detail.code).toBe(3);
    expect((await agent.login('two-factor', 'two-factor-password')).json().detail.code).toBe(3);
    expect((await agent.login('two-factor', 'two-factor-password', await totpCode(secret))).statusCode).toBe(
      200,
    );
    expect(
      h.ctx.db
        .prepare("SELECT COUNT(*) AS n FROM login_attempts WHERE key = 'pair:two-factor@127.0.0.1'")
        .get(),
    ).toEqual({ n: 0 });
  });
});

describe('cookies behind HTTPS and bearer mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer({ config: { publicUrl: 'https://console.example', bearerMode: true } });
    await createUser(h.ctx, { username: 'api-user', password: 'api-user-password', role: 'user' });
  });
  afterAll(() => h.close());

  it('issues a Secure bearer cookie for an hour and accepts the token as Authorization', async () => {
    const agent = new Agent(h.app);
    const visit = await agent.visit();
    // Over HTTPS the token is a __Host- cookie: Secure, Path=/, no Domain, so a sibling subdomain cannot plant it.
    expect(setCookie(visit, '__Host-XSRF-TOKEN')).toMatch(
      /^__Host-XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Lax; Secure$/,
    );
    expect(setCookie(visit, 'XSRF-TOKEN')).toBeUndefined();
    const res = await agent.login('api-user', 'api-user-password');
    expect(res.statusCode).toBe(200);
    const token = res.json().data.access_token as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(setCookie(res, 'auth-bearer')).toMatch(/Max-Age=3600.*Secure/);
    expect(setCookie(res, 'auth-bearer')).not.toMatch(/HttpOnly/);
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().username).toBe('api-user');
  });

  it.each([
    ['a planted XSRF-TOKEN echoed in the header', 'XSRF-TOKEN=planted-by-a-sibling', 'cookie is missing'],
    [
      'a planted XSRF-TOKEN beside the real cookie',
      'XSRF-TOKEN=planted-by-a-sibling; __Host-XSRF-TOKEN=the-real-token',
      'does not match',
    ],
  ])('refuses %s (cookie tossing) with 403', async (_name, cookie, detail) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'username=api-user&password=api-user-password',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie,
        'x-xsrf-token': 'planted-by-a-sibling',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain(detail);
    expect(setCookie(res, 'rampart_session')).toBeUndefined();
  });
});

describe('first access keeps the page asked for', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
  });
  afterAll(() => h.close());

  it('first access keeps the page asked for: return_to travels login → change password → login', async () => {
    await createUser(h.ctx, {
      username: 'first-comer',
      password: 'first-comer-password',
      role: 'user',
      mustChangePassword: true,
    });
    const agent = new Agent(h.app);
    await agent.visit();
    const first = await agent.form('/api/auth/login?return_to=%2Fdns%2Fproxy%3Ftab%3D2', {
      username: 'first-comer',
      password: 'first-comer-password',
    });
    expect(first.json()).toEqual({
      data: {
        redirect_uri: '/change-password?notice=first_access_change&return_to=%2Fdns%2Fproxy%3Ftab%3D2',
      },
    });
    const changed = await agent.form('/api/auth/change_password?return_to=%2Fdns%2Fproxy%3Ftab%3D2', {
      username: 'first-comer',
      password: 'first-comer-password',
      new_password: 'first-comer-new-password',
    });
    expect(changed.json()).toEqual({
      data: { redirect_uri: '/account/login?notice=password_changed&return_to=%2Fdns%2Fproxy%3Ftab%3D2' },
    });
    const login = await agent.form('/api/auth/login?return_to=%2Fdns%2Fproxy%3Ftab%3D2', {
      username: 'first-comer',
      password: 'first-comer-new-password',
    });
    expect(login.json()).toEqual({ data: { redirect_uri: '/dns/proxy?tab=2' } });
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example'])(
    'first access drops a foreign return_to %s',
    async (target) => {
      const name = `first-${Math.random().toString(36).slice(2, 8)}`;
      await createUser(h.ctx, {
        username: name,
        password: 'first-comer-password',
        role: 'user',
        mustChangePassword: true,
      });
      const agent = new Agent(h.app);
      await agent.visit();
      const first = await agent.form(`/api/auth/login?return_to=${encodeURIComponent(target)}`, {
        username: name,
        password: 'first-comer-password',
      });
      expect(first.json()).toEqual({ data: { redirect_uri: '/change-password?notice=first_access_change' } });
    },
  );
});
