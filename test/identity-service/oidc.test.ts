/**
 * Kratos' `oidc` method against a real local OpenID provider (oidc-provider): registration on first sign-in, sign-in
 * by link, linking by verified e-mail (and not without it), the missing e-mail trait, and every failure landing back
 * on a flow with a message: provider error, bad or replayed state, refused code, unreachable provider, unknown id.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ALICE, signIn, startOidcProvider, type OidcAccount, type OidcProvider } from '../support/oidc';
import { freePort } from '../support/slapd';
import {
  BASE,
  Client,
  logIn,
  messageIds,
  node,
  ORIGIN,
  signUpVerified,
  startHarness,
  startMailBox,
  type Harness,
  type MailBox,
} from './support';

const SECRET = 'corp-client-secret-never-logged';
const CALLBACK = `${BASE}/self-service/methods/oidc/callback/corp`;
const BOB: OidcAccount = {
  sub: 'bob',
  password: 'bob-oidc-secret',
  email: 'bob@oidc.test',
  email_verified: false,
};
const CAROL: OidcAccount = { sub: 'carol', password: 'carol-oidc-secret' };
const LINKED: OidcAccount = {
  sub: 'linked',
  password: 'linked-oidc-secret',
  email: 'linked@oidc.test',
  email_verified: true,
};
const ERIN: OidcAccount = {
  sub: 'erin',
  password: 'erin-oidc-secret',
  email: 'erin-elsewhere@oidc.test',
  email_verified: true,
};
const DAVE: OidcAccount = {
  sub: 'dave',
  password: 'dave-oidc-secret',
  email: 'dave@oidc.test',
  email_verified: false,
};

let op: OidcProvider;
let h: Harness;
let mailbox: MailBox;

beforeAll(async () => {
  op = await startOidcProvider({
    clients: [{ client_id: 'rampart-identity', client_secret: SECRET, redirect_uris: [CALLBACK] }],
    accounts: [ALICE, BOB, CAROL, DAVE, LINKED, ERIN],
  });
  mailbox = await startMailBox();
  h = await startHarness({
    smtpUrl: mailbox.url,
    providers: {
      providers: [
        {
          id: 'corp',
          label: 'Corp SSO',
          issuer_url: op.issuer,
          client_id: 'rampart-identity',
          client_secret: SECRET,
        },
        // Refused (http off loopback): logged and left out, the others still apply.
        { id: 'bad', issuer_url: 'http://sso.example', client_id: 'x', client_secret: SECRET },
      ],
    },
  });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await mailbox?.close();
  await op?.stop();
});

const identities = () => h.sql<{ id: string; traits: string }>('SELECT id, traits FROM identities');

/** Starts a provider sign-in on a new flow of `kind` (JSON, as the account screens do); returns the provider URL. */
async function start(c: Client, kind = 'login', query = '') {
  const flow = await c.init(kind, query);
  expect(flow.status).toBe(200);
  const res = await c.submit(flow.json, { method: 'oidc', provider: 'corp' });
  expect(res.status).toBe(422);
  expect(res.json.error.id).toBe('browser_location_change_required');
  return { flow: flow.json, authUrl: res.json.redirect_browser_to as string };
}

/** The whole round: start, sign in at the provider, come back (as a browser). */
async function providerSignIn(c: Client, account: OidcAccount, kind = 'login', query = '') {
  const { flow, authUrl } = await start(c, kind, query);
  const callback = await signIn(op.issuer, authUrl, account.sub, account.password);
  const done = await c.get(callback, false);
  return { flow, authUrl, callback, done };
}

/** The flow a failed callback sent the browser to (UI page `?flow=`), read back as the account screens do. */
async function landedFlow(c: Client, location: string | undefined) {
  expect(location).toMatch(/^http:\/\/127\.0\.0\.1:8080\/(login|signup)\/\?flow=/);
  const url = new URL(location!);
  const kind = url.pathname === '/signup/' ? 'registration' : 'login';
  const flow = await c.get(`/identity/self-service/${kind}/flows?id=${url.searchParams.get('flow')}`);
  expect(flow.status).toBe(200);
  return flow.json;
}

it('offers the configured provider only, with the catalogue labels, and leaves the bad entry out', async () => {
  const c = new Client(h.app);
  const login = await c.init('login');
  const nodes = login.json.ui.nodes.filter((n: { group: string }) => n.group === 'oidc');
  expect(nodes).toHaveLength(1);
  expect(nodes[0].attributes).toMatchObject({ name: 'provider', type: 'submit', value: 'corp' });
  expect(nodes[0].meta.label).toEqual({
    id: 1010002,
    text: 'Sign in with Corp SSO',
    type: 'info',
    context: { provider: 'Corp SSO' },
  });
  const reg = await c.init('registration');
  expect(node(reg.json, 'provider', 'corp').meta.label).toMatchObject({
    id: 1040002,
    text: 'Sign up with Corp SSO',
  });
  // Chromium checks form-action against the redirect of the button's post: the provider's origin is allowed.
  const csp = String(login.headers['content-security-policy']);
  expect(csp).toMatch(new RegExp(`form-action 'self' ${op.issuer}(;|$)`));
  const logs = h.logLines.join('');
  expect(logs).toContain('identity providers: entry ignored');
  expect(logs).not.toContain(SECRET);
});

it('offers a provider added to the file while running at the next flow, and drops a removed one', async () => {
  const file = path.join(h.dataDir, 'identity-providers.json');
  const before = fs.readFileSync(file, 'utf8');
  const offered = async () =>
    (
      (await new Client(h.app).init('login')).json.ui.nodes as Array<{
        group: string;
        attributes: { value: string };
      }>
    )
      .filter((n) => n.group === 'oidc')
      .map((n) => n.attributes.value);
  try {
    const extra = {
      id: 'partner',
      label: 'Partner SSO',
      issuer_url: op.issuer,
      client_id: 'p',
      client_secret: 'p-secret',
    };
    const parsed = JSON.parse(before) as { providers: unknown[] };
    fs.writeFileSync(file, JSON.stringify({ providers: [...parsed.providers, extra] }));
    expect(await offered()).toEqual(['corp', 'partner']);
    fs.writeFileSync(file, JSON.stringify({ providers: [extra] }));
    expect(await offered()).toEqual(['partner']);
  } finally {
    fs.writeFileSync(file, before);
  }
  expect(await offered()).toEqual(['corp']);
});

it('sends a browser form post to the provider with PKCE S256, state and nonce, state bound by a cookie', async () => {
  const c = new Client(h.app);
  const flow = await c.init('login');
  const res = await c.submit(flow.json, { method: 'oidc', provider: 'corp' }, { form: true });
  expect(res.status).toBe(303);
  const url = new URL(res.location!);
  expect(url.origin + url.pathname).toBe(`${op.issuer}/auth`);
  expect(url.searchParams.get('client_id')).toBe('rampart-identity');
  expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
  expect(url.searchParams.get('scope')).toBe('openid email profile');
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(url.searchParams.get('nonce')).toBeTruthy();
  const state = url.searchParams.get('state')!;
  expect(state.startsWith(`${flow.json.id}.`)).toBe(true);
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] as string[])
    .find((l) => l.startsWith('ory_kratos_continuity='));
  expect(cookie).toContain(`ory_kratos_continuity=${state}`);
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/Path=\/identity\/self-service\/methods\/oidc\/callback\//);
  // Unknown provider ids are refused on the flow.
  const unknown = await c.submit(flow.json, { method: 'oidc', provider: 'bad' });
  expect(unknown.status).toBe(400);
  expect(messageIds(unknown.json)).toEqual([4010002]);
});

it('registers on the first sign-in, signs in by the link on the next, and honours return_to', async () => {
  const first = new Client(h.app);
  const { done } = await providerSignIn(first, ALICE, 'login', 'return_to=/network/overview');
  expect(done.status).toBe(303);
  expect(done.location).toBe(`${ORIGIN}/network/overview`);
  const who = await first.get('/identity/sessions/whoami');
  expect(who.status).toBe(200);
  expect(who.json.identity.traits).toEqual({ email: 'alice@oidc.test' });
  expect(who.json.identity.verifiable_addresses[0]).toMatchObject({
    value: 'alice@oidc.test',
    verified: true,
  });
  expect(who.json.authenticator_assurance_level).toBe('aal1');
  expect(who.json.authentication_methods).toEqual([
    expect.objectContaining({ method: 'oidc', provider: 'corp', aal: 'aal1' }),
  ]);
  const aliceId = who.json.identity.id as string;
  expect(h.sql('SELECT identity_id FROM credential_identifiers WHERE identifier = ?', 'corp:alice')).toEqual([
    { identity_id: aliceId },
  ]);

  // Another browser, from the registration page this time: the same account, no second one.
  const second = new Client(h.app);
  const again = await providerSignIn(second, ALICE, 'registration');
  expect(again.done.location).toBe(`${ORIGIN}/`);
  const who2 = await second.get('/identity/sessions/whoami');
  expect(who2.json.identity.id).toBe(aliceId);
  expect(identities().filter((i) => i.traits.includes('alice@oidc.test'))).toHaveLength(1);
  // No password was made for it: a password sign-in with anything fails.
  const pw = await logIn(new Client(h.app), 'alice@oidc.test', 'whatever-it-might-be');
  expect(messageIds(pw.json)).toEqual([4000006]);
  expect(h.logLines.join('')).not.toContain(SECRET);
});

it('links to the account with the same verified address when the provider verified it too', async () => {
  const local = new Client(h.app);
  await signUpVerified(local, mailbox, LINKED.email!);
  const localId = (await logIn(local, LINKED.email!)).json.session.identity.id as string;
  const c = new Client(h.app);
  const { done } = await providerSignIn(c, LINKED);
  expect(done.status).toBe(303);
  expect(done.location).toBe(`${ORIGIN}/`);
  const who = await c.get('/identity/sessions/whoami');
  expect(who.json.identity.id).toBe(localId);
  expect(h.sql('SELECT identity_id FROM credential_identifiers WHERE identifier = ?', 'corp:linked')).toEqual(
    [{ identity_id: localId }],
  );
  // The password still works after the link.
  expect((await logIn(new Client(h.app), LINKED.email!)).status).toBe(200);
});

it('does not link when the provider has not verified the address: the login flow says the account exists', async () => {
  const c = new Client(h.app);
  await signUpVerified(c, mailbox, 'bob@oidc.test');
  const { done } = await providerSignIn(c, BOB);
  expect(done.status).toBe(303);
  const flow = await landedFlow(c, done.location);
  expect(messageIds(flow)).toEqual([4000027]);
  expect((await c.get('/identity/sessions/whoami')).status).toBe(401);
  expect(h.sql('SELECT * FROM credential_identifiers WHERE identifier = ?', 'corp:bob')).toEqual([]);
});

it('registers a new address the provider did not verify, left unverified', async () => {
  const c = new Client(h.app);
  const { done } = await providerSignIn(c, DAVE);
  expect(done.location).toBe(`${ORIGIN}/`);
  const who = await c.get('/identity/sessions/whoami');
  expect(who.json.identity.verifiable_addresses[0]).toMatchObject({
    value: 'dave@oidc.test',
    verified: false,
  });
});

it('asks for the e-mail on the registration flow when the provider shares none', async () => {
  const c = new Client(h.app);
  const before = identities().length;
  const { done } = await providerSignIn(c, CAROL);
  const flow = await landedFlow(c, done.location);
  expect(new URL(done.location!).pathname).toBe('/signup/');
  expect(messageIds(flow)).toEqual([4000001]);
  expect(flow.ui.messages[0].text).toMatch(/did not share an e-mail address/);
  expect(node(flow, 'traits.email').messages.map((m: { id: number }) => m.id)).toEqual([4000002]);
  expect(node(flow, 'provider', 'corp')).toBeTruthy();
  expect(identities()).toHaveLength(before);
  expect((await c.get('/identity/sessions/whoami')).status).toBe(401);
});

it('refuses a state from another browser, and a replayed one', async () => {
  const c = new Client(h.app);
  const { flow, authUrl } = await start(c);
  const callback = await signIn(op.issuer, authUrl, ALICE.sub, ALICE.password);

  // Another browser (no cookies) with the callback URL: nothing happens to anyone.
  const other = new Client(h.app);
  const stolen = await other.get(callback, false);
  const otherFlow = await landedFlow(other, stolen.location);
  expect(otherFlow.id).not.toBe(flow.id);
  expect(messageIds(otherFlow)).toEqual([4000001]);
  expect(otherFlow.ui.messages[0].text).toMatch(/did not start in this browser/);
  expect((await other.get('/identity/sessions/whoami')).status).toBe(401);

  // The right browser completes; the same callback again (cookies put back) is refused.
  const saved = new Map(c.jar);
  expect((await c.get(callback, false)).location).toBe(`${ORIGIN}/`);
  const replay = new Client(h.app);
  for (const [k, v] of saved) replay.jar.set(k, v);
  const again = await replay.get(callback, false);
  const replayFlow = await landedFlow(replay, again.location);
  expect(messageIds(replayFlow)).toEqual([4000001]);
  expect((await replay.get('/identity/sessions/whoami')).status).toBe(401);
});

it('lands back on the flow when the provider answers with an error, and the state is spent', async () => {
  const c = new Client(h.app);
  const { flow, authUrl } = await start(c);
  const state = new URL(authUrl).searchParams.get('state')!;
  const refused = await c.get(
    `${CALLBACK}?error=access_denied&error_description=${encodeURIComponent('<b>nope</b>')}&state=${state}`,
    false,
  );
  const landed = await landedFlow(c, refused.location);
  expect(landed.id).toBe(flow.id);
  expect(messageIds(landed)).toEqual([4000001]);
  expect(landed.ui.messages[0].text).toBe(
    'Corp SSO did not sign you in (access_denied). Please try again, or use another way to sign in.',
  );
  expect((await c.get('/identity/sessions/whoami')).status).toBe(401);
  // The state was used up by the error: a real answer with it afterwards signs nobody in.
  const late = await c.get(await signIn(op.issuer, authUrl, ALICE.sub, ALICE.password), false);
  expect(messageIds(await landedFlow(c, late.location))).toEqual([4000001]);
  expect((await c.get('/identity/sessions/whoami')).status).toBe(401);
});

it('refuses a code the provider does not accept, with a system message and no session', async () => {
  const c = new Client(h.app);
  const { flow, authUrl } = await start(c);
  const callback = new URL(await signIn(op.issuer, authUrl, ALICE.sub, ALICE.password));
  callback.searchParams.set('code', 'forged-code');
  const res = await c.get(callback.toString(), false);
  const landed = await landedFlow(c, res.location);
  expect(landed.id).toBe(flow.id);
  expect(messageIds(landed)).toEqual([5000001]);
  expect(landed.ui.messages[0].text).toMatch(/could not be completed/);
  expect((await c.get('/identity/sessions/whoami')).status).toBe(401);
  expect(h.logLines.join('')).not.toContain('forged-code');
});

it('sends an unknown provider id on the callback path back to a login flow', async () => {
  const c = new Client(h.app);
  const res = await c.get(`${BASE}/self-service/methods/oidc/callback/nobody?code=x&state=y`, false);
  const landed = await landedFlow(c, res.location);
  expect(messageIds(landed)).toEqual([4010002]);
  // A JSON client gets the flow itself, with 400.
  const json = await c.get(`${CALLBACK}?code=x&state=y`);
  expect(json.status).toBe(400);
  expect(json.json.ui.messages.map((m: { id: number }) => m.id)).toEqual([4000001]);
});

it('says so on the flow when the provider cannot be reached', async () => {
  const port = await freePort();
  const down = await startHarness({
    providers: [
      { id: 'corp', issuer_url: `http://127.0.0.1:${port}`, client_id: 'x', client_secret: SECRET },
    ],
  });
  try {
    const c = new Client(down.app);
    const flow = await c.init('login');
    const res = await c.submit(flow.json, { method: 'oidc', provider: 'corp' });
    expect(res.status).toBe(400);
    expect(messageIds(res.json)).toEqual([5000001]);
    expect(res.json.ui.messages[0].text).toMatch(/cannot be reached right now/);
    expect(res.body).not.toContain(SECRET);
    expect(down.logLines.join('')).not.toContain(SECRET);
  } finally {
    await down.close();
  }
});

describe('settings: link and unlink', () => {
  const settingsFlow = async (c: Client, id?: string) =>
    (id ? await c.get(`/identity/self-service/settings/flows?id=${id}`) : await c.init('settings')).json;

  it('links a provider to a signed-in account, signs in with it, and unlinks it', async () => {
    const c = new Client(h.app);
    await signUpVerified(c, mailbox, 'erin@local.test');
    const me = (await logIn(c, 'erin@local.test')).json.session.identity.id as string;
    const flow = await settingsFlow(c);
    expect(node(flow, 'link', 'corp').meta.label).toMatchObject({ id: 1050002, text: 'Link Corp SSO' });
    expect(node(flow, 'unlink', 'corp')).toBeUndefined();
    const res = await c.submit(flow, { method: 'oidc', link: 'corp' });
    expect(res.status).toBe(422);
    const callback = await signIn(op.issuer, res.json.redirect_browser_to, ERIN.sub, ERIN.password);
    const back = await c.get(callback, false);
    expect(back.location).toBe(`${ORIGIN}/settings/?flow=${flow.id}`);
    const saved = await settingsFlow(c, flow.id);
    expect(saved.state).toBe('success');
    expect(messageIds(saved)).toEqual([1050001]);
    expect(node(saved, 'unlink', 'corp').meta.label).toMatchObject({ id: 1050003, text: 'Unlink Corp SSO' });
    // The provider user now signs in to this account (its own address differs).
    const other = new Client(h.app);
    await providerSignIn(other, ERIN);
    expect((await other.get('/identity/sessions/whoami')).json.identity.id).toBe(me);

    const unlinked = await c.submit(saved, { method: 'oidc', unlink: 'corp' });
    expect(unlinked.status).toBe(200);
    expect(node(unlinked.json, 'link', 'corp')).toBeTruthy();
    expect(h.sql('SELECT * FROM credential_identifiers WHERE identifier = ?', 'corp:erin')).toEqual([]);
  });

  it('does not unlink the only way to sign in, nor link a provider user of another account', async () => {
    // Alice's account was made by the provider: no password, one link.
    const c = new Client(h.app);
    await providerSignIn(c, ALICE);
    const flow = await settingsFlow(c);
    expect(node(flow, 'unlink', 'corp')).toBeUndefined();
    const refused = await c.submit(flow, { method: 'oidc', unlink: 'corp' });
    expect(refused.status).toBe(400);
    expect(refused.json.ui.messages[0].text).toMatch(/only way to sign in/);
    expect(h.sql('SELECT * FROM credential_identifiers WHERE identifier = ?', 'corp:alice')).toHaveLength(1);

    // Another account tries to link Alice's provider user: refused, Alice's link stays hers.
    const d = new Client(h.app);
    await signUpVerified(d, mailbox, 'frank@local.test');
    await logIn(d, 'frank@local.test');
    const frank = await settingsFlow(d);
    const res = await d.submit(frank, { method: 'oidc', link: 'corp' });
    const callback = await signIn(op.issuer, res.json.redirect_browser_to, ALICE.sub, ALICE.password);
    const back = await d.get(callback, false);
    expect(back.location).toBe(`${ORIGIN}/settings/?flow=${frank.id}`);
    expect(messageIds(await settingsFlow(d, frank.id))).toEqual([4000007]);
    expect(
      h.sql('SELECT identity_id FROM credential_identifiers WHERE identifier = ?', 'corp:alice'),
    ).toEqual([{ identity_id: (await c.get('/identity/sessions/whoami')).json.identity.id }]);
  });
});
