/**
 * The configuration as one document (issue 29): every area's configuration in one versioned JSON document with
 * secrets as references, and a plan of what a document would change (lock-out-prone changes marked) that changes
 * nothing; an unchanged document plans to nothing.
 */
import { CONFIG_FORMAT } from '../../../src/shared/contracts/revisions';
import {
  adminAgent,
  grantPrivileges,
  startServer,
  userAgent,
  type Agent,
  type Harness,
} from '../support/harness';

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
  await admin.post('/api/dns/proxy/upstreams', {
    address: '9.9.9.9',
    port: 853,
    tls: true,
    tls_name: 'dns.quad9.net',
  });
  await admin.post('/api/dns/dynamic/accounts', {
    provider: 'dyndns',
    hostname: 'home.example.net',
    username: 'me',
    secret: 'the-ddns-s3cret',
    update_url: '',
    ip_source: 'web',
    check_url: 'https://ip.example.test/',
    interface: '',
    interval_seconds: 300,
    ttl: 60,
    enabled: true,
  });
  await admin.post('/api/groups', { name: 'Operators', privileges: { dns: 'read' } });
}, 60_000);
afterAll(() => h.close());

const exportDoc = async () => {
  const res = await admin.get('/api/config');
  expect(res.statusCode).toBe(200);
  return res.json() as { format: string; sections: Record<string, Record<string, Record<string, unknown>>> };
};

it('exports every area in one versioned document, secrets as references only', async () => {
  const doc = await exportDoc();
  expect(doc.format).toBe(CONFIG_FORMAT);
  expect(Object.keys(doc.sections)).toEqual(
    expect.arrayContaining([
      'dns.proxy',
      'dns.dynamic',
      'ssh',
      'authentication.lockout',
      'authentication.groups',
      'authentication.accounts',
      'settings.layout',
      'updates.settings',
      'pki.certificates',
    ]),
  );
  expect(Object.values(doc.sections['dns.proxy'])).toContainEqual({
    address: '9.9.9.9',
    port: 853,
    tls: true,
    tls_name: 'dns.quad9.net',
  });
  const text = JSON.stringify(doc);
  expect(text).not.toContain('the-ddns-s3cret');
  expect(Object.values(doc.sections['dns.dynamic'])[0].secret).toEqual({
    $secret: expect.stringMatching(/^[0-9a-f]{8}$/),
  });
  expect(text).not.toMatch(/password_hash|\$argon2/);
});

it('plans an unchanged document to nothing, and the export round-trips to the same export', async () => {
  const doc = await exportDoc();
  const plan = await admin.post('/api/config/plan', doc);
  expect(plan.statusCode).toBe(200);
  expect(plan.json()).toEqual({
    format: CONFIG_FORMAT,
    changes: [],
    unknown_sections: [],
    missing_sections: [],
  });
  const again = await exportDoc();
  expect(again.sections).toEqual(doc.sections);
});

it('plans the changes of an edited document per entity, marks what can lock an admin out, and changes nothing', async () => {
  const doc = await exportDoc();
  const revisions = (await admin.get('/api/revisions')).json().total;
  const ssh = doc.sections.ssh.settings as { port: number };
  ssh.port = 2222;
  const dns = doc.sections['dns.proxy'].settings as { cache_size_mb: number };
  dns.cache_size_mb = 16;
  doc.sections['dns.proxy']['upstream:999'] = { address: '1.1.1.1', port: 53, tls: false, tls_name: '' };
  const groupId = Object.keys(doc.sections['authentication.groups'])[0];
  delete doc.sections['authentication.groups'][groupId];
  const account = Object.values(doc.sections['dns.dynamic'])[0];
  account.secret = { $secret: '00000000' };
  const plan = (await admin.post('/api/config/plan', doc)).json();
  expect(plan.changes).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        section: 'ssh',
        id: 'settings',
        op: 'changed',
        line: 'SSH service: port 22 → 2222',
        lockout_prone: true,
        keep_changes: true,
      }),
      expect.objectContaining({
        section: 'dns.proxy',
        line: 'DNS proxy: cache size 4 → 16 MiB',
        lockout_prone: false,
      }),
      expect.objectContaining({ section: 'dns.proxy', op: 'added', line: 'Upstream 1.1.1.1@53 added' }),
      expect.objectContaining({
        section: 'authentication.groups',
        op: 'removed',
        line: 'Group Operators removed',
      }),
      expect.objectContaining({
        section: 'dns.dynamic',
        line: 'Dynamic DNS account home.example.net: secret changed',
        secret_differs: true,
      }),
    ]),
  );
  expect(plan.changes).toHaveLength(5);
  expect((await admin.get('/api/ssh/config')).json().settings.port).toBe(22);
  expect((await admin.get('/api/revisions')).json().total).toBe(revisions);
});

it('names sections it does not know or that the document leaves out, and refuses another format', async () => {
  const doc = await exportDoc();
  delete doc.sections.ssh;
  (doc.sections as Record<string, unknown>)['firewall.rules'] = {};
  const plan = (await admin.post('/api/config/plan', doc)).json();
  expect(plan).toMatchObject({
    changes: [],
    unknown_sections: ['firewall.rules'],
    missing_sections: ['ssh'],
  });
  const wrong = await admin.post('/api/config/plan', { ...doc, format: 'other/9' });
  expect(wrong.statusCode).toBe(422);
  expect(wrong.json().detail[0]).toMatchObject({
    loc: ['body', 'format'],
    type: 'value_error.config.format',
  });
});

it('is for admins: an account with every area privilege cannot read the whole configuration', async () => {
  const operator = await userAgent(h, 'operator');
  await grantPrivileges(h, 'operator', { dns: 'write', ssh: 'write', pki: 'write', authentication: 'write' });
  expect((await operator.get('/api/config')).statusCode).toBe(403);
  expect((await operator.post('/api/config/plan', { format: CONFIG_FORMAT, sections: {} })).statusCode).toBe(
    403,
  );
});

it('plans the revert of a revision against the configuration now, marking what changed again since', async () => {
  const added = await admin.post('/api/dns/proxy/host_overrides', {
    host: 'nas',
    domain: 'home.arpa',
    address: '192.168.1.10',
  });
  const settings = (await admin.get('/api/dns/proxy')).json().settings;
  await admin.put('/api/dns/proxy/settings', { ...settings, port: 5300 });
  await admin.put('/api/dns/proxy/settings', { ...settings, port: 5301 });
  const [latest, middle, first] = (await admin.get('/api/revisions?page=1&per_page=3&area=dns')).json().data;
  expect(first.summary).toBe('Host override nas.home.arpa added');
  const undoAdd = (await admin.get(`/api/revisions/${first.id}/revert-plan`)).json();
  expect(undoAdd.changes).toEqual([
    expect.objectContaining({
      section: 'dns.proxy',
      id: `host_override:${added.json().id}`,
      op: 'removed',
      line: 'Host override nas.home.arpa removed',
    }),
  ]);
  expect(undoAdd.changes[0].changed_since).toBeUndefined();
  const undoMiddle = (await admin.get(`/api/revisions/${middle.id}/revert-plan`)).json();
  expect(undoMiddle.changes).toEqual([
    expect.objectContaining({ line: `DNS proxy: port 5301 → ${settings.port}`, changed_since: true }),
  ]);
  expect(
    (await admin.get(`/api/revisions/${latest.id}/revert-plan`)).json().changes[0].changed_since,
  ).toBeUndefined();
  expect((await admin.get('/api/dns/proxy')).json().settings.port).toBe(5301);
});
