/**
 * Bulk actions of the PKI lists: one request does every id the single endpoint would accept, names the ones it
 * would refuse with the same reason, audits each change, and answers 409 when nothing could be done. Also the
 * certificates' summary (counts over all of them) and the expiry filter of their list.
 */
import { auditMessages, rootCaBody, startPki, type PkiHarness } from './support';

let t: PkiHarness;
let rootId: string;
let interId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startPki();
  rootId = (await t.admin.post('/api/pki/cas', rootCaBody('Bulk Root', 'ec-p256'))).json().id;
  interId = (
    await t.admin.post('/api/pki/cas', {
      ...rootCaBody('Bulk Issuing', 'ec-p256'),
      parent_id: rootId,
      validity_days: 1000,
    })
  ).json().id;
}, 60_000);
afterAll(() => t.h.close());

async function issue(name: string, validity_days = 90): Promise<string> {
  const res = await t.admin.post('/api/pki/certificates', {
    name,
    ca_id: interId,
    profile: 'server',
    subject: { common_name: `${name}.example.test` },
    sans: { dns: [`${name}.example.test`] },
    validity_days,
    key_type: 'ec-p256',
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const post = (url: string, payload: Record<string, unknown>) =>
  t.admin.request({ method: 'POST', url, payload });

describe('certificates', () => {
  it('revokes several in one request, keeps the one already revoked and publishes one new CRL', async () => {
    const [a, b, c] = [await issue('bulk-a'), await issue('bulk-b'), await issue('bulk-c')];
    expect((await post(`/api/pki/certificates/${c}/revoke`, { reason: 'key_compromise' })).statusCode).toBe(
      200,
    );
    const crlsBefore = (await t.admin.get(`/api/pki/crls?ca_id=${interId}&source=generated`)).json().total;

    const res = await post('/api/pki/certificates/bulk', {
      action: 'revoke',
      ids: [a, b, c],
      reason: 'superseded',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      done: [a, b],
      refused: [{ id: c, name: 'bulk-c', reason: 'this certificate is already revoked' }],
    });
    for (const id of [a, b])
      expect((await t.admin.get(`/api/pki/certificates/${id}`)).json()).toMatchObject({
        status: 'revoked',
        revocation_reason: 'superseded',
      });
    // Both serials are on the authority's next list, published once for the request.
    const crls = (await t.admin.get(`/api/pki/crls?ca_id=${interId}&source=generated&sort=-number`)).json();
    expect(crls.total).toBe(crlsBefore + 1);
    expect((await t.admin.get(`/api/pki/crls/${crls.data[0].id}`)).json().entries).toBe(3);
    const audit = auditMessages(t.h);
    expect(
      audit.filter((m) => /^certificate "bulk-[ab]" .* revoked \(superseded\) by "admin"$/.test(m)),
    ).toHaveLength(2);
  }, 60_000);

  it('deletes what may go and names what is kept; nothing deletable is a 409 with the reasons', async () => {
    const [d, e] = [await issue('bulk-d'), await issue('bulk-e')];
    await post(`/api/pki/certificates/${e}/revoke`, { reason: 'unspecified' });
    const res = await post('/api/pki/certificates/bulk', { action: 'delete', ids: [d, e, 'no-such-id'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      done: [d],
      refused: [
        { id: e, name: 'bulk-e', reason: 'a revoked certificate stays (on the CRL) until it expires' },
        { id: 'no-such-id', name: 'no-such-id', reason: 'does not exist' },
      ],
    });
    expect((await t.admin.get(`/api/pki/certificates/${d}`)).statusCode).toBe(404);
    expect(auditMessages(t.h)).toContain('certificate "bulk-d" (CN=bulk-d.example.test) deleted by "admin"');

    const none = await post('/api/pki/certificates/bulk', { action: 'delete', ids: [e] });
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toEqual([
      {
        loc: ['body', 'ids', 0],
        msg: 'bulk-e: a revoked certificate stays (on the CRL) until it expires',
        type: 'value_error.pki.on_crl',
        ctx: { id: e, name: 'bulk-e' },
      },
    ]);
    expect((await t.admin.get(`/api/pki/certificates/${e}`)).statusCode).toBe(200);
  }, 60_000);

  it('refuses malformed requests: no ids, repeated ids, an unknown action', async () => {
    expect((await post('/api/pki/certificates/bulk', { action: 'delete', ids: [] })).statusCode).toBe(422);
    expect((await post('/api/pki/certificates/bulk', { action: 'delete', ids: ['x', 'x'] })).statusCode).toBe(
      422,
    );
    expect((await post('/api/pki/certificates/bulk', { action: 'renew', ids: ['x'] })).statusCode).toBe(422);
    const many = Array.from({ length: 1001 }, (_, i) => `id-${i}`);
    expect((await post('/api/pki/certificates/bulk', { action: 'delete', ids: many })).statusCode).toBe(422);
  });

  it('filters valid certificates by days to expiry and sums up all of them for the board', async () => {
    const soon = await issue('bulk-soon', 5);
    const month = await issue('bulk-month', 20);
    const within = async (days: number) =>
      (
        (await t.admin.get(`/api/pki/certificates?expires_within_days=${days}&per_page=500`)).json()
          .data as Array<{
          id: string;
        }>
      ).map((c) => c.id);
    expect(await within(7)).toEqual([soon]);
    expect((await within(30)).sort()).toEqual([soon, month].sort());
    expect((await t.admin.get('/api/pki/certificates?expires_within_days=0')).statusCode).toBe(422);

    const summary = (await t.admin.get('/api/pki/certificates/summary')).json();
    const all = (await t.admin.get('/api/pki/certificates')).json();
    expect(summary.total).toBe(all.total);
    expect(summary.by_status).toEqual({
      valid: all.data.filter((c: { status: string }) => c.status === 'valid').length,
      expired: 0,
      revoked: all.data.filter((c: { status: string }) => c.status === 'revoked').length,
      not_yet_valid: 0,
    });
    expect(summary.expiring).toEqual({ days_7: 1, days_30: 2 });
    // Watched: not revoked, ending within 90 days, soonest first.
    expect(summary.watched[0]).toMatchObject({ id: soon, name: 'bulk-soon', ca_id: interId, used_by: [] });
    expect(summary.watched[1]).toMatchObject({ id: month });
    expect(summary.watched_total).toBe(summary.watched.length);
    expect(summary.expired_unrenewed).toBe(0);
    expect(
      summary.watched.every((w: { not_after: string }) => Date.parse(w.not_after) < Date.now() + 90 * DAY),
    ).toBe(true);
  }, 60_000);

  it('sends the board its first five and every certificate its banners name, not the whole horizon', async () => {
    for (let i = 0; i < 5; i++) await issue(`bulk-later-${i}`, 40 + i);
    const summary = (await t.admin.get('/api/pki/certificates/summary')).json();
    // Two ending soon (one within the 14 warning days) and five later: seven watched, five sent.
    expect(summary.watched_total).toBe(7);
    expect(summary.watched).toHaveLength(5);
    expect(summary.watched[0].name).toBe('bulk-soon');
  }, 60_000);
});

describe('authorities', () => {
  it('deletes a branch at once (intermediate first) and keeps an authority with certificates', async () => {
    const root = (await t.admin.post('/api/pki/cas', rootCaBody('Branch Root', 'ec-p256'))).json().id;
    const child = (
      await t.admin.post('/api/pki/cas', {
        ...rootCaBody('Branch Child', 'ec-p256'),
        parent_id: root,
        validity_days: 1000,
      })
    ).json().id;
    const res = await post('/api/pki/cas/bulk', { action: 'delete', ids: [root, child, interId] });
    expect(res.statusCode).toBe(200);
    expect(res.json().done.sort()).toEqual([root, child].sort());
    expect(res.json().refused).toEqual([
      {
        id: interId,
        name: 'Bulk Issuing',
        reason: expect.stringMatching(/^this CA still has 0 intermediate CA\(s\) and \d+ certificate\(s\)/),
      },
    ]);
    expect((await t.admin.get(`/api/pki/cas/${root}`)).statusCode).toBe(404);
    expect(auditMessages(t.h)).toContain(
      'CA "Branch Child" (C=FR, O=Rampart Tests, CN=Branch Child) deleted by "admin"',
    );
    const none = await post('/api/pki/cas/bulk', { action: 'delete', ids: [rootId] });
    expect(none.statusCode).toBe(409);
    expect(none.json().detail[0]).toMatchObject({ loc: ['body', 'ids', 0], type: 'value_error.pki.in_use' });
  }, 60_000);
});

describe('revocation lists', () => {
  it('deletes imported lists and keeps the generated ones (they belong to their authority)', async () => {
    const served = (await t.admin.get(`/api/pki/cas/${interId}/crl`)).body;
    const copy = (await t.admin.post('/api/pki/crls/import', { name: 'Copy', crl: served })).json().id;
    const generated = (await t.admin.get(`/api/pki/crls?ca_id=${interId}&source=generated`)).json().data[0];
    const res = await post('/api/pki/crls/bulk', { action: 'delete', ids: [copy, generated.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      done: [copy],
      refused: [
        {
          id: generated.id,
          name: generated.name,
          reason: 'a generated CRL belongs to its CA: delete the CA instead',
        },
      ],
    });
    expect((await t.admin.get(`/api/pki/crls/${copy}`)).statusCode).toBe(404);
    expect(auditMessages(t.h)).toContain('CRL "Copy" deleted by "admin"');
  }, 60_000);
});

describe('ACME orders', () => {
  it('deletes finished orders and keeps those in progress', async () => {
    const db = t.h.ctx.db;
    const now = Date.now();
    const keyId = 'bulk-acme-key';
    db.prepare(
      "INSERT INTO pki_keys (id, algorithm, sealed, spki_sha256, created_at) VALUES (?, 'ec-p256', x'00', '', ?)",
    ).run(keyId, now);
    db.prepare(
      `INSERT INTO pki_acme_accounts (id, name, directory_url, email, key_id, account_url, created_at)
       VALUES ('bulk-acct', 'Bulk', 'https://acme.test/dir', 'a@b.test', ?, 'https://acme.test/acct/1', ?)`,
    ).run(keyId, now);
    const order = db.prepare(
      `INSERT INTO pki_acme_orders (id, account_id, names, key_type, status, auto_renew, renew_before_days, created_at, updated_at)
       VALUES (?, 'bulk-acct', ?, 'ec-p256', ?, 0, 30, ?, ?)`,
    );
    order.run('order-done', '["done.test"]', 'invalid', now, now);
    order.run('order-busy', '["busy.test","www.busy.test"]', 'processing', now, now);
    const res = await post('/api/pki/acme/orders/bulk', {
      action: 'delete',
      ids: ['order-done', 'order-busy'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      done: ['order-done'],
      refused: [
        { id: 'order-busy', name: 'busy.test, www.busy.test', reason: 'this order is still in progress' },
      ],
    });
    expect(auditMessages(t.h)).toContain('ACME order order-done deleted by "admin"');
    const none = await post('/api/pki/acme/orders/bulk', { action: 'delete', ids: ['order-busy'] });
    expect(none.statusCode).toBe(409);
    expect(none.json().detail[0]).toMatchObject({ type: 'value_error.acme.busy' });
  });
});
