/**
 * The configuration document writes sign-in providers, sign-in services and log forwarding targets (issue 29): each
 * change is live through the area's own page, recorded as a revision a revert puts back; a bad entity is a 422 naming
 * it with nothing written; a provider's secret is only ever named by reference and goes only where it was saved for;
 * the forwarder follows targets a document wrote.
 */
import net from 'node:net';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { documentHelpers, until, type Entity } from './support';

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

const { latest, applyChange, revert, plansNothing, refused } = documentHelpers(() => ({
  h,
  admin,
}));

const LDAP = {
  url: 'ldap://127.0.0.1:1',
  starttls: false,
  ca_id: null,
  bind_dn: 'cn=reader,dc=example,dc=test',
  base_dn: 'dc=example,dc=test',
  user_filter: '(uid={username})',
  group_base_dn: '',
  group_filter: '',
  username_attribute: 'uid',
  email_attribute: 'mail',
  name_attribute: 'cn',
  group_name_attribute: 'cn',
};

describe('sign-in providers and services', () => {
  let ldapId: number;
  let key: string;
  const provider = async (id: number) =>
    (await admin.get(`/api/authentication/providers/${id}`)).json() as Entity & {
      ldap?: Entity;
      oidc?: Entity;
    };
  const service = async (id: string) =>
    (
      (await admin.get(`/api/authentication/services/${id}`)).json() as {
        providers: Array<{ name: string }>;
      }
    ).providers.map((p) => p.name);

  beforeAll(async () => {
    const res = await admin.post('/api/authentication/providers', {
      name: 'Directory',
      type: 'ldap',
      enabled: true,
      ldap: { ...LDAP, bind_password: 'reader-secret' },
    });
    expect(res.statusCode).toBe(201);
    ldapId = res.json().id as number;
    key = `provider:${ldapId}`;
  });

  it('changes a provider keeping its bind password, adds an OpenID provider; a revert puts them back', async () => {
    const revision = await applyChange((doc) => {
      const section = doc.sections['authentication.providers'];
      Object.assign(section[key], { name: 'Head office', enabled: false });
      (section[key].settings as Entity).base_dn = 'ou=people,dc=example,dc=test';
      section['provider:40'] = {
        name: 'Cloud SSO',
        type: 'oidc',
        enabled: true,
        settings: {
          issuer: 'https://sso.example.net',
          client_id: 'rampart',
          scopes: ['openid', 'email'],
          username_claim: 'preferred_username',
          email_claim: 'email',
          name_claim: 'name',
          groups_claim: '',
        },
        secret: null,
      };
    });
    expect(await provider(ldapId)).toMatchObject({
      name: 'Head office',
      enabled: false,
      ldap: { base_dn: 'ou=people,dc=example,dc=test', has_bind_password: true },
    });
    expect(await provider(40)).toMatchObject({
      name: 'Cloud SSO',
      type: 'oidc',
      oidc: { issuer: 'https://sso.example.net', has_client_secret: false },
    });
    await plansNothing();
    await revert(revision);
    expect(await provider(ldapId)).toMatchObject({
      name: 'Directory',
      enabled: true,
      ldap: { base_dn: 'dc=example,dc=test', has_bind_password: true },
    });
    expect((await admin.get('/api/authentication/providers/40')).statusCode).toBe(404);
  });

  it('sets the providers of the SSH service by name; a revert puts the list back', async () => {
    const revision = await applyChange((doc) => {
      doc.sections['authentication.services']['service:ssh'].providers = ['Directory', 'Local accounts'];
    });
    expect(await service('ssh')).toEqual(['Directory', 'Local accounts']);
    await plansNothing();
    // Removing the directory while the document still lists it on SSH would not leave SSH as the document says.
    const listed = await refused(
      (doc) => {
        delete doc.sections['authentication.providers'][key];
      },
      ['body', 'sections', 'authentication.services', 'service:ssh'],
      'value_error.config.follows',
    );
    expect(listed.msg).toMatch(/change it in the document too/);
    await revert(revision);
    expect(await service('ssh')).toEqual(['Local accounts']);
  });

  it('refuses a moved directory whose bind password would go elsewhere, and a secret in the settings', async () => {
    const moved = await refused(
      (doc) => {
        (doc.sections['authentication.providers'][key].settings as Entity).url = 'ldap://evil.example.net';
      },
      ['body', 'sections', 'authentication.providers', key, 'secret'],
      'value_error.secret.retype',
    );
    expect(moved.msg).toMatch(/Type the bind password again: the server address changed/);
    await refused(
      (doc) => {
        (doc.sections['authentication.providers'][key].settings as Entity).bind_password = 'guess';
      },
      ['body', 'sections', 'authentication.providers', key, 'settings', 'bind_password'],
      'value_error.config.read_only',
    );
    const other = await refused(
      (doc) => {
        doc.sections['authentication.providers'][key].secret = { $secret: '00000000' };
      },
      ['body', 'sections', 'authentication.providers', key],
      'value_error.config.read_only',
    );
    expect(other.msg).toMatch(/a secret cannot be set from a configuration document/);
  });

  it('refuses bad providers with nothing changed: rules of the page, a changed type, the built-in one', async () => {
    await refused(
      (doc) => {
        (doc.sections['authentication.providers'][key].settings as Entity).ca_id = 'no-such-ca';
      },
      ['body', 'sections', 'authentication.providers', key, 'settings', 'ca_id'],
      'value_error.not_found',
    );
    await refused(
      (doc) => {
        (doc.sections['authentication.providers'][key].settings as Entity).user_filter = 'uid';
      },
      ['body', 'sections', 'authentication.providers', key, 'settings', 'user_filter'],
    );
    await refused(
      (doc) => {
        doc.sections['authentication.providers'][key].type = 'oidc';
      },
      ['body', 'sections', 'authentication.providers', key, 'type'],
      'value_error.const',
    );
    await refused(
      (doc) => {
        delete doc.sections['authentication.providers']['provider:1'];
      },
      ['body', 'sections', 'authentication.providers', 'provider:1'],
      'value_error.config.builtin',
    );
    await refused(
      (doc) => {
        doc.sections['authentication.providers']['provider:1'].enabled = false;
      },
      ['body', 'sections', 'authentication.providers', 'provider:1'],
      'value_error.config.read_only',
    );
  });

  it('refuses an unknown provider, an OpenID provider outside the console and a console without local accounts', async () => {
    const unknown = await refused(
      (doc) => {
        doc.sections['authentication.services']['service:api'].providers = ['Local accounts', 'Nobody'];
      },
      ['body', 'sections', 'authentication.services', 'service:api', 'providers', 1],
      'value_error.not_found',
    );
    expect(unknown.msg).toBe('no provider is called "Nobody"');
    await refused(
      (doc) => {
        doc.sections['authentication.services']['service:console'].providers = ['Directory'];
      },
      ['body', 'sections', 'authentication.services', 'service:console', 'providers'],
      'value_error.local_required',
    );
    await refused(
      (doc) => {
        delete doc.sections['authentication.services']['service:ssh'];
      },
      ['body', 'sections', 'authentication.services', 'service:ssh', 'providers'],
      'value_error.missing',
    );
  });
});

it('keeps the last-admin rule: disabling the only way in of the last admin is refused, nothing written', async () => {
  const db = h.ctx.db;
  const adminId = (db.prepare("SELECT id FROM users WHERE username = 'admin'").get() as { id: number }).id;
  const id = (db.prepare("SELECT id FROM auth_providers WHERE name = 'Directory'").get() as { id: number })
    .id;
  // The admin signs in through the directory only (a linked account's local password does not count).
  db.prepare(
    `INSERT INTO provider_accounts (provider_id, subject, user_id, managed, groups, last_login)
     VALUES (?, 'uid=admin,dc=example,dc=test', ?, 0, '[]', 0)`,
  ).run(id, adminId);
  db.prepare(
    'INSERT OR IGNORE INTO auth_service_providers (service, provider_id, position) VALUES (?, ?, 5)',
  ).run('console', id);
  try {
    const detail = await refused(
      (doc) => {
        doc.sections['authentication.providers'][`provider:${id}`].enabled = false;
      },
      ['body', 'sections', 'authentication.providers'],
      'status_error.conflicting_users',
      409,
    );
    expect(detail.msg).toMatch(/"admin" cannot be changed/);
  } finally {
    db.prepare('DELETE FROM provider_accounts WHERE provider_id = ?').run(id);
    db.prepare("DELETE FROM auth_service_providers WHERE service = 'console' AND provider_id = ?").run(id);
  }
});

describe('log forwarding', () => {
  const target = {
    name: 'SIEM',
    enabled: true,
    protocol: 'tcp',
    host: '127.0.0.1',
    port: 4611,
    audit: false,
    services: [],
    tls_certificate_id: null,
    tls_ca_id: null,
    queue_limit: 1000,
  };
  const targets = async () =>
    (await admin.get('/api/forwarding/targets')).json().data as Array<Entity & { id: number }>;

  it('adds a target the forwarder sends to at once; a revert removes it', async () => {
    const received: string[] = [];
    const server = net.createServer((socket) => socket.on('data', (d) => received.push(d.toString())));
    await new Promise<void>((resolve) => server.listen(4611, '127.0.0.1', resolve));
    try {
      const revision = await applyChange((doc) => {
        doc.sections['settings.log_forwarding']['target:7'] = target;
      });
      expect(await targets()).toEqual([expect.objectContaining({ id: 7, name: 'SIEM', port: 4611 })]);
      await plansNothing();
      // The forwarder picked the target up: its test message reaches the collector.
      expect((await admin.post('/api/forwarding/targets/7/test')).statusCode).toBe(200);
      await until(() => received.join('').includes('log forwarding test'));
      await revert(revision);
      expect(await targets()).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('changes a target from the document; a revert puts it back', async () => {
    await applyChange((doc) => {
      doc.sections['settings.log_forwarding']['target:8'] = { ...target, enabled: false };
    });
    const revision = await applyChange((doc) => {
      Object.assign(doc.sections['settings.log_forwarding']['target:8'], {
        protocol: 'udp',
        port: 514,
        services: ['dns'],
      });
    });
    expect((await latest()).summary).toMatch(/Log forwarding target SIEM/);
    expect((await targets())[0]).toMatchObject({ id: 8, protocol: 'udp', port: 514, services: ['dns'] });
    await plansNothing();
    await revert(revision);
    expect((await targets())[0]).toMatchObject({ id: 8, protocol: 'tcp', port: 4611, services: [] });
  });

  it('refuses a TLS certificate that does not exist and a bad port, with nothing changed', async () => {
    const tls = await refused(
      (doc) => {
        doc.sections['settings.log_forwarding']['target:9'] = {
          ...target,
          protocol: 'tls',
          tls_certificate_id: 'no-such-certificate',
        };
      },
      ['body', 'sections', 'settings.log_forwarding', 'target:9', 'tls_certificate_id'],
      'value_error.pki',
    );
    expect(tls.msg).toMatch(/No PKI certificate/);
    await refused(
      (doc) => {
        doc.sections['settings.log_forwarding']['target:9'] = { ...target, port: 0 };
      },
      ['body', 'sections', 'settings.log_forwarding', 'target:9', 'port'],
    );
  });
});
