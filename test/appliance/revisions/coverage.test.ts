/**
 * Every write route of the API records a revision when it changes the configuration (issue 29). The list of write
 * routes comes from the server itself (`declaredRoutes`, what the OpenAPI document is built from): each one is either
 * exempt with its reason (src/appliance/revisions/exempt.ts), or reaches at least one section and is called here for
 * real, after which a new revision must name it. A new write route is therefore a failing test until it is given a
 * call below (and a section that sees its change) or an exemption that says why it changes no configuration.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { totpCode } from '../../../src/appliance/auth/totp';
import { declaredRoutes } from '../../../src/appliance/http/routeAccess';
import { EXEMPT_WRITES, routeKey, sectionsForRoute } from '../../../src/appliance/revisions';
import { rootCaBody, openssl, opensslSelfSigned, tempDir, writeTemp } from '../pki/support';
import { adminAgent, startServer, userAgent, type Agent, type Harness } from '../support/harness';

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes that change configuration but cannot be called in this test, and where they are covered instead. */
const NOT_CALLED_HERE: Record<string, string> = {
  'POST /pki/acme/accounts':
    'registers at a real ACME server (pebble: test/appliance/pki/acme.test.ts); section pki.acme',
  'DELETE /pki/acme/accounts/:id': 'needs a registered ACME account (pebble); section pki.acme',
  'POST /pki/acme/orders': 'needs a registered ACME account (pebble); section pki.acme',
  'PATCH /pki/acme/orders/:id': 'needs an ACME order (pebble); section pki.acme',
  'DELETE /pki/acme/orders/:id': 'needs an ACME order (pebble); section pki.acme',
  'POST /pki/acme/orders/bulk': 'needs an ACME order (pebble); section pki.acme',
  'POST /users/me/second-factors/webauthn':
    'needs a WebAuthn attestation ceremony (test/appliance/users/securityKeys.test.ts); section authentication.accounts',
};

function sshKey(comment: string): string {
  const { publicKey } = crypto.generateKeyPairSync('ed25519');
  const raw = (publicKey.export({ format: 'der', type: 'spki' }) as Buffer).subarray(-32);
  const field = (b: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.length);
    return Buffer.concat([len, b]);
  };
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

function updateKeyPem(): string {
  const { publicKey } = crypto.generateKeyPairSync('ed25519');
  return publicKey.export({ format: 'pem', type: 'spki' }).toString();
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Call = {
  /** `METHOD path` under the API base, as the route is registered. */
  route: string;
  run: () => Promise<{ statusCode: number; body: string }>;
};

const s: Record<string, string> = {};
const json = (res: { json: () => unknown }) => res.json() as Record<string, unknown>;

const dir = tempDir();

/** One real call per write route, in an order where each finds what it needs. */
const CALLS: Call[] = [
  {
    route: 'PUT /config/settings',
    run: () => admin.put('/api/config/settings', { primary_color: '#225588', bar_color: '#112233' }),
  },
  {
    route: 'DELETE /config/settings',
    run: () => admin.request({ method: 'DELETE', url: '/api/config/settings' }),
  },
  {
    route: 'PUT /config/:slot',
    run: () =>
      admin.request({
        method: 'PUT',
        url: '/api/config/bar_logo',
        payload: PNG,
        headers: { 'content-type': 'image/png' },
      }),
  },
  {
    route: 'DELETE /config/:slot',
    run: () => admin.request({ method: 'DELETE', url: '/api/config/bar_logo' }),
  },
  {
    route: 'PUT /updates/settings',
    run: () =>
      admin.put('/api/updates/settings', { repository: 'https://updates.example.test/', channel: 'stable' }),
  },
  {
    route: 'PUT /updates/schedule',
    run: () => admin.put('/api/updates/schedule', { enabled: true, day: 'sun', time: '04:30' }),
  },
  {
    route: 'POST /updates/trusted-keys',
    run: () => admin.post('/api/updates/trusted-keys', { name: 'release', pem: updateKeyPem() }),
  },
  {
    route: 'PUT /dns/proxy/settings',
    run: () =>
      admin.put('/api/dns/proxy/settings', {
        enabled: true,
        listen_interfaces: ['127.0.0.1'],
        port: 5353,
        cache_size_mb: 16,
        dnssec: true,
      }),
  },
  ...(['upstreams', 'host_overrides', 'domain_overrides', 'access_lists'] as const).flatMap(
    (list): Call[] => {
      const bodies: Record<
        string,
        [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]
      > = {
        upstreams: [
          { address: '9.9.9.9', port: 853, tls: true, tls_name: 'dns.quad9.net' },
          { address: '9.9.9.9', port: 853, tls: true, tls_name: 'dns9.quad9.net' },
          { address: '1.1.1.1', port: 53, tls: false, tls_name: '' },
        ],
        host_overrides: [
          { host: 'nas', domain: 'home.arpa', address: '192.168.1.10' },
          { host: 'nas', domain: 'home.arpa', address: '192.168.1.11' },
          { host: 'tv', domain: 'home.arpa', address: '192.168.1.12' },
        ],
        domain_overrides: [
          { domain: 'corp.example', server: '10.0.0.53', port: 53 },
          { domain: 'corp.example', server: '10.0.0.54', port: 53 },
          { domain: 'lab.example', server: '10.0.0.55', port: 53 },
        ],
        access_lists: [
          { subnet: '192.168.1.0/24', action: 'allow' },
          { subnet: '192.168.1.0/24', action: 'refuse' },
          { subnet: '10.9.0.0/16', action: 'allow' },
        ],
      };
      const [create, update, other] = bodies[list];
      const base = `/api/dns/proxy/${list}`;
      return [
        {
          route: `POST /dns/proxy/${list}`,
          run: async () => {
            const r = await admin.post(base, create);
            s[list] = String(json(r).id);
            return r;
          },
        },
        { route: `PUT /dns/proxy/${list}/:id`, run: () => admin.put(`${base}/${s[list]}`, update) },
        {
          route: `DELETE /dns/proxy/${list}/:id`,
          run: () => admin.request({ method: 'DELETE', url: `${base}/${s[list]}` }),
        },
        {
          route: `POST /dns/proxy/${list}/delete`,
          run: async () => {
            const id = json(await admin.post(base, other)).id;
            return admin.post(`${base}/delete`, { ids: [id] });
          },
        },
      ];
    },
  ),
  {
    route: 'POST /dns/dynamic/accounts',
    run: async () => {
      const r = await admin.post('/api/dns/dynamic/accounts', {
        provider: 'dyndns',
        hostname: 'home.example.net',
        username: 'me',
        secret: 's3cret',
        update_url: '',
        ip_source: 'web',
        check_url: 'https://ip.example.test/',
        interface: '',
        interval_seconds: 300,
        ttl: 60,
        enabled: true,
      });
      s.ddns = String(json(r).id);
      return r;
    },
  },
  {
    route: 'PUT /dns/dynamic/accounts/:id',
    run: () =>
      admin.put(`/api/dns/dynamic/accounts/${s.ddns}`, {
        provider: 'dyndns',
        hostname: 'home.example.net',
        username: 'me',
        secret: 'n3w-secret',
        update_url: '',
        ip_source: 'web',
        check_url: 'https://ip.example.test/',
        interface: '',
        interval_seconds: 600,
        ttl: 60,
        enabled: true,
      }),
  },
  {
    route: 'DELETE /dns/dynamic/accounts/:id',
    run: () => admin.request({ method: 'DELETE', url: `/api/dns/dynamic/accounts/${s.ddns}` }),
  },
  {
    route: 'POST /dns/dynamic/accounts/delete',
    run: async () => {
      const id = json(
        await admin.post('/api/dns/dynamic/accounts', {
          provider: 'dyndns',
          hostname: 'b.example.net',
          username: 'me',
          secret: 'x',
          update_url: '',
          ip_source: 'web',
          check_url: 'https://ip.example.test/',
          interface: '',
          interval_seconds: 300,
          ttl: 60,
          enabled: true,
        }),
      ).id;
      return admin.post('/api/dns/dynamic/accounts/delete', { ids: [id] });
    },
  },
  {
    route: 'PUT /ssh/config/settings',
    run: async () => {
      const settings = json(await admin.get('/api/ssh/config')).settings as Record<string, unknown>;
      return admin.put('/api/ssh/config/settings', { ...settings, permit_root_login: 'prohibit-password' });
    },
  },
  {
    route: 'POST /ssh/config/authorized_keys',
    run: async () => {
      const r = await admin.post('/api/ssh/config/authorized_keys', {
        username: 'admin',
        key: sshKey('alice@laptop'),
      });
      s.key = String(json(r).id);
      return r;
    },
  },
  {
    route: 'PUT /ssh/config/authorized_keys/:id',
    run: () =>
      admin.put(`/api/ssh/config/authorized_keys/${s.key}`, {
        username: 'backup',
        key: sshKey('alice@laptop'),
      }),
  },
  {
    route: 'DELETE /ssh/config/authorized_keys/:id',
    run: () => admin.request({ method: 'DELETE', url: `/api/ssh/config/authorized_keys/${s.key}` }),
  },
  {
    route: 'POST /ssh/config/authorized_keys/delete',
    run: async () => {
      const id = json(
        await admin.post('/api/ssh/config/authorized_keys', { username: 'admin', key: sshKey('bob') }),
      ).id;
      return admin.post('/api/ssh/config/authorized_keys/delete', { ids: [id] });
    },
  },
  {
    route: 'PUT /ssh/password',
    run: () =>
      admin.put('/api/ssh/password', {
        current_password: 'correct horse battery staple',
        new_password: 'Shell-account-pass-2041',
      }),
  },
  {
    route: 'PUT /network/preferences',
    run: () =>
      admin.put('/api/network/preferences', {
        hostname: 'gateway',
        domain: 'example.test',
        dns_servers: ['9.9.9.9'],
        ntp_servers: ['pool.ntp.org'],
        timezone: 'UTC',
      }),
  },
  {
    route: 'PUT /config/lockout',
    run: () => admin.put('/api/config/lockout', { attempts: 9, window_seconds: 600, duration_seconds: 600 }),
  },
  {
    route: 'POST /apply/confirmations/:id/revert',
    run: async () => {
      // A stricter policy awaits confirmation; reverting it restores the looser one.
      const stricter = json(
        await admin.put('/api/config/lockout', { attempts: 3, window_seconds: 600, duration_seconds: 600 }),
      );
      const id = (stricter.confirmation as { id: string }).id;
      return admin.post(`/api/apply/confirmations/${id}/revert`);
    },
  },
  {
    route: 'POST /groups',
    run: async () => {
      const r = await admin.post('/api/groups', { name: 'Operators', privileges: { dns: 'read' } });
      s.group = String(json(r).id);
      return r;
    },
  },
  {
    route: 'PUT /groups/:id',
    run: () =>
      admin.put(`/api/groups/${s.group}`, {
        name: 'Operators',
        description: 'Night shift',
        members: [],
        privileges: { dns: 'write' },
      }),
  },
  {
    route: 'DELETE /groups/:id',
    run: () => admin.request({ method: 'DELETE', url: `/api/groups/${s.group}` }),
  },
  {
    route: 'POST /groups/bulk',
    run: async () => {
      const id = json(await admin.post('/api/groups', { name: 'Temporary' })).id;
      return admin.post('/api/groups/bulk', { action: 'delete', ids: [id] });
    },
  },
  {
    route: 'POST /users',
    run: async () => {
      const r = await admin.post('/api/users', { username: 'ann', role: 'user' });
      s.user = String(json(r).id);
      return r;
    },
  },
  {
    route: 'PUT /users/:id',
    run: () =>
      admin.put(`/api/users/${s.user}`, {
        email: 'ann@example.test',
        full_name: 'Ann Example',
        role: 'user',
        enabled: true,
        expires_at: null,
      }),
  },
  {
    route: 'PUT /users/me/second-factors/totp',
    run: async () => {
      const bob = await userAgent(h, 'bob');
      const { secret } = json(await bob.get('/api/users/me/second-factors/totp/new')) as { secret: string };
      s.bob = String(
        (h.ctx.db.prepare("SELECT id FROM users WHERE username = 'bob'").get() as { id: number }).id,
      );
      return bob.put('/api/users/me/second-factors/totp', {
        secret,
        code: await totpCode(secret, Math.floor(Date.now() / 1000)),
      });
    },
  },
  {
    route: 'DELETE /users/:id/second-factors',
    run: () => admin.request({ method: 'DELETE', url: `/api/users/${s.bob}/second-factors` }),
  },
  {
    route: 'DELETE /users/me/second-factors/webauthn/:id',
    run: async () => {
      const carol = await userAgent(h, 'carol');
      const id = (h.ctx.db.prepare("SELECT id FROM users WHERE username = 'carol'").get() as { id: number })
        .id;
      const key = h.ctx.db
        .prepare(
          `INSERT INTO user_security_keys (user_id, credential_id, public_key, alg, rp_id, name, created_at)
           VALUES (?, 'cred-1', 'pk', -7, 'localhost', 'Desk key', ?)`,
        )
        .run(id, Date.now()).lastInsertRowid;
      return carol.request({ method: 'DELETE', url: `/api/users/me/second-factors/webauthn/${key}` });
    },
  },
  { route: 'DELETE /users/:id', run: () => admin.request({ method: 'DELETE', url: `/api/users/${s.user}` }) },
  {
    route: 'POST /users/bulk',
    run: async () => admin.post('/api/users/bulk', { action: 'disable', ids: [Number(s.bob)] }),
  },
  {
    route: 'POST /authentication/providers',
    run: async () => {
      const r = await admin.post('/api/authentication/providers', {
        name: 'Directory',
        type: 'ldap',
        enabled: true,
        ldap: {
          url: 'ldap://127.0.0.1:1',
          starttls: false,
          ca_id: null,
          bind_dn: 'cn=reader,dc=example,dc=test',
          bind_password: 'reader-secret',
          base_dn: 'dc=example,dc=test',
          user_filter: '(uid={username})',
          group_base_dn: '',
          group_filter: '',
          username_attribute: 'uid',
          email_attribute: 'mail',
          name_attribute: 'cn',
          group_name_attribute: 'cn',
        },
      });
      s.provider = String(json(r).id);
      return r;
    },
  },
  {
    route: 'PUT /authentication/providers/:id',
    run: () =>
      admin.put(`/api/authentication/providers/${s.provider}`, {
        name: 'Directory',
        type: 'ldap',
        enabled: false,
        ldap: {
          url: 'ldap://127.0.0.1:1',
          starttls: false,
          ca_id: null,
          bind_dn: 'cn=reader,dc=example,dc=test',
          bind_password: 'other-secret',
          base_dn: 'dc=example,dc=test',
          user_filter: '(uid={username})',
          group_base_dn: '',
          group_filter: '',
          username_attribute: 'uid',
          email_attribute: 'mail',
          name_attribute: 'cn',
          group_name_attribute: 'cn',
        },
      }),
  },
  {
    route: 'PUT /authentication/services/:id',
    run: () => admin.put('/api/authentication/services/ssh', { provider_ids: [Number(s.provider), 1] }),
  },
  {
    route: 'POST /alerts/channels',
    run: async () => {
      const r = await admin.post('/api/alerts/channels', {
        name: 'Collector',
        type: 'webhook',
        enabled: true,
        min_severity: 'warning',
        kinds: [],
        url: 'https://collector.example.net/hook',
        secret: 'collector-signing-secret-0123',
      });
      s.channel = String(json(r).id);
      return r;
    },
  },
  {
    route: 'PUT /alerts/channels/:id',
    run: () =>
      admin.put(`/api/alerts/channels/${s.channel}`, {
        name: 'Collector',
        type: 'webhook',
        enabled: false,
        min_severity: 'critical',
        kinds: [],
        url: 'https://collector.example.net/hook',
      }),
  },
  {
    route: 'PUT /alerts/settings',
    run: () => admin.put('/api/alerts/settings', { expiry_days: [90, 30, 7], lockout_threshold: 8 }),
  },
  {
    route: 'DELETE /alerts/channels/:id',
    run: () => admin.request({ method: 'DELETE', url: `/api/alerts/channels/${s.channel}` }),
  },
  {
    route: 'POST /forwarding/targets',
    run: async () => {
      const r = await admin.post('/api/forwarding/targets', {
        name: 'SIEM',
        enabled: false,
        protocol: 'tcp',
        host: 'siem.example.net',
        port: 6514,
        audit: true,
        services: ['dns'],
        tls_certificate_id: null,
        tls_ca_id: null,
        queue_limit: 1000,
      });
      s.forwarding = String(json(r).id);
      return r;
    },
  },
  {
    route: 'PUT /backups/schedule',
    run: () =>
      admin.put('/api/backups/schedule', {
        schedule: 'weekly',
        at_time: '02:30',
        weekday: 6,
        interval_hours: 24,
        passphrase: 'weekly archive passphrase',
      }),
  },
  {
    route: 'POST /backups/targets',
    run: async () => {
      const r = await admin.post('/api/backups/targets', {
        name: 'Archive disk',
        kind: 'local',
        directory: '/srv/backups',
        keep: 7,
        enabled: true,
      });
      s.backupTarget = String(json(r).id);
      return r;
    },
  },
  {
    route: 'PUT /fleet/settings',
    run: () =>
      admin.put('/api/fleet/settings', {
        manage: false,
        nats: 'embedded',
        public_host: 'fleet.example.net',
        listen_address: '127.0.0.1',
        nats_port: 4222,
        enrol_port: 4224,
        external_url: '',
      }),
  },
  {
    route: 'PUT /forwarding/targets/:id',
    run: () =>
      admin.put(`/api/forwarding/targets/${s.forwarding}`, {
        name: 'SIEM',
        enabled: false,
        protocol: 'udp',
        host: 'siem.example.net',
        port: 514,
        audit: true,
        services: [],
        tls_certificate_id: null,
        tls_ca_id: null,
        queue_limit: 1000,
      }),
  },
  {
    route: 'DELETE /forwarding/targets/:id',
    run: () => admin.request({ method: 'DELETE', url: `/api/forwarding/targets/${s.forwarding}` }),
  },
  {
    route: 'PUT /backups/targets/:id',
    run: () =>
      admin.put(`/api/backups/targets/${s.backupTarget}`, {
        name: 'Archive disk',
        kind: 'local',
        directory: '/srv/backups',
        keep: 14,
        enabled: true,
      }),
  },
  {
    route: 'DELETE /backups/targets/:id',
    run: () => admin.request({ method: 'DELETE', url: `/api/backups/targets/${s.backupTarget}` }),
  },
  {
    route: 'DELETE /authentication/providers/:id',
    run: () => admin.request({ method: 'DELETE', url: `/api/authentication/providers/${s.provider}` }),
  },
  {
    route: 'PUT /authentication/signup',
    run: () =>
      admin.put('/api/authentication/signup', { mode: 'domains', allowed_domains: ['example.test'] }),
  },
  {
    route: 'POST /pki/cas',
    run: async () => {
      const r = await admin.post('/api/pki/cas', rootCaBody('Revisions Root', 'ec-p256'));
      s.ca = String(json(r).id);
      return r;
    },
  },
  {
    route: 'POST /pki/cas/import',
    run: async () => {
      const ext = opensslSelfSigned(dir, '/CN=Outside Root', { ca: true, key: 'outside' });
      const r = await admin.post('/api/pki/cas/import', { name: 'Outside Root', certificate: ext.cert });
      s.importedCa = String(json(r).id);
      return r;
    },
  },
  {
    route: 'DELETE /pki/cas/:id',
    run: () => admin.request({ method: 'DELETE', url: `/api/pki/cas/${s.importedCa}` }),
  },
  {
    route: 'POST /pki/cas/bulk',
    run: async () => {
      const id = json(await admin.post('/api/pki/cas', rootCaBody('Short-lived Root', 'ec-p256'))).id;
      return admin.post('/api/pki/cas/bulk', { action: 'delete', ids: [id] });
    },
  },
  {
    route: 'POST /pki/certificates',
    run: async () => {
      const r = await admin.post('/api/pki/certificates', {
        ca_id: s.ca,
        profile: 'server',
        subject: { common_name: 'www.example.test' },
        sans: { dns: ['www.example.test'] },
        validity_days: 90,
        key_type: 'ec-p256',
      });
      s.cert = String(json(r).id);
      return r;
    },
  },
  {
    route: 'POST /pki/certificates/:id/renew',
    run: async () => {
      const r = await admin.post(`/api/pki/certificates/${s.cert}/renew`, {
        validity_days: 60,
        revoke_previous: false,
      });
      s.renewed = String(json(r).id);
      return r;
    },
  },
  {
    route: 'POST /pki/certificates/:id/revoke',
    run: () => admin.post(`/api/pki/certificates/${s.cert}/revoke`, { reason: 'superseded' }),
  },
  {
    route: 'DELETE /pki/certificates/:id',
    run: () => admin.request({ method: 'DELETE', url: `/api/pki/certificates/${s.renewed}` }),
  },
  {
    route: 'POST /pki/certificates/bulk',
    run: async () => {
      const id = json(
        await admin.post('/api/pki/certificates', {
          ca_id: s.ca,
          profile: 'client',
          subject: { common_name: 'ops' },
          sans: { email: ['ops@example.test'] },
          validity_days: 30,
          key_type: 'ec-p256',
        }),
      ).id;
      return admin.post('/api/pki/certificates/bulk', { action: 'delete', ids: [id] });
    },
  },
  {
    route: 'POST /pki/certificates/csr',
    run: () => {
      const keyFile = `${dir}/csr-key.pem`;
      const csrFile = `${dir}/csr.pem`;
      openssl([
        'req',
        '-new',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        csrFile,
        '-subj',
        '/CN=csr.example.test',
        '-addext',
        'subjectAltName=DNS:csr.example.test',
      ]);
      return admin.post('/api/pki/certificates/csr', {
        ca_id: s.ca,
        profile: 'server',
        csr: fs.readFileSync(csrFile, 'utf8'),
        validity_days: 30,
      });
    },
  },
  {
    route: 'POST /pki/certificates/import',
    run: () => {
      const ext = opensslSelfSigned(dir, '/CN=imported.example.test', { ca: false, key: 'leaf' });
      return admin.post('/api/pki/certificates/import', {
        name: 'Imported',
        certificate: ext.cert,
        private_key: ext.key,
      });
    },
  },
  {
    route: 'POST /pki/certificates/import-pkcs12',
    run: () => {
      const ext = opensslSelfSigned(dir, '/CN=p12.example.test', { ca: false, key: 'p12' });
      const keyFile = writeTemp(dir, 'p12-key.pem', ext.key);
      const certFile = writeTemp(dir, 'p12-cert.pem', ext.cert);
      const out = `${dir}/bundle.p12`;
      openssl([
        'pkcs12',
        '-export',
        '-inkey',
        keyFile,
        '-in',
        certFile,
        '-out',
        out,
        '-passout',
        'pass:bundle-pass',
      ]);
      return admin.post('/api/pki/certificates/import-pkcs12', {
        pkcs12: fs.readFileSync(out).toString('base64'),
        password: 'bundle-pass',
      });
    },
  },
  { route: 'POST /pki/cas/:id/crl', run: () => admin.post(`/api/pki/cas/${s.ca}/crl`) },
  {
    route: 'POST /pki/crls/import',
    run: async () => {
      const served = (await admin.get(`/api/pki/cas/${s.ca}/crl`)).body;
      const r = await admin.post('/api/pki/crls/import', { name: 'Copy', crl: served });
      s.crl = String(json(r).id);
      return r;
    },
  },
  {
    route: 'DELETE /pki/crls/:id',
    run: () => admin.request({ method: 'DELETE', url: `/api/pki/crls/${s.crl}` }),
  },
  {
    route: 'POST /pki/crls/bulk',
    run: async () => {
      const served = (await admin.get(`/api/pki/cas/${s.ca}/crl`)).body;
      const id = json(await admin.post('/api/pki/crls/import', { name: 'Second copy', crl: served })).id;
      return admin.post('/api/pki/crls/bulk', { action: 'delete', ids: [id] });
    },
  },
];

const writeRoutes = () =>
  declaredRoutes(h.app)
    .filter((d) => !SAFE.has(d.method))
    .map((d) => ({ ...d, key: routeKey(h.ctx, d.method, d.url) }));

it('gives every write route an exemption with its reason, or a section it can change', () => {
  const unmapped = writeRoutes().filter(
    (d) => !(d.key in EXEMPT_WRITES) && sectionsForRoute(h.ctx, d.method, d.url, d.access).length === 0,
  );
  expect(unmapped.map((d) => d.key)).toEqual([]);
  // The exemptions name routes that exist, each with a reason.
  const keys = new Set(writeRoutes().map((d) => d.key));
  for (const [key, reason] of Object.entries(EXEMPT_WRITES)) {
    expect([key, keys.has(key)]).toEqual([key, true]);
    expect(reason.length).toBeGreaterThan(10);
  }
});

it('calls every other write route for real, and each records a revision naming it', async () => {
  const expected = writeRoutes()
    .filter((d) => !(d.key in EXEMPT_WRITES) && !(d.key in NOT_CALLED_HERE))
    .map((d) => d.key)
    .sort();
  expect(CALLS.map((c) => `${c.route.split(' ')[0]} ${c.route.split(' ')[1]}`).sort()).toEqual(
    expected.map((k) => k).sort(),
  );
  const lastId = () =>
    (h.ctx.db.prepare('SELECT MAX(id) AS id FROM revisions').get() as { id: number | null }).id ?? 0;
  const missing: string[] = [];
  for (const call of CALLS) {
    const before = lastId();
    const res = await call.run();
    if (res.statusCode >= 300) throw new Error(`${call.route}: ${res.statusCode} ${res.body}`);
    const routes = (
      h.ctx.db.prepare('SELECT route FROM revisions WHERE id > ?').all(before) as Array<{ route: string }>
    ).map((r) => r.route);
    if (!routes.includes(`${call.route.split(' ')[0]} /api${call.route.split(' ')[1]}`))
      missing.push(call.route);
  }
  expect(missing).toEqual([]);
}, 240_000);
