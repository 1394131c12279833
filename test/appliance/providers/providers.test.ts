/**
 * Identity providers API and its test bench, against real servers: Debian's slapd (plain and ldaps with a server
 * certificate issued by this appliance's PKI) and a local OpenID provider (oidc-provider).
 */
import { rootCaBody } from '../pki/support';
import { adminAgent, startServer, userAgent, type Agent, type Harness } from '../support/harness';
import { BASE_DN, READER_DN, READER_PASSWORD, startSlapd, type Slapd } from '../../support/slapd';
import { startOidcProvider, type OidcProvider } from '../../support/oidc';

let h: Harness;
let admin: Agent;
let slapd: Slapd;
let op: OidcProvider;

const CLIENT_SECRET = 'console-client-secret-0123456789';

beforeAll(async () => {
  [slapd, op] = await Promise.all([
    startSlapd(),
    startOidcProvider({
      clients: [
        { client_id: 'rampart', client_secret: CLIENT_SECRET, redirect_uris: ['http://127.0.0.1:8080/cb'] },
      ],
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([slapd?.stop(), op?.stop()]);
});
beforeEach(async () => {
  h = await startServer();
  admin = await adminAgent(h);
});
afterEach(() => h.close());

const ldapSettings = (over: Record<string, unknown> = {}) => ({
  url: slapd.url,
  starttls: false,
  ca_id: null,
  bind_dn: READER_DN,
  bind_password: READER_PASSWORD,
  base_dn: BASE_DN,
  user_filter: '(&(objectClass=inetOrgPerson)(uid={username}))',
  group_base_dn: `ou=groups,${BASE_DN}`,
  group_filter: '(&(objectClass=groupOfNames)(member={dn}))',
  username_attribute: 'uid',
  email_attribute: 'mail',
  name_attribute: 'cn',
  group_name_attribute: 'cn',
  ...over,
});

const oidcSettings = (over: Record<string, unknown> = {}) => ({
  issuer: op.issuer,
  client_id: 'rampart',
  client_secret: CLIENT_SECRET,
  scopes: ['openid', 'email', 'profile', 'groups'],
  username_claim: 'preferred_username',
  email_claim: 'email',
  name_claim: 'name',
  groups_claim: 'groups',
  ...over,
});

const ldapBody = (over: Record<string, unknown> = {}) => ({
  name: 'Directory',
  type: 'ldap',
  enabled: true,
  ldap: ldapSettings(),
  ...over,
});

it('lists the built-in local provider, which cannot be changed or removed', async () => {
  const list = (await admin.get('/api/authentication/providers')).json().data;
  expect(list).toEqual([expect.objectContaining({ id: 1, type: 'local', enabled: true })]);
  const del = await admin.request({ method: 'DELETE', url: '/api/authentication/providers/1' });
  expect(del.statusCode).toBe(409);
  expect(del.json().detail[0].type).toBe('status_error.builtin_provider');
  const put = await admin.put('/api/authentication/providers/1', ldapBody());
  expect(put.statusCode).toBe(409);
});

it('stores an LDAP provider with its bind password sealed and never read back', async () => {
  const res = await admin.post('/api/authentication/providers', ldapBody());
  expect(res.statusCode).toBe(201);
  expect(res.body).not.toContain(READER_PASSWORD);
  const p = res.json();
  expect(p.ldap).toMatchObject({ url: slapd.url, has_bind_password: true, base_dn: BASE_DN });
  expect(p.ldap.bind_password).toBeUndefined();
  const row = h.ctx.db.prepare('SELECT secret FROM auth_providers WHERE id = ?').get(p.id) as {
    secret: Buffer;
  };
  expect(row.secret.toString('latin1')).not.toContain(READER_PASSWORD);

  // A change without a password keeps the stored one: the bench still binds with it.
  const { bind_password: _omit, ...withoutPassword } = ldapSettings();
  const changed = await admin.put(`/api/authentication/providers/${p.id}`, {
    ...ldapBody({ name: 'Renamed' }),
    ldap: withoutPassword,
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.json()).toMatchObject({ name: 'Renamed', ldap: { has_bind_password: true } });
  const bench = await admin.post('/api/authentication/providers/test', {
    type: 'ldap',
    id: p.id,
    ldap: withoutPassword,
  });
  expect(bench.json()).toMatchObject({ ok: true, steps: [{ step: 'bind', ok: true }] });

  expect((await admin.get(`/api/authentication/providers/${p.id}`)).body).not.toContain(READER_PASSWORD);
  expect(
    (await admin.request({ method: 'DELETE', url: `/api/authentication/providers/${p.id}` })).statusCode,
  ).toBe(204);
  expect((await admin.get(`/api/authentication/providers/${p.id}`)).statusCode).toBe(404);
});

it.each([
  [{ name: '' }, ['name'], 'value_error.any_str.min_length'],
  [{ type: 'kerberos' }, ['type'], 'type_error.enum'],
  [{ enabled: 'yes' }, ['enabled'], 'type_error.bool'],
  [{ ldap: undefined }, ['ldap'], 'value_error.missing'],
  [{ oidc: oidcSettings }, ['oidc'], 'value_error.extra'],
  [{ ldap: { url: 'http://x' } }, ['ldap', 'url'], 'value_error.str.regex'],
  [{ ldap: { user_filter: '(uid=alice)' } }, ['ldap', 'user_filter'], 'value_error.str.regex'],
  [{ ldap: { group_filter: 'member={dn}' } }, ['ldap', 'group_filter'], 'value_error.str.regex'],
  [{ ldap: { base_dn: '' } }, ['ldap', 'base_dn'], 'value_error.any_str.min_length'],
  [{ ldap: { email_attribute: 'mail;x' } }, ['ldap', 'email_attribute'], 'value_error.str.regex'],
  [{ ldap: { starttls: 'no' } }, ['ldap', 'starttls'], 'type_error.bool'],
  [{ ldap: { ca_id: 'no-such-ca' } }, ['ldap', 'ca_id'], 'value_error.not_found'],
  [{ ldap: { url: 'ldaps://127.0.0.1:636', starttls: true } }, ['ldap', 'starttls'], 'value_error.starttls'],
  [{ ldap: { bind_password: 'a\u0001' } }, ['ldap', 'bind_password'], 'value_error.str.control_characters'],
  [{ ldap: { port: 389 } }, ['ldap', 'port'], 'value_error.extra'],
])('refuses a bad LDAP provider %j', async (change, loc, type) => {
  const body: Record<string, unknown> = ldapBody();
  for (const [k, v] of Object.entries(change)) {
    if (k === 'ldap' && v) body.ldap = { ...ldapSettings(), ...(v as object) };
    else if (k === 'oidc') body.oidc = (v as () => unknown)();
    else body[k] = v;
  }
  const res = await admin.post('/api/authentication/providers', body);
  expect(res.statusCode).toBe(422);
  expect(res.json().detail).toEqual(
    expect.arrayContaining([expect.objectContaining({ loc: ['body', ...loc], type })]),
  );
  expect((await admin.get('/api/authentication/providers')).json().data).toHaveLength(1);
});

it.each([
  [{ issuer: 'ftp://op' }, 'issuer', 'value_error.str.regex'],
  [{ issuer: 'http://op.example.com' }, 'issuer', 'value_error.url.scheme'],
  [{ client_id: '' }, 'client_id', 'value_error.any_str.min_length'],
  [{ scopes: ['email'] }, 'scopes', 'value_error.scopes'],
  [{ scopes: 'openid' }, 'scopes', 'type_error.list'],
  [{ username_claim: '' }, 'username_claim', 'value_error.any_str.min_length'],
  [{ groups_claim: 'a b' }, 'groups_claim', 'value_error.str.regex'],
  [{ allow_cross_origin_endpoints: 'yes' }, 'allow_cross_origin_endpoints', 'type_error.bool'],
])('refuses a bad OpenID provider %j', async (change, field, type) => {
  const res = await admin.post('/api/authentication/providers', {
    name: 'OP',
    type: 'oidc',
    enabled: true,
    oidc: oidcSettings(change),
  });
  expect(res.statusCode).toBe(422);
  expect(res.json().detail).toEqual(
    expect.arrayContaining([expect.objectContaining({ loc: ['body', 'oidc', field], type })]),
  );
});

it('refuses a second provider of the same name and a change of type', async () => {
  const first = (await admin.post('/api/authentication/providers', ldapBody())).json();
  const dup = await admin.post('/api/authentication/providers', ldapBody({ name: 'directory' }));
  expect(dup.json().detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'value_error.duplicate' });
  const retype = await admin.put(`/api/authentication/providers/${first.id}`, {
    name: 'Directory',
    type: 'oidc',
    enabled: true,
    oidc: oidcSettings(),
  });
  expect(retype.json().detail[0]).toMatchObject({ loc: ['body', 'type'], type: 'value_error.const' });
});

it('is for admins only, and writes need the XSRF header', async () => {
  const user = await userAgent(h, 'viewer');
  expect((await user.get('/api/authentication/providers')).statusCode).toBe(403);
  expect((await user.post('/api/authentication/providers', ldapBody())).statusCode).toBe(403);
  const noXsrf = await admin.request({
    method: 'POST',
    url: '/api/authentication/providers/test',
    payload: { type: 'ldap', ldap: ldapSettings() },
    xsrf: false,
  });
  expect(noXsrf.statusCode).toBe(403);
});

describe('LDAP test bench against slapd', () => {
  const bench = (ldap: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    admin.post('/api/authentication/providers/test', { type: 'ldap', ldap, ...extra });

  it('binds, finds the test user, proves the password and maps attributes and groups', async () => {
    const res = await bench(ldapSettings(), { test_username: 'alice', test_password: 'alice-secret' });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result.ok).toBe(true);
    expect(result.steps.map((s: { step: string }) => s.step)).toEqual([
      'bind',
      'search user',
      'user bind',
      'search groups',
    ]);
    expect(result.user).toEqual({
      subject: `uid=alice,ou=people,${BASE_DN}`,
      username: 'alice',
      email: 'alice@rampart.test',
      name: 'Alice Liddell',
      groups: expect.arrayContaining(['admins', 'ops']),
    });
    expect(result.user.groups).toHaveLength(2);
    expect(res.body).not.toContain(READER_PASSWORD);
  });

  it('reports a wrong bind password at the bind step', async () => {
    const result = (await bench(ldapSettings({ bind_password: 'wrong' }), { test_username: 'alice' })).json();
    expect(result).toMatchObject({ ok: false, user: null });
    expect(result.steps.at(-1)).toMatchObject({ step: 'bind', ok: false, message: 'invalid credentials' });
  });

  it('reports a wrong user password at the user bind step', async () => {
    const result = (await bench(ldapSettings(), { test_username: 'bob', test_password: 'nope' })).json();
    expect(result.ok).toBe(false);
    expect(result.steps.at(-1)).toMatchObject({ step: 'user bind', ok: false });
  });

  it('escapes the test user name: a wildcard finds nobody', async () => {
    const result = (await bench(ldapSettings(), { test_username: '*' })).json();
    expect(result.steps.at(-1)).toMatchObject({
      step: 'search user',
      ok: false,
      message: 'no entry matches the user filter',
    });
  });

  it('reports a directory that does not answer', async () => {
    const result = (await bench(ldapSettings({ url: 'ldap://127.0.0.1:1' }))).json();
    expect(result.ok).toBe(false);
    expect(result.steps[0].ok).toBe(false);
  });

  it('connects over TLS trusting a certificate authority of the PKI', async () => {
    const ca = (await admin.post('/api/pki/cas', rootCaBody('Directory TLS Root', 'ec-p256'))).json();
    const cert = (
      await admin.post('/api/pki/certificates', {
        ca_id: ca.id,
        profile: 'server',
        subject: { common_name: '127.0.0.1' },
        sans: { ip: ['127.0.0.1'] },
        validity_days: 7,
        key_type: 'ec-p256',
      })
    ).json();
    const bundle = (
      await admin.post(`/api/pki/certificates/${cert.id}/export`, { format: 'pem', include_chain: false })
    ).body;
    const cut = bundle.indexOf('-----BEGIN PRIVATE KEY');
    const tlsSlapd = await startSlapd({ tls: { certPem: bundle.slice(0, cut), keyPem: bundle.slice(cut) } });
    try {
      const viaCa = (
        await bench(ldapSettings({ url: tlsSlapd.tlsUrl, ca_id: ca.id }), { test_username: 'bob' })
      ).json();
      expect(viaCa).toMatchObject({ ok: true, user: { username: 'bob', groups: ['ops'] } });
      // Without a chosen CA, the PKI's CAs are trusted beside the system's.
      const viaAll = (await bench(ldapSettings({ url: tlsSlapd.tlsUrl }))).json();
      expect(viaAll.ok).toBe(true);
      // StartTLS on the plain port with the same trust.
      const starttls = (
        await bench(ldapSettings({ url: tlsSlapd.url, starttls: true, ca_id: ca.id }))
      ).json();
      expect(starttls.ok).toBe(true);
      // Another CA does not vouch for the directory: the connection is refused.
      const other = (await admin.post('/api/pki/cas', rootCaBody('Unrelated Root', 'ec-p256'))).json();
      const refused = (await bench(ldapSettings({ url: tlsSlapd.tlsUrl, ca_id: other.id }))).json();
      expect(refused.ok).toBe(false);
      expect(refused.steps.at(-1).ok).toBe(false);
    } finally {
      await tlsSlapd.stop();
    }
  });
});

describe('OpenID Connect test bench against oidc-provider', () => {
  const bench = (oidc: Record<string, unknown>) =>
    admin.post('/api/authentication/providers/test', { type: 'oidc', oidc });

  it('checks discovery, capabilities, signing keys, client credentials and claims', async () => {
    const result = (await bench(oidcSettings())).json();
    expect(result.steps.map((s: { step: string; ok: boolean }) => [s.step, s.ok])).toEqual([
      ['discovery', true],
      ['capabilities', true],
      ['signing keys', true],
      ['client', true],
      ['claims', true],
    ]);
    expect(result.ok).toBe(true);
  });

  it('reports a client secret the provider refuses', async () => {
    const result = (await bench(oidcSettings({ client_secret: 'wrong-secret' }))).json();
    expect(result.ok).toBe(false);
    expect(result.steps.at(-1)).toMatchObject({
      step: 'client',
      ok: false,
      message: 'the provider refused the client id or secret',
    });
  });

  it('reports an issuer without a discovery document', async () => {
    const result = (await bench(oidcSettings({ issuer: `${op.issuer}/nothing-here` }))).json();
    expect(result.ok).toBe(false);
    expect(result.steps).toEqual([expect.objectContaining({ step: 'discovery', ok: false })]);
  });

  it('stores the provider with its client secret never read back, naming the redirect URI to register', async () => {
    const res = await admin.post('/api/authentication/providers', {
      name: 'Local OP',
      type: 'oidc',
      enabled: true,
      oidc: oidcSettings(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(CLIENT_SECRET);
    expect(res.json()).toMatchObject({
      oidc: { has_client_secret: true, issuer: op.issuer },
      redirect_uri: expect.stringMatching(/\/api\/auth\/oidc\/\d+\/callback$/),
    });
  });
});
