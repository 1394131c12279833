/**
 * Groups: bad input per field, create/edit/delete, members from the user page, bulk delete with the
 * `status_error.conflicting_groups` rule (a group that is the only access of an enabled user), and what the account
 * checks at every request (disabled or expired accounts lose their sessions; a disabled account cannot change its
 * password).
 */
import { Agent, adminAgent, serverPer, startServer, userAgent, type Harness } from '../support/harness';

let h: Harness;
let admin: Agent;

async function startAdmin(): Promise<Harness> {
  h = await startServer();
  admin = await adminAgent(h);
  return h;
}

const userId = (username: string) =>
  (h.ctx.db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number }).id;

const errorItem = (res: { json(): unknown }) =>
  (res.json() as { detail: Array<Record<string, unknown>> }).detail[0];

describe('bad input per field', () => {
  describe('each field', () => {
    // Each row is refused and stores nothing: one server for them all.
    serverPer('block', startAdmin);
    it.each([
      ['name missing', {}, ['body', 'name'], 'value_error.missing'],
      ['name not a string', { name: 5 }, ['body', 'name'], 'type_error.str'],
      ['name empty', { name: '' }, ['body', 'name'], 'value_error.any_str.min_length'],
      ['name blank', { name: '   ' }, ['body', 'name'], 'value_error.any_str.min_length'],
      ['name too long', { name: 'x'.repeat(65) }, ['body', 'name'], 'value_error.any_str.max_length'],
      [
        'name with control characters',
        { name: 'a\u0007b' },
        ['body', 'name'],
        'value_error.str.control_characters',
      ],
      [
        'description too long',
        { name: 'A', description: 'd'.repeat(501) },
        ['body', 'description'],
        'value_error.any_str.max_length',
      ],
      ['members not a list', { name: 'A', members: 'admin' }, ['body', 'members'], 'type_error.list'],
      ['member not an id', { name: 'A', members: ['admin'] }, ['body', 'members', 0], 'type_error.integer'],
      ['member unknown', { name: 'A', members: [9999] }, ['body', 'members', 0], 'value_error.not_found'],
      [
        'privileges not an object',
        { name: 'A', privileges: ['dns'] },
        ['body', 'privileges'],
        'type_error.dict',
      ],
      [
        'privilege of an unknown area',
        { name: 'A', privileges: { shell: 'write' } },
        ['body', 'privileges', 'shell'],
        'value_error.extra',
      ],
      [
        'privilege neither read nor write',
        { name: 'A', privileges: { dns: 'admin' } },
        ['body', 'privileges', 'dns'],
        'type_error.enum',
      ],
      ['unknown field', { name: 'A', colour: 'red' }, ['body', 'colour'], 'value_error.extra'],
    ])('%s → 422 on the field', async (_label, body, loc, type) => {
      const res = await admin.post('/api/groups', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc, type })]));
      expect((await admin.get('/api/groups')).json().data).toEqual([]);
    });
  });

  describe('names and ids', () => {
    serverPer('test', startAdmin);

    it('refuses a name another group has (any case), also when renaming', async () => {
      expect((await admin.post('/api/groups', { name: 'Operators' })).statusCode).toBe(201);
      const dup = await admin.post('/api/groups', { name: 'operators' });
      expect(dup.statusCode).toBe(422);
      expect(errorItem(dup)).toMatchObject({ loc: ['body', 'name'], type: 'value_error.duplicate' });
      const other = (await admin.post('/api/groups', { name: 'Auditors' })).json();
      const rename = await admin.put(`/api/groups/${other.id}`, {
        name: 'OPERATORS',
        description: '',
        members: [],
        privileges: {},
      });
      expect(rename.statusCode).toBe(422);
      // Keeping its own name is fine.
      const same = await admin.put(`/api/groups/${other.id}`, {
        name: 'Auditors',
        description: 'x',
        members: [],
        privileges: {},
      });
      expect(same.statusCode).toBe(200);
    });

    it('needs every field on PUT and answers 404 for unknown groups', async () => {
      const g = (await admin.post('/api/groups', { name: 'A' })).json();
      const partial = await admin.put(`/api/groups/${g.id}`, { name: 'A' });
      expect(partial.statusCode).toBe(422);
      expect(
        partial
          .json()
          .detail.map((d: { loc: string[] }) => d.loc.join('.'))
          .sort(),
      ).toEqual(['body.description', 'body.members', 'body.privileges']);
      expect((await admin.get('/api/groups/999')).statusCode).toBe(404);
      expect((await admin.get('/api/groups/abc')).statusCode).toBe(422);
      expect((await admin.request({ method: 'DELETE', url: '/api/groups/999' })).statusCode).toBe(404);
    });

    it('refuses unknown group ids in an account’s groups field', async () => {
      const res = await admin.post('/api/users', { username: 'x1', role: 'user', groups: [42] });
      expect(res.statusCode).toBe(422);
      expect(errorItem(res)).toMatchObject({ loc: ['body', 'groups', 0], type: 'value_error.not_found' });
      expect(
        (await admin.post('/api/users', { username: 'x1', role: 'user', groups: ['a'] })).statusCode,
      ).toBe(422);
    });
  });
});

describe('groups and their members', () => {
  serverPer('test', startAdmin);

  it('creates, edits and deletes a group; members and privileges come back as saved', async () => {
    await userAgent(h, 'dana');
    const created = await admin.post('/api/groups', {
      name: ' DNS readers ',
      description: 'Look, do not touch',
      members: [userId('dana')],
      privileges: { dns: 'read', logs: 'write' },
    });
    expect(created.statusCode).toBe(201);
    const g = created.json();
    expect(g).toMatchObject({
      name: 'DNS readers',
      description: 'Look, do not touch',
      members: [{ id: userId('dana'), username: 'dana' }],
      privileges: { dns: 'read', logs: 'write' },
    });
    const edited = await admin.put(`/api/groups/${g.id}`, {
      name: 'DNS writers',
      description: '',
      members: [],
      privileges: { dns: 'write' },
    });
    expect(edited.json()).toMatchObject({ name: 'DNS writers', members: [], privileges: { dns: 'write' } });
    expect((await admin.get(`/api/groups/${g.id}`)).json()).toEqual(edited.json());
    expect((await admin.request({ method: 'DELETE', url: `/api/groups/${g.id}` })).statusCode).toBe(204);
    expect((await admin.get('/api/groups')).json().data).toEqual([]);
  });

  it('edits an account’s groups from the user page and forgets memberships of deleted accounts', async () => {
    const a = (await admin.post('/api/groups', { name: 'A' })).json();
    const b = (await admin.post('/api/groups', { name: 'B' })).json();
    const created = await admin.post('/api/users', { username: 'erin', role: 'user', groups: [a.id] });
    expect(created.json().groups).toEqual([{ id: a.id, name: 'A' }]);
    const id = created.json().id;
    const base = { email: '', full_name: '', role: 'user', enabled: true, expires_at: null };
    const put = await admin.put(`/api/users/${id}`, { ...base, groups: [b.id, a.id] });
    expect(put.statusCode).toBe(200);
    expect(put.json().groups).toEqual([
      { id: a.id, name: 'A' },
      { id: b.id, name: 'B' },
    ]);
    // Without the field the groups stay.
    expect((await admin.put(`/api/users/${id}`, base)).json().groups).toHaveLength(2);
    expect((await admin.get(`/api/groups/${b.id}`)).json().members).toEqual([{ id, username: 'erin' }]);
    expect(
      (await admin.get('/api/users')).json().data.find((u: { id: number }) => u.id === id).groups,
    ).toHaveLength(2);
    expect((await admin.request({ method: 'DELETE', url: `/api/users/${id}` })).statusCode).toBe(204);
    expect((await admin.get(`/api/groups/${b.id}`)).json().members).toEqual([]);
  });
});

describe('conflicts (status_error.conflicting_groups)', () => {
  serverPer('test', startAdmin);
  async function setup() {
    await userAgent(h, 'solo');
    await userAgent(h, 'duo');
    const only = (
      await admin.post('/api/groups', {
        name: 'Only',
        members: [userId('solo'), userId('duo')],
        privileges: { dns: 'read' },
      })
    ).json();
    const second = (
      await admin.post('/api/groups', {
        name: 'Second',
        members: [userId('duo')],
        privileges: { ssh: 'read' },
      })
    ).json();
    const empty = (await admin.post('/api/groups', { name: 'Empty', privileges: { pki: 'write' } })).json();
    return { only, second, empty };
  }

  it('refuses deleting the only access of an enabled user, naming the group and the user; nothing is deleted', async () => {
    const { only, second, empty } = await setup();
    const res = await admin.post('/api/groups/bulk', {
      action: 'delete',
      ids: [empty.id, only.id, second.id],
    });
    expect(res.statusCode).toBe(409);
    const item = errorItem(res);
    expect(item.type).toBe('status_error.conflicting_groups');
    // Deleting both groups strands "duo" too; each group is listed once.
    expect((item.ctx as { conflicting_groups: unknown[] }).conflicting_groups).toEqual([
      { id: only.id, name: 'Only', reason: 'it is the only access of "solo", "duo"' },
      { id: second.id, name: 'Second', reason: 'it is the only access of "duo"' },
    ]);
    expect((await admin.get('/api/groups')).json().data).toHaveLength(3);
    const single = await admin.request({ method: 'DELETE', url: `/api/groups/${only.id}` });
    expect(single.statusCode).toBe(409);
    expect(errorItem(single)).toMatchObject({ loc: ['path', 'id'], type: 'status_error.conflicting_groups' });
  });

  it('deletes once the members have another way in, or are disabled', async () => {
    const { only, second, empty } = await setup();
    // "duo" keeps "Second": deleting "Only" would still strand "solo".
    expect((await admin.post('/api/groups/bulk', { action: 'delete', ids: [only.id] })).statusCode).toBe(409);
    const solo = (await admin.get('/api/users'))
      .json()
      .data.find((u: { username: string }) => u.username === 'solo');
    await admin.put(`/api/users/${solo.id}`, {
      email: '',
      full_name: '',
      role: 'user',
      enabled: false,
      expires_at: null,
    });
    const res = await admin.post('/api/groups/bulk', { action: 'delete', ids: [only.id, empty.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await admin.get('/api/groups')).json().data.map((g: { id: number }) => g.id)).toEqual([
      second.id,
    ]);
  });

  it('answers unknown ids in a bulk request per item, before any conflict', async () => {
    const { only } = await setup();
    const res = await admin.post('/api/groups/bulk', { action: 'delete', ids: [only.id, 777] });
    expect(res.statusCode).toBe(422);
    expect(errorItem(res)).toMatchObject({ loc: ['body', 'ids', 1], type: 'value_error.not_found' });
    expect((await admin.post('/api/groups/bulk', { action: 'delete', ids: [] })).statusCode).toBe(422);
    expect((await admin.post('/api/groups/bulk', { action: 'disable', ids: [only.id] })).statusCode).toBe(
      422,
    );
  });
});

describe('account state checked at every request', () => {
  serverPer('test', startAdmin);
  const base = { email: '', full_name: '', role: 'user', expires_at: null };

  it('ends the sessions of an account disabled behind its back at the next request', async () => {
    const agent = await userAgent(h, 'gail');
    expect((await agent.get('/api/users/me')).statusCode).toBe(200);
    // Disabled directly in the database (as another admin tool or a restore would): no session cleanup ran.
    h.ctx.db.prepare('UPDATE users SET enabled = 0 WHERE username = ?').run('gail');
    expect((await agent.get('/api/users/me')).statusCode).toBe(401);
    h.ctx.db.prepare('UPDATE users SET enabled = 1 WHERE username = ?').run('gail');
  });

  it('ends the sessions of an account once its last day has passed', async () => {
    const agent = await userAgent(h, 'hank');
    const id = userId('hank');
    const today = new Date().toISOString().slice(0, 10);
    await admin.put(`/api/users/${id}`, { ...base, enabled: true, expires_at: today });
    // The last day itself still works…
    expect((await agent.get('/api/users/me')).statusCode).toBe(200);
    await admin.put(`/api/users/${id}`, { ...base, enabled: true, expires_at: '2020-01-01' });
    // …the day after does not.
    expect((await agent.get('/api/users/me')).statusCode).toBe(401);
  });

  it('refuses a password change of a disabled account even with the right password', async () => {
    await userAgent(h, 'ivy');
    await admin.put(`/api/users/${userId('ivy')}`, { ...base, enabled: false });
    const agent = new Agent(h.app);
    await agent.visit();
    const res = await agent.form('/api/auth/change_password', {
      username: 'ivy',
      password: 'ivy-password-123',
      new_password: 'a-much-better-Password-77',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail.message).toContain('disabled');
    // The old password is unchanged (and the account still cannot sign in).
    const hash = h.ctx.db.prepare('SELECT password_changed_at FROM users WHERE username = ?').get('ivy') as {
      password_changed_at: number | null;
    };
    expect(hash.password_changed_at).toBeNull();
  });
});
