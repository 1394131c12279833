/**
 * Secret binding (src/shared/secretBinding.ts): a stored secret goes only where it was saved for. The rules are one
 * table (a new case is one row); the HTTP rows run against the built server with the stored secret's real server
 * (slapd, oidc-provider) or a recorder, and prove with listeners on 127.0.0.1 that record every byte they receive
 * that the stored secret never reaches a new address, while a secret typed again does.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { dnsMigrations } from '../../src/appliance/dns/migrations';
import { providersMigrations } from '../../src/appliance/providers/migrations';
import { migrate, openDatabase } from '../../src/storage/sqlite';
import { providerKey, providerSecret } from '../../src/appliance/providers';
import {
  bindingChange,
  bindingText,
  ddnsSecretBinding,
  ldapSecretBinding,
  oidcSecretBinding,
  RETYPE_ERROR,
  type LdapBindingInput,
  type SecretBinding,
} from '../../src/shared/secretBinding';
import { adminAgent, Agent, startServer, tempDataDir, type Harness } from '../appliance/support/harness';
import { BASE_DN, READER_DN, READER_PASSWORD, startSlapd, type Slapd } from '../support/slapd';
import { startOidcProvider, type OidcProvider } from '../support/oidc';

// ---------------------------------------------------------------------------------------------------------------
// The rules: [kind, stored settings, new settings, reason the secret must be typed again | null]

const LDAP: LdapBindingInput = {
  url: 'ldaps://dc1.example.com:636',
  starttls: false,
  ca_id: null,
  bind_dn: 'cn=reader,dc=ex',
};
const OIDC = { issuer: 'https://sso.example.com/realms/corp', client_id: 'rampart' };
const DDNS = {
  provider: 'custom',
  hostname: 'home.example.net',
  username: 'u',
  update_url: 'https://dyn.example/u?ip=%IP%',
};

type Row = [string, SecretBinding, SecretBinding, string | null];
const ldap = (o: Partial<LdapBindingInput> = {}) => ldapSecretBinding({ ...LDAP, ...o });
const oidc = (o: Partial<typeof OIDC> = {}) => oidcSecretBinding({ ...OIDC, ...o });
const ddns = (o: Partial<typeof DDNS> = {}) => ddnsSecretBinding({ ...DDNS, ...o });
const ADDRESS = 'the server address changed';

const rules: Row[] = [
  ['ldap unchanged', ldap(), ldap(), null],
  ['ldap host case and default port', ldap(), ldap({ url: 'LDAPS://DC1.example.com/' }), null],
  ['ldap default port written out', ldap({ url: 'ldap://dc1' }), ldap({ url: 'ldap://dc1:389' }), null],
  ['ldap other host', ldap(), ldap({ url: 'ldaps://evil.example.net:636' }), ADDRESS],
  ['ldap other port', ldap(), ldap({ url: 'ldaps://dc1.example.com:6360' }), ADDRESS],
  ['ldap ldaps to ldap', ldap(), ldap({ url: 'ldap://dc1.example.com:636' }), ADDRESS],
  ['ldap IPv6 host', ldap({ url: 'ldap://[::1]:389' }), ldap({ url: 'ldap://[::2]:389' }), ADDRESS],
  [
    'ldap StartTLS off',
    ldap({ url: 'ldap://dc1', starttls: true }),
    ldap({ url: 'ldap://dc1' }),
    "the server's TLS settings changed",
  ],
  [
    'ldap other trusted CA',
    ldap({ ca_id: 'ca-1' }),
    ldap({ ca_id: null }),
    "the server's TLS settings changed",
  ],
  ['ldap other bind DN', ldap(), ldap({ bind_dn: 'cn=admin,dc=ex' }), 'the bind DN changed'],
  ['oidc unchanged', oidc(), oidc(), null],
  [
    'oidc trailing slash and host case',
    oidc(),
    oidc({ issuer: 'https://SSO.example.com/realms/corp/' }),
    null,
  ],
  ['oidc other host', oidc(), oidc({ issuer: 'https://evil.example.net/realms/corp' }), 'the issuer changed'],
  [
    'oidc other realm on the host',
    oidc(),
    oidc({ issuer: 'https://sso.example.com/realms/other' }),
    'the issuer changed',
  ],
  ['oidc http', oidc(), oidc({ issuer: 'http://sso.example.com/realms/corp' }), 'the issuer changed'],
  ['oidc other client id', oidc(), oidc({ client_id: 'other' }), 'the client id changed'],
  ['ddns unchanged', ddns(), ddns(), null],
  ['ddns other path on the server', ddns(), ddns({ update_url: 'https://dyn.example/v2?ip=%IP%' }), null],
  ['ddns other host name (record)', ddns(), ddns({ hostname: 'cabin.example.net' }), null],
  ['ddns other server', ddns(), ddns({ update_url: 'https://evil.example/u?ip=%IP%' }), ADDRESS],
  ['ddns https to http', ddns(), ddns({ update_url: 'http://dyn.example/u?ip=%IP%' }), ADDRESS],
  [
    'ddns host name in the URL server',
    ddns({ update_url: 'https://%HOST%/u?ip=%IP%' }),
    ddns({ update_url: 'https://%HOST%/u?ip=%IP%', hostname: 'evil.example' }),
    ADDRESS,
  ],
  [
    'ddns other provider',
    ddns({ provider: 'dyndns', update_url: '' }),
    ddns({ provider: 'noip', update_url: '' }),
    'the provider changed',
  ],
  ['ddns provider to custom', ddns({ provider: 'dyndns', update_url: '' }), ddns(), 'the provider changed'],
  ['ddns other user name', ddns(), ddns({ username: 'v' }), 'the user name changed'],
];

it.each(rules)('%s', (_name, stored, next, reason) => {
  expect(bindingChange(bindingText(stored), next)).toBe(reason);
});

it.each([
  ['an anonymous LDAP bind', false, ldap({ bind_dn: '' })],
  ['a bind DN', true, ldap()],
  ['an OpenID client', true, oidc()],
  ['a custom URL without a user name', false, ddns({ username: '' })],
  ['a custom URL with a user name', true, ddns()],
  ['Duck DNS (the token)', true, ddns({ provider: 'duckdns', username: '', update_url: '' })],
])('%s sends the secret: %s', (_name, uses, binding) => {
  expect(binding.usesSecret).toBe(uses);
});

it('a secret stored without a binding is bound to nothing', () => {
  expect(bindingChange(null, ldap())).not.toBeNull();
  expect(bindingChange('not json', oidc())).not.toBeNull();
});

it('secrets stored before the binding existed are bound to the settings they have at the upgrade', () => {
  const db = openDatabase(path.join(tempDataDir(), 'old.db'));
  try {
    migrate(db, 'providers', providersMigrations.slice(0, 3));
    migrate(db, 'dns', dnsMigrations.slice(0, 1));
    const settings = { ...LDAP, base_dn: 'dc=ex' };
    db.prepare(
      "INSERT INTO auth_providers (id, name, type, settings, secret, created_at, updated_at) VALUES (2, 'd', 'ldap', ?, x'00', 0, 0)",
    ).run(JSON.stringify(settings));
    db.prepare("INSERT INTO ddns_accounts (id, data, secret, created_at) VALUES (1, ?, 's', 0)").run(
      JSON.stringify(DDNS),
    );
    migrate(db, 'providers', providersMigrations);
    migrate(db, 'dns', dnsMigrations);
    const p = db.prepare('SELECT secret_binding FROM auth_providers WHERE id = 2').get() as {
      secret_binding: string;
    };
    const d = db.prepare('SELECT secret_binding FROM ddns_accounts WHERE id = 1').get() as {
      secret_binding: string;
    };
    expect(bindingChange(p.secret_binding, ldap())).toBeNull();
    expect(bindingChange(p.secret_binding, ldap({ url: 'ldaps://evil.example.net' }))).not.toBeNull();
    expect(bindingChange(d.secret_binding, ddns())).toBeNull();
  } finally {
    db.close();
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Over HTTP, with real servers and recorders.

/** A TCP listener that keeps every byte it receives and hangs up (an LDAP server that never answers). */
async function tcpRecorder() {
  const received: Buffer[] = [];
  const server = net.createServer((socket) => {
    socket.on('data', (d) => {
      received.push(d);
      socket.destroy();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `ldap://127.0.0.1:${port}`,
    connections: () => received.length,
    got: (secret: string) => Buffer.concat(received).includes(secret),
    clear: () => (received.length = 0),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * An HTTP listener that keeps every request (line, headers with Basic credentials decoded, body) and plays enough
 * of an OpenID provider (discovery naming itself, keys, a token endpoint) and a dynamic DNS server (`/ip`, updates)
 * that a secret would be sent to it.
 */
async function httpRecorder() {
  const seen: string[] = [];
  const jwk = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      const basic = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString() : '';
      seen.push(
        `${req.method} ${decodeURIComponent(req.url ?? '')}\n${JSON.stringify(req.headers)}\n${basic}\n${decodeURIComponent(body)}`,
      );
      const json = (status: number, o: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      const path = new URL(req.url ?? '/', base).pathname;
      if (path === '/.well-known/openid-configuration')
        return json(200, {
          issuer: base,
          authorization_endpoint: `${base}/auth`,
          token_endpoint: `${base}/token`,
          jwks_uri: `${base}/jwks`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        });
      if (path === '/jwks') return json(200, { keys: [{ ...jwk, use: 'sig', kid: 'k1' }] });
      if (path === '/token') return json(400, { error: 'invalid_grant' });
      if (path === '/ip') return res.end('203.0.113.9\n');
      res.end('good 203.0.113.9');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests: () => seen.length,
    got: (secret: string) => seen.some((s) => s.includes(secret)),
    clear: () => (seen.length = 0),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const CLIENT_SECRET = 'stored-client-secret-0123456789';
const TYPED = 'typed-again-secret-9876543210';
const DDNS_SECRET = 'stored-ddns-secret-42';

let slapd: Slapd;
let op: OidcProvider;
let tcp: Awaited<ReturnType<typeof tcpRecorder>>;
let web: Awaited<ReturnType<typeof httpRecorder>>;
let h: Harness;
let admin: Agent;

beforeAll(async () => {
  [slapd, op, tcp, web] = await Promise.all([
    startSlapd(),
    startOidcProvider({
      clients: [
        { client_id: 'rampart', client_secret: CLIENT_SECRET, redirect_uris: ['http://127.0.0.1:8080/cb'] },
      ],
    }),
    tcpRecorder(),
    httpRecorder(),
  ]);
  h = await startServer();
  admin = await adminAgent(h);
});
afterAll(async () => {
  await h?.close();
  await Promise.all([slapd?.stop(), op?.stop(), tcp?.close(), web?.close()]);
});
beforeEach(() => {
  tcp.clear();
  web.clear();
});

const ldapSettings = (over: Record<string, unknown> = {}) => ({
  url: slapd.url,
  starttls: false,
  ca_id: null,
  bind_dn: READER_DN,
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
  scopes: ['openid', 'email', 'profile'],
  username_claim: 'preferred_username',
  email_claim: 'email',
  name_claim: 'name',
  groups_claim: 'groups',
  ...over,
});

interface Kind {
  type: 'ldap' | 'oidc';
  secretField: 'bind_password' | 'client_secret';
  stored: string;
  settings: (over?: Record<string, unknown>) => Record<string, unknown>;
}
const KINDS: Record<'ldap' | 'oidc', Kind> = {
  ldap: {
    type: 'ldap',
    secretField: 'bind_password',
    stored: READER_PASSWORD,
    settings: (o) => ldapSettings(o),
  },
  oidc: {
    type: 'oidc',
    secretField: 'client_secret',
    stored: CLIENT_SECRET,
    settings: (o) => oidcSettings(o),
  },
};

async function addProvider(kind: Kind): Promise<number> {
  const res = await admin.post('/api/authentication/providers', {
    name: `${kind.type} ${crypto.randomUUID()}`,
    type: kind.type,
    enabled: true,
    [kind.type]: { ...kind.settings(), [kind.secretField]: kind.stored },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const recorderOf = (type: 'ldap' | 'oidc') => (type === 'ldap' ? tcp : web);
const toRecorder = (type: 'ldap' | 'oidc') => (type === 'ldap' ? { url: tcp.url } : { issuer: web.base });

// [what, kind, the change, typed again?, refused with this reason | null]
type ProviderRow = [string, 'ldap' | 'oidc', () => Record<string, unknown>, boolean, string | null];
const providerRows: ProviderRow[] = [
  ['LDAP: another server', 'ldap', () => toRecorder('ldap'), false, 'the server address changed'],
  ['LDAP: another server, password typed', 'ldap', () => toRecorder('ldap'), true, null],
  [
    'LDAP: StartTLS turned on',
    'ldap',
    () => ({ starttls: true }),
    false,
    "the server's TLS settings changed",
  ],
  ['LDAP: another bind DN', 'ldap', () => ({ bind_dn: `cn=admin,${BASE_DN}` }), false, 'the bind DN changed'],
  ['LDAP: another base DN only', 'ldap', () => ({ base_dn: `ou=people,${BASE_DN}` }), false, null],
  ['OpenID: another issuer', 'oidc', () => toRecorder('oidc'), false, 'the issuer changed'],
  ['OpenID: another issuer, secret typed', 'oidc', () => toRecorder('oidc'), true, null],
  ['OpenID: another client id', 'oidc', () => ({ client_id: 'other' }), false, 'the client id changed'],
  ['OpenID: other claims only', 'oidc', () => ({ name_claim: 'nickname' }), false, null],
];

describe.each(['test bench', 'save'] as const)('providers, %s', (use) => {
  it.each(providerRows)('%s', async (_what, type, change, typed, reason) => {
    const kind = KINDS[type];
    const id = await addProvider(kind);
    const settings = { ...kind.settings(change()), ...(typed ? { [kind.secretField]: TYPED } : {}) };
    const res =
      use === 'test bench'
        ? await admin.post('/api/authentication/providers/test', { type, id, [type]: settings })
        : await admin.put(`/api/authentication/providers/${id}`, {
            name: `p${id}`,
            type,
            enabled: true,
            [type]: settings,
          });
    if (reason) {
      expect(res.statusCode).toBe(422);
      const secretName = type === 'ldap' ? 'bind password' : 'client secret';
      expect(res.json().detail).toEqual([
        {
          loc: ['body', type, kind.secretField],
          msg: `Type the ${secretName} again: ${reason}`,
          type: RETYPE_ERROR,
        },
      ]);
    } else expect(res.statusCode).toBe(200);
    if (use === 'save') {
      // Whatever was stored is what the bench and sign-in use from now on: run it with the stored settings.
      const { [kind.secretField]: _typed, ...saved } = (
        await admin.get(`/api/authentication/providers/${id}`)
      ).json()[type];
      const { [`has_${kind.secretField}`]: _has, ...wire } = saved;
      await admin.post('/api/authentication/providers/test', { type, id, [type]: wire });
    }
    // The recorder stands at the new address: the stored secret never reaches it; a typed one does.
    const recorder = recorderOf(type);
    expect(recorder.got(kind.stored)).toBe(false);
    if (typed) expect(recorder.got(TYPED)).toBe(true);
  });

  it('an unchanged provider still uses its stored secret with its own server', async () => {
    for (const kind of Object.values(KINDS)) {
      const id = await addProvider(kind);
      if (use === 'save') {
        const put = await admin.put(`/api/authentication/providers/${id}`, {
          name: `again ${id}`,
          type: kind.type,
          enabled: true,
          [kind.type]: kind.settings(),
        });
        expect(put.json()[kind.type][`has_${kind.secretField}`]).toBe(true);
      }
      const bench = await admin.post('/api/authentication/providers/test', {
        type: kind.type,
        id,
        [kind.type]: kind.settings(),
      });
      expect(bench.json()).toMatchObject({ ok: true });
    }
  });
});

it('a bind DN emptied (anonymous search) drops the stored password instead of keeping it', async () => {
  const id = await addProvider(KINDS.ldap);
  const res = await admin.put(`/api/authentication/providers/${id}`, {
    name: `anon ${id}`,
    type: 'ldap',
    enabled: true,
    ldap: ldapSettings({ bind_dn: '', url: tcp.url }),
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().ldap.has_bind_password).toBe(false);
  // Setting a bind DN again does not bring it back.
  const again = await admin.put(`/api/authentication/providers/${id}`, {
    name: `anon ${id}`,
    type: 'ldap',
    enabled: true,
    ldap: ldapSettings({ url: tcp.url }),
  });
  expect(again.statusCode).toBe(200);
  await admin.post('/api/authentication/providers/test', {
    type: 'ldap',
    id,
    ldap: ldapSettings({ url: tcp.url }),
  });
  expect(tcp.connections()).toBeGreaterThan(0);
  expect(tcp.got(READER_PASSWORD)).toBe(false);
});

it('settings changed behind the routes (not through a save) never get the stored secret, sign-in included', async () => {
  const id = await addProvider(KINDS.ldap);
  const row = h.ctx.db.prepare('SELECT settings FROM auth_providers WHERE id = ?').get(id) as {
    settings: string;
  };
  h.ctx.db
    .prepare('UPDATE auth_providers SET settings = ? WHERE id = ?')
    .run(JSON.stringify({ ...JSON.parse(row.settings), url: tcp.url }), id);
  expect(providerSecret(h.ctx.db, providerKey(h.ctx.db, h.dataDir), id)).toBeNull();
  const services = await admin.put('/api/authentication/services/console', { provider_ids: [1, id] });
  expect(services.statusCode).toBe(200);
  const browser = new Agent(h.app);
  await browser.visit();
  expect((await browser.login('alice', 'alice-secret')).statusCode).toBe(401);
  expect(tcp.connections()).toBeGreaterThan(0);
  expect(tcp.got(READER_PASSWORD)).toBe(false);
  await admin.put('/api/authentication/services/console', { provider_ids: [1] });
});

describe('dynamic DNS accounts', () => {
  let other: Awaited<ReturnType<typeof httpRecorder>>;
  beforeAll(async () => {
    other = await httpRecorder();
  });
  afterAll(() => other.close());
  beforeEach(() => other.clear());

  const account = (over: Record<string, unknown> = {}) => ({
    provider: 'custom',
    hostname: `h${crypto.randomInt(1e9)}.example.net`,
    username: 'user',
    secret: '',
    update_url: `${web.base}/update?ip=%IP%`,
    ip_source: 'web',
    check_url: `${web.base}/ip`,
    interface: '',
    interval_seconds: 300,
    ttl: 60,
    enabled: true,
    ...over,
  });

  // [what, the change, typed again?, refused with this reason | null]
  const rows: Array<[string, () => Record<string, unknown>, boolean, string | null]> = [
    [
      'another server',
      () => ({ update_url: `${other.base}/update?ip=%IP%` }),
      false,
      'the server address changed',
    ],
    ['another server, secret typed', () => ({ update_url: `${other.base}/update?ip=%IP%` }), true, null],
    ['another user name', () => ({ username: 'someone' }), false, 'the user name changed'],
    ['another path on the same server', () => ({ update_url: `${web.base}/v2?ip=%IP%` }), false, null],
    ['another TTL', () => ({ ttl: 120 }), false, null],
  ];
  it.each(rows)('%s', async (_what, change, typed, reason) => {
    const created = await admin.post('/api/dns/dynamic/accounts', account({ secret: DDNS_SECRET }));
    expect(created.statusCode).toBe(201);
    const { id, hostname } = created.json();
    const res = await admin.put(`/api/dns/dynamic/accounts/${id}`, {
      ...account({ hostname, ...change() }),
      ...(typed ? { secret: TYPED } : {}),
    });
    if (reason) {
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([
        { loc: ['body', 'secret'], msg: `Type the password or token again: ${reason}`, type: RETYPE_ERROR },
      ]);
    } else expect(res.statusCode).toBe(200);
    const updated = await admin.post(`/api/dns/dynamic/accounts/${id}/update`);
    expect(updated.json().last_result).toMatch(/^ok/);
    // The second recorder is the new server: it never sees the stored secret.
    expect(other.got(DDNS_SECRET)).toBe(false);
    if (typed) expect(other.got(TYPED)).toBe(true);
    else expect(web.got(DDNS_SECRET)).toBe(true);
  });

  it('a custom URL without a user name drops the stored secret it no longer sends', async () => {
    const { id, hostname } = (
      await admin.post('/api/dns/dynamic/accounts', account({ secret: DDNS_SECRET }))
    ).json();
    const res = await admin.put(`/api/dns/dynamic/accounts/${id}`, account({ hostname, username: '' }));
    expect(res.json()).toMatchObject({ has_secret: false });
  });

  it('settings changed behind the routes never get the stored secret', async () => {
    const { id } = (await admin.post('/api/dns/dynamic/accounts', account({ secret: DDNS_SECRET }))).json();
    const row = h.ctx.db.prepare('SELECT data FROM ddns_accounts WHERE id = ?').get(id) as { data: string };
    h.ctx.db
      .prepare('UPDATE ddns_accounts SET data = ? WHERE id = ?')
      .run(JSON.stringify({ ...JSON.parse(row.data), update_url: `${other.base}/update?ip=%IP%` }), id);
    const updated = (await admin.post(`/api/dns/dynamic/accounts/${id}/update`)).json();
    expect(updated.last_result).toBe('error: the stored secret was saved for other settings; type it again');
    expect(other.requests()).toBe(0);
  });
});
