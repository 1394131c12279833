/**
 * The last-admin rule (src/appliance/users/adminRule.ts): no account change may leave the appliance without an admin
 * who can sign in now and tomorrow (role admin, enabled, expires_at null or after tomorrow). Each row is one path and
 * payload against the real appliance; refused rows must answer 409 `status_error.conflicting_users` and change
 * nothing. Then the break-glass command, run for real, brings back an admin nobody could sign in as.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { lastAdminConflicts, usableAfterDay, type AdminRow } from '../../src/appliance/users/adminRule';
import { dayOf } from '../../src/appliance/users/store';
import { Agent, adminAgent, startServer, type Harness } from '../appliance/support/harness';

const DAY = 86_400_000;
const day = (offset: number) => dayOf(Date.now() + offset * DAY);
const PAST = day(-1);
const TODAY = day(0);
const TOMORROW = day(1);
const DAY_AFTER_TOMORROW = day(2);
const FAR = '2999-12-31';

describe('the rule on would-be states (pure)', () => {
  const now = Date.parse('2030-06-15T23:59:00Z');
  const admin = (id: number, over: Partial<AdminRow> = {}): AdminRow => ({
    id,
    username: `a${id}`,
    role: 'admin',
    enabled: true,
    expires_at: null,
    signs_in: true,
    ...over,
  });

  it('counts an admin whose last day is later than tomorrow, in UTC days', () => {
    expect(usableAfterDay(now)).toBe('2030-06-16');
  });

  it.each<[string, AdminRow[], AdminRow[], number[]]>([
    ['expiry set to tomorrow', [admin(1)], [admin(1, { expires_at: '2030-06-16' })], [1]],
    ['expiry set to the day after tomorrow', [admin(1)], [admin(1, { expires_at: '2030-06-17' })], []],
    ['expiry set to yesterday', [admin(1)], [admin(1, { expires_at: '2030-06-14' })], [1]],
    ['disabled', [admin(1)], [admin(1, { enabled: false })], [1]],
    ['demoted', [admin(1)], [admin(1, { role: 'user' })], [1]],
    ['deleted', [admin(1)], [], [1]],
    ['another usable admin remains', [admin(1), admin(2)], [admin(2)], []],
    [
      'the other admin expires tomorrow',
      [admin(1), admin(2, { expires_at: '2030-06-16' })],
      [admin(2, { expires_at: '2030-06-16' })],
      [1],
    ],
    [
      'already without a usable admin, nothing taken away',
      [admin(1, { expires_at: '2030-06-16' })],
      [admin(1, { expires_at: '2030-06-16' }), admin(2, { role: 'user' })],
      [],
    ],
    [
      'already without a usable admin, the expiry brought forward',
      [admin(1, { expires_at: '2030-06-16' })],
      [admin(1, { expires_at: '2030-06-15' })],
      [1],
    ],
    ['an expired admin disabled', [admin(1, { expires_at: '2030-06-01' })], [], []],
    ['the only admin loses its way in (provider)', [admin(1)], [admin(1, { signs_in: false })], [1]],
    [
      'an admin without a way in does not count',
      [admin(1), admin(2, { signs_in: false })],
      [admin(2, { signs_in: false })],
      [1],
    ],
  ])('%s', (_name, before, after, refused) => {
    expect(lastAdminConflicts(before, after, now).map((c) => c.id)).toEqual(refused);
  });
});

describe('every path that changes accounts', () => {
  let h: Harness;
  let admin: Agent;
  const ME = 1;

  beforeEach(async () => {
    h = await startServer();
    admin = await adminAgent(h);
  });
  afterEach(() => h.close());

  /** An account written straight into the database (it never signs in here). */
  function account(username: string, over: { role?: string; enabled?: boolean; expires_at?: string } = {}) {
    return Number(
      h.ctx.db
        .prepare(
          `INSERT INTO users (username, password_hash, role, enabled, expires_at, created_at)
             VALUES (?, 'x', ?, ?, ?, 0)`,
        )
        .run(username, over.role ?? 'admin', over.enabled === false ? 0 : 1, over.expires_at ?? null)
        .lastInsertRowid,
    );
  }
  const setMe = (expires_at: string | null) =>
    h.ctx.db.prepare('UPDATE users SET expires_at = ? WHERE id = ?').run(expires_at, ME);
  const snapshot = () => ({
    users: h.ctx.db.prepare('SELECT * FROM users ORDER BY id').all(),
    sessions: h.ctx.db.prepare('SELECT token_hash FROM sessions ORDER BY token_hash').all(),
    groups: h.ctx.db.prepare('SELECT * FROM user_group_members ORDER BY 1, 2').all(),
    providers: h.ctx.db.prepare('SELECT id, enabled, updated_at FROM auth_providers ORDER BY id').all(),
    services: h.ctx.db.prepare('SELECT * FROM auth_service_providers ORDER BY 1, 2').all(),
    links: h.ctx.db.prepare('SELECT * FROM provider_accounts ORDER BY 1, 2').all(),
  });
  const ldapBody = (over: Record<string, unknown> = {}) => ({
    name: 'Directory',
    type: 'ldap',
    enabled: true,
    ldap: {
      url: 'ldap://127.0.0.1:389',
      starttls: false,
      ca_id: null,
      bind_dn: 'cn=reader,dc=example,dc=org',
      bind_password: 'reader-secret-42',
      base_dn: 'dc=example,dc=org',
      user_filter: '(uid={username})',
      group_base_dn: 'ou=groups,dc=example,dc=org',
      group_filter: '(member={dn})',
      username_attribute: 'uid',
      email_attribute: 'mail',
      name_attribute: 'cn',
      group_name_attribute: 'cn',
    },
    ...over,
  });
  /**
   * An LDAP provider on the console's list and an admin `second` who signs in only through it (created by it, or
   * linked by e-mail to its own local account); the caller expires tomorrow unless `meUsable`. Returns the provider.
   */
  async function linkedAdmin({ managed = true, meUsable = false } = {}): Promise<number> {
    const provider = (await admin.post('/api/authentication/providers', ldapBody())).json().id as number;
    const db = h.ctx.db;
    db.prepare(
      "INSERT INTO auth_service_providers (service, provider_id, position) VALUES ('console', ?, 1)",
    ).run(provider);
    const second = account('second');
    db.prepare(
      "INSERT INTO provider_accounts (provider_id, subject, user_id, managed, groups, last_login) VALUES (?, 'second', ?, ?, '[]', 0)",
    ).run(provider, second, managed ? 1 : 0);
    if (!meUsable) setMe(TOMORROW);
    return provider;
  }
  const edit = (over: Record<string, unknown>) => ({
    email: '',
    full_name: '',
    role: 'admin',
    enabled: true,
    expires_at: null,
    ...over,
  });

  interface Row {
    /** Prepares the accounts; returns the id the request is about (default: the caller's own, 1). */
    setup?: () => number | void | Promise<number>;
    method: 'PUT' | 'DELETE' | 'POST';
    url: (id: number) => string;
    body?: (id: number) => Record<string, unknown>;
  }

  /** The caller is the only admin at first; `second` is a usable admin while the caller expires tomorrow. */
  const secondOnly = () => {
    setMe(TOMORROW);
    return account('second');
  };

  const refused: Array<[string, Row]> = [
    [
      'own expiry in the past',
      { method: 'PUT', url: (id) => `/api/users/${id}`, body: () => edit({ expires_at: PAST }) },
    ],
    [
      'own expiry today',
      { method: 'PUT', url: (id) => `/api/users/${id}`, body: () => edit({ expires_at: TODAY }) },
    ],
    [
      'own expiry tomorrow',
      { method: 'PUT', url: (id) => `/api/users/${id}`, body: () => edit({ expires_at: TOMORROW }) },
    ],
    ['own demotion', { method: 'PUT', url: (id) => `/api/users/${id}`, body: () => edit({ role: 'user' }) }],
    [
      'own disabling',
      { method: 'PUT', url: (id) => `/api/users/${id}`, body: () => edit({ enabled: false }) },
    ],
    ['own deletion', { method: 'DELETE', url: (id) => `/api/users/${id}` }],
    [
      'own bulk disable',
      { method: 'POST', url: () => '/api/users/bulk', body: (id) => ({ action: 'disable', ids: [id] }) },
    ],
    [
      'own bulk delete',
      { method: 'POST', url: () => '/api/users/bulk', body: (id) => ({ action: 'delete', ids: [id] }) },
    ],
    [
      'own expiry tomorrow while the other admin expires tomorrow too',
      {
        setup: () => void account('other', { expires_at: TOMORROW }),
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ expires_at: TOMORROW }),
      },
    ],
    [
      'the only usable admin expires tomorrow',
      {
        setup: secondOnly,
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ expires_at: TOMORROW }),
      },
    ],
    [
      'the only usable admin expires in the past',
      {
        setup: secondOnly,
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ expires_at: PAST }),
      },
    ],
    [
      'the only usable admin demoted',
      {
        setup: secondOnly,
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ role: 'user' }),
      },
    ],
    [
      'the only usable admin disabled',
      {
        setup: secondOnly,
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ enabled: false }),
      },
    ],
    [
      'the only usable admin deleted',
      { setup: secondOnly, method: 'DELETE', url: (id) => `/api/users/${id}` },
    ],
    [
      'the only usable admin bulk disabled',
      {
        setup: secondOnly,
        method: 'POST',
        url: () => '/api/users/bulk',
        body: (id) => ({ action: 'disable', ids: [id] }),
      },
    ],
    [
      'the only usable admin bulk deleted',
      {
        setup: secondOnly,
        method: 'POST',
        url: () => '/api/users/bulk',
        body: (id) => ({ action: 'delete', ids: [id] }),
      },
    ],
    [
      'both other usable admins in one bulk delete',
      {
        setup: () => {
          setMe(TOMORROW);
          account('second');
          account('third');
        },
        method: 'POST',
        url: () => '/api/users/bulk',
        body: () => ({ action: 'delete', ids: [2, 3] }),
      },
    ],
    [
      'already without a usable admin: the expiry brought forward',
      {
        setup: () => void setMe(TOMORROW),
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ expires_at: TODAY }),
      },
    ],
  ];

  const providerRefused: Array<[string, Row]> = [
    [
      'disabling the provider the only usable admin signs in through',
      {
        setup: () => linkedAdmin(),
        method: 'PUT',
        url: (id) => `/api/authentication/providers/${id}`,
        body: () => ldapBody({ enabled: false }),
      },
    ],
    [
      'removing the provider that created the only usable admin',
      { setup: () => linkedAdmin(), method: 'DELETE', url: (id) => `/api/authentication/providers/${id}` },
    ],
    [
      "taking that provider off the console's list",
      {
        setup: () => linkedAdmin(),
        method: 'PUT',
        url: () => '/api/authentication/services/console',
        body: () => ({ provider_ids: [1] }),
      },
    ],
  ];
  refused.push(...providerRefused);

  const allowed: Array<[string, Row, number]> = [
    [
      'disabling a provider while a local admin stays usable',
      {
        setup: () => linkedAdmin({ meUsable: true }),
        method: 'PUT',
        url: (id) => `/api/authentication/providers/${id}`,
        body: () => ldapBody({ enabled: false }),
      },
      200,
    ],
    [
      'removing the provider an admin was linked to by e-mail: its local password counts again',
      {
        setup: () => linkedAdmin({ managed: false }),
        method: 'DELETE',
        url: (id) => `/api/authentication/providers/${id}`,
      },
      204,
    ],
    [
      'own expiry far in the future',
      { method: 'PUT', url: (id) => `/api/users/${id}`, body: () => edit({ expires_at: FAR }) },
      200,
    ],
    [
      'own expiry the day after tomorrow',
      {
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ expires_at: DAY_AFTER_TOMORROW }),
      },
      200,
    ],
    [
      'own expiry in the past while another usable admin exists',
      {
        setup: () => void account('second'),
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ expires_at: PAST }),
      },
      200,
    ],
    [
      'demoting another admin while the caller stays usable',
      {
        setup: () => account('second'),
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ role: 'user' }),
      },
      200,
    ],
    [
      'deleting another admin',
      { setup: () => account('second'), method: 'DELETE', url: (id) => `/api/users/${id}` },
      204,
    ],
    [
      'bulk disabling other admins',
      {
        setup: () => account('second'),
        method: 'POST',
        url: () => '/api/users/bulk',
        body: (id) => ({ action: 'disable', ids: [id] }),
      },
      200,
    ],
    [
      'already without a usable admin: another change that takes nothing away',
      {
        setup: () => void setMe(TOMORROW),
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ full_name: 'Ops', expires_at: TOMORROW }),
      },
      200,
    ],
    [
      'already without a usable admin: the fix',
      {
        setup: () => void setMe(TOMORROW),
        method: 'PUT',
        url: (id) => `/api/users/${id}`,
        body: () => edit({ expires_at: null }),
      },
      200,
    ],
    [
      'already without a usable admin: creating an account',
      {
        setup: () => void setMe(TOMORROW),
        method: 'POST',
        url: () => '/api/users',
        body: () => ({ username: 'new.one', role: 'user' }),
      },
      201,
    ],
    [
      'bulk enabling a disabled admin',
      {
        setup: () => account('second', { enabled: false }),
        method: 'POST',
        url: () => '/api/users/bulk',
        body: (id) => ({ action: 'enable', ids: [id] }),
      },
      200,
    ],
    [
      'groups do not make or unmake admins: the only admin joins a group',
      {
        method: 'POST',
        url: () => '/api/groups',
        body: (id) => ({ name: 'ops', description: '', members: [id], privileges: { dns: 'write' } }),
      },
      201,
    ],
  ];

  const send = (row: Row, id: number) =>
    admin.request({ method: row.method, url: row.url(id), ...(row.body ? { payload: row.body(id) } : {}) });

  it.each(refused)('refuses %s: 409, nothing changed', async (_name, row) => {
    const id = (await row.setup?.()) ?? ME;
    const before = snapshot();
    const res = await send(row, id);
    expect(res.statusCode).toBe(409);
    const [item] = res.json().detail;
    expect(item.type).toBe('status_error.conflicting_users');
    expect(item.ctx.conflicting_users.length).toBeGreaterThan(0);
    expect(snapshot()).toEqual(before);
    expect((await admin.get('/api/users/me')).statusCode).toBe(200);
  });

  it('names the field and the reason of an expiry refusal', async () => {
    const res = await admin.put(`/api/users/${ME}`, edit({ expires_at: PAST }));
    expect(res.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'expires_at'],
        type: 'status_error.conflicting_users',
        ctx: {
          conflicting_users: [
            { id: ME, username: 'admin', reason: expect.stringContaining('after tomorrow') },
          ],
        },
      }),
    ]);
  });

  it.each(allowed)('allows %s', async (_name, row, status) => {
    const id = (await row.setup?.()) ?? ME;
    const res = await send(row, id);
    expect(res.statusCode).toBe(status);
  });
});

describe('break-glass command', () => {
  const root = path.resolve(__dirname, '../..');
  const run = (dataDir: string, ...args: string[]) =>
    promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['scripts/admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, RAMPART_DATA_DIR: dataDir, RAMPART_LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );

  it('restores the only admin (expired, disabled, demoted, locked out, authenticator lost) offline; the printed password signs in', async () => {
    let h = await startServer();
    const dataDir = h.dataDir;
    await adminAgent(h);
    // Locked out from this address, then expired, disabled and demoted behind the rule's back (as time would).
    const guesser = new Agent(h.app);
    await guesser.visit();
    for (let i = 0; i < 5; i++) await guesser.login('admin', 'wrong password');
    expect((await guesser.login('admin', 'wrong password')).statusCode).toBe(429);
    h.ctx.db
      // …and its authenticator is lost too: a code is required for a secret nobody holds.
      .prepare(
        "UPDATE users SET expires_at = ?, enabled = 0, role = 'user', totp_secret = 'JBSWY3DPEHPK3PXP', otp_required = 1 WHERE username = 'admin'",
      )
      .run(PAST);

    // While the server holds the data directory the command refuses and changes nothing.
    const busy = await run(dataDir, 'reset-password', 'admin');
    expect(busy.code).toBe(3);
    expect(busy.stderr).toContain('stop it');
    await h.close();

    const listed = await run(dataDir, 'list-admins');
    expect(listed.stdout).toContain('No admin can sign in');
    expect((await run(dataDir, 'reset-password', 'nobody')).code).toBe(2);

    const reset = await run(dataDir, 'reset-password', 'admin', '--reset-second-factor');
    expect(reset.code).toBe(0);
    const password = /one-time password (\S+)/.exec(reset.stdout)?.[1];
    expect(password).toBeDefined();

    h = await startServer({ dataDir });
    try {
      const agent = new Agent(h.app);
      await agent.visit();
      const first = await agent.login('admin', password!);
      expect(first.statusCode).toBe(200);
      expect(first.json().data.redirect_uri).toContain('first_access_change');
      const next = 'quartz-Meadow-58-lantern';
      const changed = await agent.form('/api/auth/change_password', {
        username: 'admin',
        password: password!,
        new_password: next,
      });
      expect(changed.statusCode).toBe(200);
      expect((await agent.login('admin', next)).statusCode).toBe(200);
      expect((await agent.get('/api/users/me')).json()).toMatchObject({ username: 'admin', role: 'admin' });
      const audit = h.ctx.db
        .prepare("SELECT message FROM logs WHERE service = 'auth' AND message LIKE '%break-glass%'")
        .all() as Array<{ message: string }>;
      expect(audit).toHaveLength(1);
      expect(audit[0].message).toMatch(
        /admin "admin" restored by break-glass console command run by OS user/,
      );
    } finally {
      await h.close();
    }
  }, 120_000);
});
