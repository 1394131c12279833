import { createActor, toPromise } from 'xstate';
import { createApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { bearerCookie, localAuthCode, parseSetup } from '../../src/identity/localAuth';
import { createLocalAuthActors } from '../../src/identity/localAuth.actors';

const apiError = (status: number, data?: unknown) =>
  new ApiError({
    kind: status < 500 ? 'bad_request' : 'bad_response',
    status,
    data,
    message: 'x',
    url: '/',
    method: 'POST',
  });

describe('login setup', () => {
  it('reads methods, offline flag and custom look', () => {
    expect(
      parseSetup({
        login_methods: [
          { type: 'form_login' },
          { type: 'oauth', provider: 'github', login_url: '/api/auth/oauth/github' },
          { type: 'otp_login' },
          { type: 'bogus' },
          { type: 'oauth', provider: 'x' },
        ],
        isOffline: true,
        login_logo: '/api/config/login_logo',
        login_background: '',
        login_title: 'ACME',
        signup: 'closed',
      }),
    ).toEqual({
      loginMethods: [
        { type: 'form_login' },
        { type: 'oauth', provider: 'github', login_url: '/api/auth/oauth/github' },
        { type: 'otp_login' },
      ],
      isOffline: true,
      logo: '/api/config/login_logo',
      background: null,
      title: 'ACME',
      signup: 'closed',
    });
  });
  it.each([
    ['open', 'open'],
    ['domains', 'domains'],
    ['closed', 'closed'],
    ['shut', 'open'],
    [undefined, 'open'],
  ])('reads sign-up %j as %j', (signup, mode) => {
    expect(parseSetup({ signup }).signup).toBe(mode);
  });
  it.each([null, 'text', [], { login_methods: 'x', isOffline: 'yes' }])(
    'falls back to the form login for %j',
    (raw) => {
      expect(parseSetup(raw)).toEqual({
        loginMethods: [{ type: 'form_login' }],
        isOffline: false,
        logo: null,
        background: null,
        title: null,
        signup: 'open',
      });
    },
  );
});

describe('401 codes (§8)', () => {
  it.each([
    [apiError(401, { detail: { code: 3 } }), 3],
    [apiError(401, { detail: { code: '2' } }), 2],
    [apiError(401, { detail: 'Unauthorized' }), 0],
    [apiError(401), 0],
    [apiError(403, { detail: { code: 3 } }), null],
    [new Error('x'), null],
  ])('%#', (error, code) => expect(localAuthCode(error)).toBe(code));
});

describe('local auth actors over the app client', () => {
  function setup(
    response: { status: number; body: unknown },
    endpoints = {
      authBase: '/api/auth',
      authLoginPath: '/login',
      authChangePasswordPath: '/change_password',
    },
    returnTo?: string,
  ) {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetchFn = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(response.body), {
        status: response.status,
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    const api = createApiClient({
      fetch: fetchFn,
      origin: 'https://console.example',
      readCookie: (n) => (n === 'XSRF-TOKEN' ? 'xsrf-1' : undefined),
    });
    const actors = createLocalAuthActors(api, endpoints, returnTo);
    return { calls, actors };
  }

  it('posts the login form-encoded with the XSRF header, once, and reads redirect_uri and access_token', async () => {
    const { calls, actors } = setup({
      status: 200,
      body: { data: { redirect_uri: '/dns/proxy' }, access_token: 'tok' },
    });
    const out = await toPromise(
      createActor(actors.login, { input: { username: 'ann', password: 'p&w', otp: '' } }).start(),
    );
    expect(out).toEqual({ redirectUri: '/dns/proxy', accessToken: 'tok' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://console.example/api/auth/login');
    expect(String(calls[0].init.body)).toBe('username=ann&password=p%26w');
    const headers = calls[0].init.headers as Headers;
    expect(headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
  });

  it('sends the code and the new password on change', async () => {
    const { calls, actors } = setup({ status: 200, body: { data: {} } });
    await toPromise(
      createActor(actors.changePassword, {
        input: { username: 'ann', password: 'old', newPassword: 'new', otp: '123456' },
      }).start(),
    );
    expect(calls[0].url).toBe('https://console.example/api/auth/change_password');
    expect(String(calls[0].init.body)).toBe('username=ann&password=old&new_password=new&otp=123456');
  });

  it('does not retry a failed login (a retry would count twice against the lockout)', async () => {
    const { calls, actors } = setup({ status: 503, body: { detail: 'busy' } });
    await expect(
      toPromise(createActor(actors.login, { input: { username: 'a', password: 'b', otp: '' } }).start()),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it('ends a local login with one form post to {authBase}/logout and reads the login page to go to', async () => {
    const { calls, actors } = setup({ status: 200, body: { data: { redirect_uri: '/account/login' } } });
    const out = await toPromise(createActor(actors.localLogout).start());
    expect(out).toEqual({ redirectUri: '/account/login', accessToken: null });
    expect(calls.map((c) => [c.url, c.init.method])).toEqual([
      ['https://console.example/api/auth/logout', 'POST'],
    ]);
    expect((calls[0].init.headers as Headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
  });

  it('calls the configured auth base, login and change-password paths, with the page asked for', async () => {
    const { calls, actors } = setup(
      { status: 200, body: { data: { redirect_uri: '/dns' } } },
      { authBase: '/auth', authLoginPath: '/signin', authChangePasswordPath: '/password/change' },
      '/dns',
    );
    await toPromise(createActor(actors.loadSetup).start());
    await toPromise(
      createActor(actors.login, { input: { username: 'ann', password: 'pw', otp: '123456' } }).start(),
    );
    await toPromise(
      createActor(actors.changePassword, {
        input: { username: 'ann', password: 'old', newPassword: 'new', otp: '' },
      }).start(),
    );
    await toPromise(createActor(actors.localLogout).start());
    expect(calls.map((c) => [c.init.method, c.url, String(c.init.body ?? '')])).toEqual([
      ['GET', 'https://console.example/auth/setup', ''],
      ['POST', 'https://console.example/auth/signin?return_to=%2Fdns', 'username=ann&password=pw&otp=123456'],
      [
        'POST',
        'https://console.example/auth/password/change?return_to=%2Fdns',
        'username=ann&password=old&new_password=new',
      ],
      ['POST', 'https://console.example/auth/logout', ''],
    ]);
  });

  it('loads the setup', async () => {
    const { calls, actors } = setup({
      status: 200,
      body: { login_methods: [{ type: 'form_login' }], isOffline: true },
    });
    const out = await toPromise(createActor(actors.loadSetup).start());
    expect(calls[0].url).toBe('https://console.example/api/auth/setup');
    expect(out.isOffline).toBe(true);
  });
});

describe('bearer cookie (§7, §9)', () => {
  it('lasts one hour and is secure on https', () => {
    expect(bearerCookie('a b', true)).toBe('auth-bearer=a%20b; Max-Age=3600; Path=/; SameSite=Lax; Secure');
    expect(bearerCookie('t', false)).toBe('auth-bearer=t; Max-Age=3600; Path=/; SameSite=Lax');
  });
});
