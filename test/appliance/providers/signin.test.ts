/**
 * Console sign-in through providers, against real servers: the console service's LDAP directory (slapd) for the
 * password login, and the OpenID provider (oidc-provider) for the authorisation-code flow behind the login buttons.
 */
import { Agent, adminAgent, startServer, type Harness } from '../support/harness';
import { ldapProviderBody, READER_PASSWORD, startSlapd, type Slapd } from '../../support/slapd';
import { ALICE, signIn, startOidcProvider, type OidcProvider } from '../../support/oidc';

const PUBLIC_URL = 'http://127.0.0.1:41555';
const CLIENT_SECRET = 'console-client-secret-0123456789';

let slapd: Slapd;
let op: OidcProvider;
let h: Harness;
let admin: Agent;

beforeAll(async () => {
  [slapd, op] = await Promise.all([
    startSlapd(),
    startOidcProvider({
      clients: [
        {
          client_id: 'rampart',
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${PUBLIC_URL}/api/auth/oidc/2/callback`],
        },
      ],
      accounts: [
        ALICE,
        {
          sub: 'carol-sub',
          password: 'carol-pw',
          preferred_username: 'carol',
          email: 'carol@oidc.test',
          email_verified: false,
          groups: [],
        },
      ],
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([slapd?.stop(), op?.stop()]);
});
beforeEach(async () => {
  h = await startServer({ config: { publicUrl: PUBLIC_URL } });
  admin = await adminAgent(h);
});
afterEach(() => h.close());

async function addLdap(over: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.post('/api/authentication/providers', ldapProviderBody(slapd, over));
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function addOidc(): Promise<number> {
  const res = await admin.post('/api/authentication/providers', {
    name: 'Company SSO',
    type: 'oidc',
    enabled: true,
    oidc: {
      issuer: op.issuer,
      client_id: 'rampart',
      client_secret: CLIENT_SECRET,
      scopes: ['openid', 'email', 'profile', 'groups'],
      username_claim: 'preferred_username',
      email_claim: 'email',
      name_claim: 'name',
      groups_claim: 'groups',
      admin_group: 'admins',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const useForConsole = async (ids: number[]) =>
  expect((await admin.put('/api/authentication/services/console', { provider_ids: ids })).statusCode).toBe(
    200,
  );

async function freshAgent(): Promise<Agent> {
  const agent = new Agent(h.app);
  await agent.visit();
  return agent;
}

describe('password sign-in through the directory', () => {
  it('signs directory users in with their directory password, role from the admin group', async () => {
    await useForConsole([1, await addLdap()]);
    const alice = await freshAgent();
    expect((await alice.login('alice', 'alice-secret')).statusCode).toBe(200);
    expect((await alice.get('/api/users/me')).json()).toMatchObject({ username: 'alice', role: 'admin' });
    const bob = await freshAgent();
    expect((await bob.login('bob', 'bob-secret')).statusCode).toBe(200);
    expect((await bob.get('/api/users/me')).json()).toMatchObject({ username: 'bob', role: 'user' });
    const users = (await admin.get('/api/users')).json().data;
    expect(users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          username: 'alice',
          email: 'alice@rampart.test',
          full_name: 'Alice Liddell',
        }),
      ]),
    );
    // The account's random local password is never a way in, and a wrong directory password fails like any other.
    const wrong = await (await freshAgent()).login('alice', 'not-her-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail.code).toBe(1);
    // The local admin still signs in.
    expect((await adminAgent(h)).jar.has('rampart_session')).toBe(true);
  });

  it('is not asked when the console does not use it', async () => {
    await addLdap();
    const res = await (await freshAgent()).login('alice', 'alice-secret');
    expect(res.statusCode).toBe(401);
  });

  it('asks the next provider while a directory is down, and refuses take-over of a local name', async () => {
    const down = await addLdap({ url: 'ldap://127.0.0.1:1' });
    const res = await admin.post('/api/authentication/providers', {
      name: 'Directory 2',
      type: 'ldap',
      enabled: true,
      ldap: {
        ...(await admin.get(`/api/authentication/providers/${down}`)).json().ldap,
        url: slapd.url,
        bind_password: READER_PASSWORD,
        has_bind_password: undefined,
      },
    });
    expect(res.statusCode).toBe(201);
    await useForConsole([down, res.json().id, 1]);
    expect((await (await freshAgent()).login('bob', 'bob-secret')).statusCode).toBe(200);
    // A local account named like a directory user, before the directory in order: local decides.
    await admin.post('/api/users', { username: 'alice', role: 'user' });
    await useForConsole([1, res.json().id]);
    expect((await (await freshAgent()).login('alice', 'alice-secret')).statusCode).toBe(401);
    // Directory first: it knows alice, but the unlinked local "alice" is not taken over.
    await useForConsole([res.json().id, 1]);
    expect((await (await freshAgent()).login('alice', 'alice-secret')).statusCode).toBe(401);
  });
});

describe('OpenID Connect sign-in behind the login buttons', () => {
  /** start → provider (login form, consent) → callback; returns the callback's answer. */
  async function flow(
    agent: Agent,
    id: number,
    login = 'alice',
    password = ALICE.password,
    returnTo = '/logs/overview',
  ) {
    const start = await agent.get(`/api/auth/oidc/${id}/start?return_to=${encodeURIComponent(returnTo)}`);
    expect(start.statusCode).toBe(303);
    const back = await signIn(op.issuer, start.headers.location as string, login, password);
    expect(back.startsWith(`${PUBLIC_URL}/api/auth/oidc/${id}/callback?`)).toBe(true);
    return agent.get(back.slice(PUBLIC_URL.length));
  }

  it('lists the provider on /setup only when the console uses it', async () => {
    const id = await addOidc();
    const methods = async () => (await admin.get('/api/auth/setup')).json().login_methods;
    expect(await methods()).toEqual([{ type: 'form_login' }]);
    await useForConsole([1, id]);
    expect(await methods()).toEqual([
      { type: 'form_login' },
      { type: 'oauth', provider: 'Company SSO', login_url: `/api/auth/oidc/${id}/start` },
    ]);
  });

  it('completes with PKCE, creates the account from the claims and lands signed in where asked', async () => {
    const id = await addOidc();
    await useForConsole([1, id]);
    const agent = await freshAgent();
    const start = await agent.get(`/api/auth/oidc/${id}/start`);
    const authUrl = new URL(start.headers.location as string);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    const done = await flow(agent, id);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/logs/overview');
    expect((await agent.get('/api/users/me')).json()).toMatchObject({ username: 'alice', role: 'admin' });
    const detail = (await admin.get('/api/users'))
      .json()
      .data.find((u: { username: string }) => u.username === 'alice');
    expect(detail).toMatchObject({ email: 'alice@oidc.test', full_name: 'Alice Liddell' });
    // A second sign-in reuses the linked account.
    const again = await flow(await freshAgent(), id);
    expect(again.headers.location).toBe('/logs/overview');
    expect(
      (await admin.get('/api/users')).json().data.filter((u: { username: string }) => u.username === 'alice'),
    ).toHaveLength(1);
  });

  it('links an existing account by verified e-mail, never by an unverified one or by name', async () => {
    const id = await addOidc();
    await useForConsole([1, id]);
    const existing = (
      await admin.post('/api/users', { username: 'a.liddell', email: 'alice@oidc.test', role: 'user' })
    ).json();
    const agent = await freshAgent();
    expect((await flow(agent, id)).headers.location).toBe('/logs/overview');
    expect((await agent.get('/api/users/me')).json().username).toBe('a.liddell');
    expect((await admin.get(`/api/users/${existing.id}`)).json().role).toBe('user');
    // carol's e-mail is unverified and a local "carol" exists: refused.
    await admin.post('/api/users', { username: 'carol', email: 'carol@oidc.test', role: 'user' });
    const refused = await flow(await freshAgent(), id, 'carol-sub', 'carol-pw');
    expect(refused.headers.location).toBe('/account/login?error=provider_sign_in_failed');
  });

  it('refuses a callback from another browser, a replayed state and an open redirect', async () => {
    const id = await addOidc();
    await useForConsole([1, id]);
    const agent = await freshAgent();
    const start = await agent.get(
      `/api/auth/oidc/${id}/start?return_to=${encodeURIComponent('https://evil.example/')}`,
    );
    const back = await signIn(op.issuer, start.headers.location as string, 'alice', ALICE.password);
    const path = back.slice(PUBLIC_URL.length);
    const stranger = await freshAgent();
    const cross = await stranger.get(path);
    expect(cross.headers.location).toBe('/account/login?error=provider_sign_in_failed');
    expect(stranger.jar.has('rampart_session')).toBe(false);
    const own = await agent.get(path);
    expect(own.headers.location).toBe('/');
    const cookie = `rampart_oidc_state=${new URL(back).searchParams.get('state')}`;
    const replay = await new Agent(h.app).get(path, { cookie });
    expect(replay.headers.location).toBe('/account/login?error=provider_sign_in_failed');
  });

  it('does not start for a provider the console does not use', async () => {
    const id = await addOidc();
    const res = await (await freshAgent()).get(`/api/auth/oidc/${id}/start`);
    expect(res.headers.location).toBe('/account/login?error=provider_sign_in_failed');
  });
});
