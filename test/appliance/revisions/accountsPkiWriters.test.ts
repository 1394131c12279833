/**
 * Accounts and ACME orders are written by a configuration document, a revert or a restore (issue 29), but only what
 * their pages edit on an existing one: an account's e-mail, full name, role, enabled and last day (its groups are the
 * groups section), an ACME order's renewal settings. Creating or deleting one, a user name, a password or second
 * factor, a certificate or an authority is refused with a 422 naming it and saying where to do it, with nothing
 * written; the plan of such a revert says so first. The last-admin rule holds through a revert (409, as the routes).
 */
import { adminAgent, count, startServer, type Agent, type Harness } from '../support/harness';
import { documentHelpers, type Entity } from './support';

type PlanChange = { section: string; id: string; op: string; line: string; note?: string; refused?: boolean };

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

const { exportDoc, latest, revert, plansNothing, revertRefused } = documentHelpers(() => ({ h, admin }));

async function newAccount(body: Entity): Promise<number> {
  const res = await admin.post('/api/users', body);
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}
const auditRecords = (start: string) =>
  (
    h.ctx.db.prepare('SELECT actor, service, outcome, message FROM audit_chain ORDER BY seq').all() as Array<{
      actor: string;
      service: string;
      outcome: string;
      message: string;
    }>
  ).filter((r) => r.message.startsWith(start));
const account = async (id: number) => (await admin.get(`/api/users/${id}`)).json() as Entity;
const accountBody = (a: Entity) => ({
  email: a.email,
  full_name: a.full_name,
  role: a.role,
  enabled: a.enabled,
  expires_at: a.expires_at,
});
const adminId = async () =>
  ((await admin.get('/api/users?q=admin')).json().data as Array<{ id: number; username: string }>).find(
    (u) => u.username === 'admin',
  )?.id as number;

describe('accounts', () => {
  it('reverts a change of full name, last day and groups made on the Users page', async () => {
    const id = await newAccount({ username: 'alice', role: 'user', full_name: 'Alice A', email: '' });
    const group = await admin.post('/api/groups', { name: 'Auditors' });
    expect(group.statusCode).toBe(201);
    const before = await account(id);
    const put = await admin.put(`/api/users/${id}`, {
      ...accountBody(before),
      full_name: 'Alice Liddell',
      expires_at: '2099-12-31',
      groups: [group.json().id],
    });
    expect(put.statusCode).toBe(200);
    const change = await latest();
    expect(change.summary).toMatch(/full name/);
    const plan = (await admin.get(`/api/revisions/${change.id}/revert-plan`)).json().changes as PlanChange[];
    expect(plan.map((c) => c.section).sort()).toEqual(['authentication.accounts', 'authentication.groups']);
    expect(plan.some((c) => c.refused)).toBe(false);
    const reverted = await revert(change.id);
    const back = await account(id);
    expect(back).toMatchObject({ full_name: 'Alice A', expires_at: null, enabled: true, role: 'user' });
    expect(back.groups).toEqual([]);
    await plansNothing();
    // The audit trail says who reverted what, once, as the Users page's own change is audited.
    expect(auditRecords(`revision #${change.id} reverted`)).toEqual([
      expect.objectContaining({
        actor: 'admin',
        service: 'settings',
        outcome: 'success',
        message: `revision #${change.id} reverted by "admin": Accounts, Groups (revision #${reverted.revision})`,
      }),
    ]);
  });

  it('applies a document that changes an existing account, read back through the Users page', async () => {
    const id = await newAccount({ username: 'bert', role: 'user' });
    const doc = await exportDoc();
    Object.assign(doc.sections['authentication.accounts'][`account:${id}`], {
      full_name: 'Bert B',
      email: 'bert@example.test',
      enabled: false,
    });
    const res = await admin.put('/api/config', doc);
    expect(res.statusCode).toBe(200);
    expect(await account(id)).toMatchObject({
      full_name: 'Bert B',
      email: 'bert@example.test',
      enabled: false,
    });
    expect(auditRecords('configuration document applied').map((r) => r.message)).toEqual([
      `configuration document applied by "admin": Accounts (revision #${res.json().revision})`,
    ]);
    await plansNothing();
    // The Users page's own rules.
    const bad = await exportDoc();
    bad.sections['authentication.accounts'][`account:${id}`].expires_at = '2025-02-30';
    const refused = await admin.put('/api/config', bad);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0]).toMatchObject({
      loc: ['body', 'sections', 'authentication.accounts', `account:${id}`, 'expires_at'],
      type: 'value_error.date',
    });
  });

  it('refuses to demote the last admin by a document, as the Users page does (409)', async () => {
    const id = await adminId();
    const route = await admin.put(`/api/users/${id}`, { ...accountBody(await account(id)), role: 'user' });
    expect(route.statusCode).toBe(409);
    const revisions = count(h, 'revisions');
    const doc = await exportDoc();
    doc.sections['authentication.accounts'][`account:${id}`].role = 'user';
    const res = await admin.put('/api/config', doc);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'sections', 'authentication.accounts'],
      type: 'status_error.conflicting_users',
    });
    expect(count(h, 'revisions')).toBe(revisions);
    expect(await account(id)).toMatchObject({ role: 'admin' });
  });

  it('refuses a document that disables the account applying it, with another admin left (409), as the Users page does', async () => {
    const dora = await newAccount({ username: 'dora', role: 'admin' });
    const id = await adminId();
    const revisions = count(h, 'revisions');
    const doc = await exportDoc();
    doc.sections['authentication.accounts'][`account:${id}`].enabled = false;
    const res = await admin.put('/api/config', doc);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'sections', 'authentication.accounts'],
      msg: '"admin" cannot be changed: it is your own account',
      type: 'status_error.conflicting_users',
    });
    expect(count(h, 'revisions')).toBe(revisions);
    expect(await account(id)).toMatchObject({ enabled: true });
    // The next cases need "admin" to be the only admin again.
    const off = await admin.put(`/api/users/${dora}`, {
      ...accountBody(await account(dora)),
      enabled: false,
    });
    expect(off.statusCode).toBe(200);
  });

  it('refuses a revert that would leave no admin who can still sign in (409), with nothing written', async () => {
    const carol = await newAccount({ username: 'carol', role: 'admin', enabled: false });
    const enable = await admin.put(`/api/users/${carol}`, {
      ...accountBody(await account(carol)),
      enabled: true,
    });
    expect(enable.statusCode).toBe(200);
    const enabled = await latest();
    // The seeded admin's last day is tomorrow: carol is now the only admin who can sign in after it.
    const me = await adminId();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const expiring = await admin.put(`/api/users/${me}`, {
      ...accountBody(await account(me)),
      expires_at: tomorrow,
    });
    expect(expiring.statusCode).toBe(200);
    const plan = (await admin.get(`/api/revisions/${enabled.id}/revert-plan`)).json().changes as PlanChange[];
    expect(plan).toEqual([
      expect.objectContaining({ line: expect.stringMatching(/carol/), lockout_prone: true }),
    ]);
    // No managed service applies accounts: no "Keep changes" is promised, the last-admin rule refuses instead.
    expect(plan[0]).not.toHaveProperty('keep_changes');
    const detail = await revertRefused(enabled.id, 409);
    expect(detail).toMatchObject({ type: 'status_error.conflicting_users' });
    expect(detail.msg).toMatch(/"carol" cannot be changed/);
    expect(await account(carol)).toMatchObject({ enabled: true });
    // Back as it was for the other tests.
    const again = await admin.put(`/api/users/${me}`, {
      ...accountBody(await account(me)),
      expires_at: null,
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a revert that would bring back a deleted account or delete a created one, saying so in the plan', async () => {
    const id = await newAccount({ username: 'dave', role: 'user', full_name: 'Dave D' });
    const created = await latest();
    const del = await admin.request({ method: 'DELETE', url: `/api/users/${id}` });
    expect(del.statusCode).toBe(204);
    const deleted = await latest();
    const plan = (await admin.get(`/api/revisions/${deleted.id}/revert-plan`)).json().changes as PlanChange[];
    expect(plan).toEqual([
      expect.objectContaining({
        id: `account:${id}`,
        op: 'added',
        refused: true,
        note: 'an account cannot be created by a configuration document or a revert (it needs a password): add it on the Users page',
      }),
    ]);
    const detail = await revertRefused(deleted.id);
    expect(detail).toMatchObject({
      loc: ['body', 'sections', 'authentication.accounts', `account:${id}`],
      type: 'value_error.config.read_only',
      msg: 'Account dave: an account cannot be created by a configuration document or a revert (it needs a password): add it on the Users page',
    });
    expect((await admin.get(`/api/users/${id}`)).statusCode).toBe(404);
    // Restoring the configuration as of a revision before the deletion says the same, and does nothing.
    const restorePlan = (await admin.get(`/api/revisions/${created.id}/restore-plan`)).json()
      .changes as PlanChange[];
    expect(restorePlan.find((c) => c.id === `account:${id}`)).toMatchObject({ op: 'added', refused: true });
    const revisions = count(h, 'revisions');
    const restore = await admin.post(`/api/revisions/${created.id}/restore`);
    expect(restore.statusCode).toBe(422);
    expect(restore.json().detail.map((d: { msg: string }) => d.msg)).toContain(detail.msg);
    expect(count(h, 'revisions')).toBe(revisions);

    // An account with an authenticator app (a secret in its revision) is planned and refused too, not left out.
    const frank = await newAccount({ username: 'frank', role: 'user' });
    h.ctx.db.prepare("UPDATE users SET totp_secret = 'JBSWY3DPEHPK3PXP' WHERE id = ?").run(frank);
    expect((await admin.request({ method: 'DELETE', url: `/api/users/${frank}` })).statusCode).toBe(204);
    const gone = await latest();
    const secretPlan = (await admin.get(`/api/revisions/${gone.id}/revert-plan`)).json()
      .changes as PlanChange[];
    expect(secretPlan).toEqual([
      expect.objectContaining({ id: `account:${frank}`, op: 'added', refused: true }),
    ]);
    expect((await revertRefused(gone.id)).msg).toMatch(/^Account frank: .*add it on the Users page$/);

    const eve = await newAccount({ username: 'eve', role: 'user' });
    const made = await latest();
    expect(made.id).not.toBe(created.id);
    const undo = await revertRefused(made.id);
    expect(undo.msg).toBe(
      'Account eve: an account cannot be deleted by a configuration document or a revert: delete it on the Users page',
    );
    expect((await admin.get(`/api/users/${eve}`)).statusCode).toBe(200);
  });
});

describe('PKI', () => {
  const ORDER = 'writers-order';
  const seedOrder = () => {
    const db = h.ctx.db;
    const now = Date.now();
    db.prepare(
      "INSERT INTO pki_keys (id, algorithm, sealed, spki_sha256, created_at) VALUES ('writers-acme-key', 'ec-p256', x'00', '', ?)",
    ).run(now);
    db.prepare(
      `INSERT INTO pki_acme_accounts (id, name, directory_url, email, key_id, account_url, created_at)
       VALUES ('writers-acct', 'Writers', 'https://acme.test/dir', 'a@b.test', 'writers-acme-key', 'https://acme.test/acct/1', ?)`,
    ).run(now);
    db.prepare(
      `INSERT INTO pki_acme_orders (id, account_id, names, key_type, status, auto_renew, renew_before_days, created_at, updated_at)
       VALUES (?, 'writers-acct', '["www.writers.test"]', 'ec-p256', 'invalid', 0, 30, ?, ?)`,
    ).run(ORDER, now, now);
  };

  it("reverts an ACME order's renewal settings changed on its page; refuses other fields and deleting it", async () => {
    seedOrder();
    await plansNothing();
    const patch = await admin.request({
      method: 'PATCH',
      url: `/api/pki/acme/orders/${ORDER}`,
      payload: { auto_renew: true, renew_before_days: 10 },
    });
    expect(patch.statusCode).toBe(200);
    const change = await latest();
    await revert(change.id);
    expect((await admin.get(`/api/pki/acme/orders/${ORDER}`)).json()).toMatchObject({
      auto_renew: false,
      renew_before_days: 30,
    });
    await plansNothing();

    const doc = await exportDoc();
    doc.sections['pki.acme'][`acme_order:${ORDER}`].names = ['evil.test'];
    const names = await admin.put('/api/config', doc);
    expect(names.statusCode).toBe(422);
    expect(names.json().detail[0].msg).toMatch(
      /only an order's renewal settings can be changed .*\(not names\)/,
    );

    const del = await admin.request({ method: 'DELETE', url: `/api/pki/acme/orders/${ORDER}` });
    expect(del.statusCode).toBe(204);
    const deleted = await latest();
    const plan = (await admin.get(`/api/revisions/${deleted.id}/revert-plan`)).json().changes as PlanChange[];
    expect(plan).toEqual([expect.objectContaining({ op: 'added', refused: true })]);
    const detail = await revertRefused(deleted.id);
    expect(detail.msg).toBe(
      'ACME order www.writers.test: an ACME order cannot be placed by a configuration document or a revert: order it on the ACME orders page',
    );
    expect((await admin.get(`/api/pki/acme/orders/${ORDER}`)).statusCode).toBe(404);
  });

  it('refuses a revert that would bring back a deleted certificate authority, saying where', async () => {
    const ca = await admin.post('/api/pki/cas', {
      name: 'Writers CA',
      subject: { common_name: 'Writers CA' },
      key_type: 'ec-p256',
      validity_days: 365,
    });
    expect(ca.statusCode).toBe(201);
    const del = await admin.request({ method: 'DELETE', url: `/api/pki/cas/${ca.json().id}` });
    expect(del.statusCode).toBe(204);
    const deleted = await latest();
    const plan = (await admin.get(`/api/revisions/${deleted.id}/revert-plan`)).json().changes as PlanChange[];
    // The authority and its revocation list would come back: neither can, and the plan says why beside each.
    expect(plan.map((c) => [c.section, c.op, c.refused])).toEqual([
      ['pki.authorities', 'added', true],
      ['pki.crls', 'added', true],
    ]);
    expect(plan[0].note).toMatch(/create, import or delete it on the Certificate authorities page$/);
    const detail = await revertRefused(deleted.id);
    expect(detail.msg).toMatch(
      /^Authority Writers CA: .*create, import or delete it on the Certificate authorities page\)$/,
    );
    await plansNothing();
  }, 30_000);
});
