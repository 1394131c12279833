/**
 * The disaster backups exist for (issue 38): the box is gone, its archive is restored on a new console (another data
 * directory, another appliance secret). An appliance with a history of changes in several areas comes back whole:
 * every account signs in with its password, every area reads as it was, and its history of changes (revisions with
 * their generated files) comes with it because the new console has none of its own. A console that has a history
 * keeps it. A restore refused in its second database leaves the first as it was.
 */
import { Agent, adminAgent, count, startServer, userAgent, type Harness } from '../support/harness';
import { rootCaBody } from '../pki/support';
import { Client, signUpVerified, startMailBox, type MailBox } from '../../identity-service/support';
import { PASSPHRASE, altered, changedDb, until } from './support';

jest.setTimeout(180_000);

const b64 = (b: Buffer) => b.toString('base64');

interface Revision {
  id: number;
  method: string;
  area: string;
  summary: string;
}

let mailbox: MailBox;
let archive: Buffer;
/** What the lost appliance showed, area by area. */
let was: Record<string, unknown>;
let history: Revision[];

async function areas(admin: Agent) {
  const ssh = (await admin.get('/api/ssh/config')).json();
  return {
    overrides: (await admin.get('/api/dns/proxy')).json().host_overrides,
    ssh: ssh.settings ?? ssh,
    groups: (await admin.get('/api/groups')).json().data,
    users: (await admin.get('/api/users'))
      .json()
      .data.map((u: { username: string; role: string }) => [u.username, u.role]),
    providers: (await admin.get('/api/authentication/providers')).json().data,
    cas: (await admin.get('/api/pki/cas')).json(),
  };
}

const revisionsOf = async (admin: Agent) =>
  (await admin.get('/api/revisions?per_page=100')).json().data as Revision[];

async function settled(h: Harness) {
  await until(() => h.appliance.jobs.list(true).length === 0);
}

beforeAll(async () => {
  mailbox = await startMailBox();
  const h = await startServer({ config: { smtpUrl: mailbox.url } });
  try {
    const admin = await adminAgent(h);
    const override = { host: 'nas', domain: 'home.example', address: '192.0.2.10' };
    expect((await admin.post('/api/dns/proxy/host_overrides', override)).statusCode).toBe(201);
    const ssh = (await admin.get('/api/ssh/config')).json().settings;
    expect(
      (await admin.put('/api/ssh/config/settings', { ...ssh, password_authentication: false })).statusCode,
    ).toBe(200);
    await userAgent(h, 'operator');
    const operatorId = (
      h.ctx.db.prepare("SELECT id FROM users WHERE username = 'operator'").get() as { id: number }
    ).id;
    const group = { name: 'Operators', members: [operatorId], privileges: { dns: 'write' } };
    expect((await admin.post('/api/groups', group)).statusCode).toBe(201);
    const provider = await admin.post('/api/authentication/providers', {
      name: 'Directory',
      type: 'ldap',
      enabled: false,
      ldap: {
        url: 'ldap://127.0.0.1:389',
        starttls: false,
        ca_id: null,
        bind_dn: 'cn=reader,dc=example,dc=com',
        bind_password: 'reader secret',
        base_dn: 'dc=example,dc=com',
        user_filter: '(uid={username})',
        group_base_dn: '',
        group_filter: '',
        username_attribute: 'uid',
        email_attribute: 'mail',
        name_attribute: 'cn',
        group_name_attribute: 'cn',
      },
    });
    expect(provider.statusCode).toBe(201);
    expect((await admin.post('/api/pki/cas', rootCaBody('Lost Box Root', 'ec-p256'))).statusCode).toBe(201);
    await signUpVerified(new Client(h.app), mailbox, 'identity@example.test');
    await settled(h);
    was = await areas(admin);
    // Every area holds what was done in it (so that reading it back as it was means something).
    expect(was).toMatchObject({
      overrides: [expect.objectContaining({ host: 'nas' })],
      ssh: expect.objectContaining({ password_authentication: false }),
      groups: [expect.objectContaining({ name: 'Operators' })],
      providers: expect.arrayContaining([expect.objectContaining({ name: 'Directory' })]),
    });
    expect(JSON.stringify(was.cas)).toContain('Lost Box Root');
    history = await revisionsOf(admin);
    expect(history.length).toBeGreaterThanOrEqual(5);
    const res = await admin.post('/api/backups/export', { passphrase: PASSPHRASE });
    expect(res.statusCode).toBe(200);
    archive = res.rawPayload;
  } finally {
    await h.close();
  }
});
afterAll(() => mailbox.close());

describe('a new console', () => {
  let h: Harness;
  let admin: Agent;
  beforeAll(async () => {
    h = await startServer({ config: { smtpUrl: mailbox.url } });
    admin = await adminAgent(h);
  });
  afterAll(() => h.close());

  it('refuses an archive whose appliance database is inconsistent, leaving the identity database as it was', async () => {
    // The identity database of this archive is sound (it brings one identity); its appliance database is not.
    const broken = await altered(archive, (name, data) =>
      name === 'appliance.db'
        ? changedDb(data, 'INSERT INTO user_group_members (group_id, user_id) VALUES (1, 9999)')
        : data,
    );
    const res = await admin.post('/api/backups/restore', { archive: b64(broken), passphrase: PASSPHRASE });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail[0]).toMatchObject({
      type: 'value_error.backup.damaged',
      msg: "The backup's user_group_members rows are inconsistent.",
    });
    expect(await identityCount(h)).toBe(0);
    expect(count(h, 'users')).toBe(1);
  });

  it('becomes the lost appliance: accounts sign in, areas read as they were, its history came back', async () => {
    const res = await admin.post('/api/backups/restore', { archive: b64(archive), passphrase: PASSPHRASE });
    expect(res.statusCode).toBe(200);
    const confirmation = res.json().confirmation as { id: string } | null;
    if (confirmation)
      expect((await admin.post(`/api/backups/restores/${confirmation.id}/keep`, {})).statusCode).toBe(200);
    await settled(h);

    const signIn = async (username: string, password: string) => {
      const agent = new Agent(h.app);
      await agent.visit();
      return agent.login(username, password);
    };
    expect((await signIn('operator', 'operator-password-123')).statusCode).toBe(200);
    const again = await adminAgent(h);
    expect(await areas(again)).toEqual(was);
    expect(await identityCount(h)).toBe(1);

    // The lost box's revisions (with their generated files) and, on top, the restore.
    const now = await revisionsOf(again);
    expect(now.slice(1)).toEqual(history);
    expect(now[0]).toMatchObject({ id: res.json().revision, method: 'restore' });
    const dns = history.find((r) => r.area === 'dns')!;
    const files = (await again.get(`/api/revisions/${dns.id}/files`)).json().files as Array<{
      path: string;
      after: string | null;
    }>;
    expect(files.find((f) => f.path.endsWith('unbound.conf'))?.after).toContain('nas.home.example.');
  });

  it('keeps its own history when it has one: a second restore is one more revision on top of it', async () => {
    const before = await revisionsOf(admin);
    const res = await admin.post('/api/backups/restore', { archive: b64(archive), passphrase: PASSPHRASE });
    expect(res.statusCode).toBe(200);
    const confirmation = res.json().confirmation as { id: string } | null;
    if (confirmation) await admin.post(`/api/backups/restores/${confirmation.id}/keep`, {});
    await settled(h);
    const after = await revisionsOf(admin);
    expect(after.slice(1)).toEqual(before);
    expect(after[0]).toMatchObject({ id: res.json().revision, method: 'restore' });
  });
});

it('reads what each table is from its owner: runtime and history tables, and those that point at them', async () => {
  const h = await startServer();
  try {
    const { tableRoles } = await import('../../../src/storage/sqlite');
    const roles = Object.fromEntries(tableRoles(h.ctx.db));
    // Declared beside their migrations…
    for (const t of [
      'sessions',
      'jobs',
      'logs',
      'login_attempts',
      'audit_chain',
      'backup_runs',
      'dns_queries',
    ])
      expect([t, roles[t]]).toEqual([t, 'runtime']);
    expect(roles.revisions).toBe('history');
    // …or by a foreign key to one: a revision's files go with it, a configuration snapshot with its job.
    expect(roles.revision_files).toBe('history');
    expect(roles.config_revisions).toBe('runtime');
    // Configuration is everything else.
    for (const t of ['users', 'user_groups', 'pki_keys', 'dns_settings', 'backup_targets'])
      expect(roles[t]).toBeUndefined();
  } finally {
    await h.close();
  }
});

async function identityCount(h: Harness): Promise<number> {
  const { default: Database } = await import('better-sqlite3');
  const path = await import('node:path');
  const db = new Database(path.join(h.dataDir, 'identity.db'), { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM identities').get() as { n: number }).n;
  } finally {
    db.close();
  }
}
