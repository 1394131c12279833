/**
 * The sign-up policy the appliance writes into the data directory (identity-registration.json), enforced by the
 * identity service: closed sign-up refuses every registration flow with Kratos' `self_service_flow_disabled`, a
 * domain allow-list refuses other addresses on `traits.email` (password) or on the flow (OpenID first sign-in), and
 * an OpenID user who already has an account still signs in. A new case is one table row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { signIn, startOidcProvider, type OidcAccount, type OidcProvider } from '../support/oidc';
import { BASE, Client, messageIds, node, ORIGIN, PASSWORD, startHarness, type Harness } from './support';

const SECRET = 'signup-policy-client-secret';
const CALLBACK = `${BASE}/self-service/methods/oidc/callback/corp`;
const account = (sub: string, email: string): OidcAccount => ({
  sub,
  password: `${sub}-oidc-secret`,
  email,
  email_verified: true,
});
const INSIDE = account('inside', 'inside@corp.example');
const OUTSIDE = account('outside', 'outside@elsewhere.example');
const NEWCOMER = account('newcomer', 'newcomer@corp.example');
const EARLY = account('early', 'early@elsewhere.example');

let op: OidcProvider;
let h: Harness;
let ipCounter = 0;
/** Each client its own address, so the per-address sign-up limits never interfere between rows. */
const client = () => new Client(h.app, `198.51.100.${++ipCounter}`);

beforeAll(async () => {
  op = await startOidcProvider({
    clients: [{ client_id: 'rampart-identity', client_secret: SECRET, redirect_uris: [CALLBACK] }],
    accounts: [INSIDE, OUTSIDE, NEWCOMER, EARLY],
  });
  h = await startHarness({
    providers: {
      providers: [
        {
          id: 'corp',
          label: 'Corp SSO',
          issuer_url: op.issuer,
          client_id: 'rampart-identity',
          client_secret: SECRET,
        },
      ],
    },
  });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await op?.stop();
});

const policyFile = () => path.join(h.dataDir, 'identity-registration.json');
/** Writes the file as the appliance does (a new file renamed over the old one). */
function setPolicy(policy: unknown | null) {
  if (policy === null) return fs.rmSync(policyFile(), { force: true });
  const tmp = `${policyFile()}.tmp`;
  fs.writeFileSync(tmp, typeof policy === 'string' ? policy : JSON.stringify(policy));
  fs.renameSync(tmp, policyFile());
}
afterEach(() => setPolicy(null));

const identityCount = () => h.sql<{ n: number }>('SELECT COUNT(*) AS n FROM identities')[0].n;

const DISABLED = {
  id: 'self_service_flow_disabled',
  code: 400,
  status: 'Bad Request',
  message: 'registration flow disabled',
  reason: 'Registration is not allowed because it was disabled.',
};

describe('closed sign-up', () => {
  it('refuses to create a registration flow with the Kratos error, JSON and browser', async () => {
    setPolicy({ mode: 'closed', allowed_domains: [] });
    const c = client();
    for (const suffix of ['', '/']) {
      const json = await c.get(`/identity/self-service/registration/browser${suffix}`);
      expect(json.status).toBe(400);
      expect(json.json.error).toMatchObject(DISABLED);
    }
    // A plain browser lands on the error page, which reads the same error back.
    const browser = await c.get('/identity/self-service/registration/browser', false);
    expect(browser.status).toBe(303);
    const errorId = new URL(browser.location!).searchParams.get('id');
    expect(browser.location).toMatch(`${ORIGIN}/error/?id=`);
    const stored = await c.get(`/identity/self-service/errors?id=${errorId}`);
    expect(stored.json.error).toMatchObject({ id: 'self_service_flow_disabled' });
    // The native-app endpoint is not offered by this service at all, open or closed.
    expect((await c.get('/identity/self-service/registration/api')).status).toBe(404);
  });

  it('refuses a flow made before sign-up closed: fetch and submit, password and provider', async () => {
    const c = client();
    const flow = await c.init('registration');
    expect(flow.status).toBe(200);
    setPolicy({ mode: 'closed', allowed_domains: ['corp.example'] });
    const before = identityCount();
    const fetched = await c.get(`/identity/self-service/registration/flows?id=${flow.json.id}`);
    expect(fetched.status).toBe(400);
    expect(fetched.json.error).toMatchObject(DISABLED);
    for (const fields of [
      { method: 'password', 'traits.email': 'late@corp.example', password: PASSWORD },
      { method: 'oidc', provider: 'corp' },
    ]) {
      const res = await c.submit(flow.json, fields);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject(DISABLED);
    }
    expect(identityCount()).toBe(before);
  });

  it('an OpenID first sign-in registers nobody: the login flow says sign-up is closed', async () => {
    const c = client();
    // Started while open (from the sign-up page), finished after sign-up closed.
    const flow = await c.init('registration');
    const started = await c.submit(flow.json, { method: 'oidc', provider: 'corp' });
    expect(started.json.error.id).toBe('browser_location_change_required');
    setPolicy({ mode: 'closed', allowed_domains: [] });
    const before = identityCount();
    const callback = await signIn(op.issuer, started.json.redirect_browser_to, EARLY.sub, EARLY.password);
    const done = await c.get(callback, false);
    expect(done.status).toBe(303);
    expect(done.location).toMatch(`${ORIGIN}/login/?flow=`);
    const landed = await c.get(
      `/identity/self-service/login/flows?id=${new URL(done.location!).searchParams.get('flow')}`,
    );
    expect(messageIds(landed.json)).toEqual([4000001]);
    expect(landed.json.ui.messages[0].text).toMatch(/sign-up is closed/);
    expect(identityCount()).toBe(before);
    expect((await c.get('/identity/sessions/whoami')).status).toBe(401);
  });

  it('still signs in an OpenID user who already has an account', async () => {
    const first = client();
    const login = await first.init('login');
    const started = await first.submit(login.json, { method: 'oidc', provider: 'corp' });
    await first.get(
      await signIn(op.issuer, started.json.redirect_browser_to, INSIDE.sub, INSIDE.password),
      false,
    );
    expect((await first.get('/identity/sessions/whoami')).status).toBe(200);

    setPolicy({ mode: 'closed', allowed_domains: [] });
    const again = client();
    const flow = await again.init('login');
    const res = await again.submit(flow.json, { method: 'oidc', provider: 'corp' });
    const done = await again.get(
      await signIn(op.issuer, res.json.redirect_browser_to, INSIDE.sub, INSIDE.password),
      false,
    );
    expect(done.location).toBe(`${ORIGIN}/`);
    expect((await again.get('/identity/sessions/whoami')).json.identity.traits.email).toBe(INSIDE.email);
  });
});

describe('policy file', () => {
  it.each([
    ['no file: open', null, 200],
    ['open', { mode: 'open', allowed_domains: [] }, 200],
    ['domains', { mode: 'domains', allowed_domains: ['corp.example'] }, 200],
    ['closed', { mode: 'closed', allowed_domains: [] }, 400],
    ['not JSON: closed', '{mode: open', 400],
    ['unknown mode: closed', { mode: 'sometimes', allowed_domains: [] }, 400],
    ['bad entry: closed', { mode: 'domains', allowed_domains: ['not a domain'] }, 400],
    ['domains without any: closed', { mode: 'domains', allowed_domains: [] }, 400],
  ])('%s', async (_name, policy, status) => {
    setPolicy(policy);
    expect((await client().init('registration')).status).toBe(status);
  });
});

describe('domain allow-list', () => {
  const ALLOWED = ['corp.example', '*.lab.example', 'bücher.example', 'xn--caf-dma.example'];

  // [address, signs up]
  it.each([
    ['ann@corp.example', true],
    ['Ben@CORP.Example', true],
    ['cat@corp.example.', true],
    ['dan@sub.corp.example', false],
    ['eve@evilcorp.example', false],
    ['fay@corp.example.evil.test', false],
    ['gus@corp-example.test', false],
    ['hal@x.lab.example', true],
    ['ida@deep.x.lab.example', true],
    ['jo@lab.example', false],
    ['kim@xn--bcher-kva.example', true],
    ['lou@BÜCHER.example', true],
    ['max@café.example', true],
    ['ned@ｃｏｒｐ.example', false],
    ['oz@corp.example@elsewhere.test', false],
    ['pat@cоrp.example', false], // Cyrillic "о"
  ])('%s → %s', async (email, allowed) => {
    setPolicy({ mode: 'domains', allowed_domains: ALLOWED });
    const c = client();
    const flow = await c.init('registration');
    const res = await c.submit(flow.json, { method: 'password', 'traits.email': email, password: PASSWORD });
    if (allowed) {
      expect(res.status).toBe(200);
      expect(res.json.identity.traits.email).toBe(email);
    } else {
      expect(res.status).toBe(400);
      const messages = node(res.json, 'traits.email').messages;
      expect(messages.map((m: { id: number }) => m.id)).toEqual([4000001]);
      expect(messages[0].text).toMatch(/^Sign-up is not open to addresses at /);
      expect(h.sql('SELECT id FROM identities WHERE traits LIKE ?', `%${email}%`)).toEqual([]);
    }
  });

  // [provider user, registers]
  it.each([
    [OUTSIDE.email, false, OUTSIDE],
    [NEWCOMER.email, true, NEWCOMER],
  ])('OpenID first sign-in of %s → registers: %s', async (_email, registers, user) => {
    setPolicy({ mode: 'domains', allowed_domains: ['corp.example'] });
    const c = client();
    const flow = await c.init('login');
    const started = await c.submit(flow.json, { method: 'oidc', provider: 'corp' });
    const done = await c.get(
      await signIn(op.issuer, started.json.redirect_browser_to, user.sub, user.password),
      false,
    );
    const who = await c.get('/identity/sessions/whoami');
    if (registers) {
      expect(done.location).toBe(`${ORIGIN}/`);
      expect(who.json.identity.traits.email).toBe(user.email);
    } else {
      expect(done.location).toMatch(`${ORIGIN}/login/?flow=`);
      const landed = await c.get(
        `/identity/self-service/login/flows?id=${new URL(done.location!).searchParams.get('flow')}`,
      );
      expect(landed.json.ui.messages[0].text).toBe(
        'Sign-up is not open to addresses at elsewhere.example. Use an address of your organisation.',
      );
      expect(who.status).toBe(401);
      expect(h.sql('SELECT id FROM identities WHERE traits LIKE ?', `%${user.email}%`)).toEqual([]);
    }
  });
});
