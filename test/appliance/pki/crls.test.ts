import fs from 'node:fs';
import path from 'node:path';
import { Agent } from '../support/harness';
import { pkiOf } from '../../../src/appliance/pki';
import { refreshDueCrls } from '../../../src/appliance/pki/crls';
import { adminAgent } from '../support/harness';
import { auditMessages, openssl, rootCaBody, startPki, writeTemp, type PkiHarness } from './support';

let t: PkiHarness;
let caId: string;
let caFile: string;

beforeAll(async () => {
  t = await startPki();
  caId = (
    await t.admin.post('/api/pki/cas', { ...rootCaBody('CRL Root', 'ec-p384'), crl_validity_hours: 24 })
  ).json().id;
  caFile = writeTemp(t.dir, 'ca.pem', (await t.admin.get(`/api/pki/cas/${caId}/certificate`)).body);
}, 60_000);
afterAll(() => t.h.close());

const issue = async (cn: string) =>
  (
    await t.admin.post('/api/pki/certificates', {
      ca_id: caId,
      profile: 'server',
      subject: { common_name: cn },
      sans: { dns: [cn] },
      validity_days: 30,
      key_type: 'ec-p256',
      crl_distribution_point: 'appliance',
    })
  ).json() as { id: string; serial: string };

async function crlFile(name: string) {
  const res = await t.admin.get(`/api/pki/cas/${caId}/crl`);
  expect(res.statusCode).toBe(200);
  return writeTemp(t.dir, name, res.body);
}

describe('generated CRLs', () => {
  it('starts every CA with an empty CRL that openssl verifies against it', async () => {
    const file = await crlFile('first.crl.pem');
    const checked = openssl(['crl', '-in', file, '-CAfile', caFile, '-noout', '-text']);
    expect(checked.stderr).toContain('verify OK');
    expect(checked.stdout).toMatch(/X509v3 CRL Number:\s+1\n/);
    expect(checked.stdout).toContain('No Revoked Certificates.');
    expect(checked.stdout).toMatch(/Version 2 \(0x1\)/);
    const ca = (await t.admin.get(`/api/pki/cas/${caId}`)).json();
    expect(ca.crl).toMatchObject({ number: 1 });
    expect(Date.parse(ca.crl.next_update) - Date.parse(ca.crl.this_update)).toBe(24 * 3600_000);
  });

  it('is regenerated on each revocation, listing serials and reasons, and openssl then refuses the revoked certificate', async () => {
    const keep = await issue('keep.example.test');
    const bad = await issue('bad.example.test');
    const other = await issue('other.example.test');
    await t.admin.post(`/api/pki/certificates/${bad.id}/revoke`, { reason: 'key_compromise' });
    await t.admin.post(`/api/pki/certificates/${other.id}/revoke`, { reason: 'cessation_of_operation' });
    const file = await crlFile('after.crl.pem');
    const text = openssl(['crl', '-in', file, '-CAfile', caFile, '-noout', '-text']);
    expect(text.stderr).toContain('verify OK');
    expect(text.stdout).toMatch(/X509v3 CRL Number:\s+3\n/);
    expect(text.stdout).toContain(`Serial Number: ${bad.serial.toUpperCase()}`);
    expect(text.stdout).toContain(`Serial Number: ${other.serial.toUpperCase()}`);
    expect(text.stdout).not.toContain(keep.serial.toUpperCase());
    expect(text.stdout).toContain('Key Compromise');
    expect(text.stdout).toContain('Cessation Of Operation');

    const leaf = async (id: string, name: string) =>
      writeTemp(t.dir, name, (await t.admin.get(`/api/pki/certificates/${id}/certificate`)).body);
    const revoked = openssl([
      'verify',
      '-crl_check',
      '-CAfile',
      caFile,
      '-CRLfile',
      file,
      await leaf(bad.id, 'bad.pem'),
    ]);
    expect(revoked.status).not.toBe(0);
    expect(revoked.stderr + revoked.stdout).toContain('certificate revoked');
    const good = openssl([
      'verify',
      '-crl_check',
      '-CAfile',
      caFile,
      '-CRLfile',
      file,
      await leaf(keep.id, 'keep.pem'),
    ]);
    expect(good.stdout).toContain(': OK');

    // The detail lists the entries; the list shows the current and the superseded ones.
    const list = (await t.admin.get(`/api/pki/crls?ca_id=${caId}`)).json().data as Array<{
      id: string;
      number: number;
      status: string;
    }>;
    expect(list.map((c) => [c.number, c.status])).toEqual([
      [3, 'current'],
      [2, 'superseded'],
      [1, 'superseded'],
    ]);
    const detail = (await t.admin.get(`/api/pki/crls/${list[0].id}`)).json();
    expect(detail.revoked).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ serial: bad.serial, reason: 'key_compromise' }),
        expect.objectContaining({ serial: other.serial, reason: 'cessation_of_operation' }),
      ]),
    );
    // DER download is the same list.
    const der = await t.admin.get(`/api/pki/crls/${list[0].id}/download?format=der`);
    expect(der.headers['content-type']).toBe('application/pkix-crl');
    expect(openssl(['crl', '-inform', 'DER', '-noout', '-crlnumber'], der.rawPayload).stdout).toBe(
      'crlNumber=0x03\n',
    );
  }, 30_000);

  it('serves the current CRL to anyone at the address written in the certificates', async () => {
    const cert = (await t.admin.get(`/api/pki/certificates?ca_id=${caId}`)).json().data[0];
    const detail = (await t.admin.get(`/api/pki/certificates/${cert.id}`)).json();
    const url = new URL(detail.crl_distribution_points[0]);
    const anon = new Agent(t.h.app);
    const res = await anon.get(url.pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pkix-crl');
    expect(openssl(['crl', '-inform', 'DER', '-noout', '-crlnumber'], res.rawPayload).stdout).toBe(
      'crlNumber=0x03\n',
    );
    expect((await anon.get('/api/pki/public/cas/unknown/crl')).statusCode).toBe(404);
    expect((await anon.get(`/api/pki/crls`)).statusCode).toBe(401);
  });

  it('is regenerated before its next update, not earlier', async () => {
    const p = pkiOf(t.h.ctx);
    const number = () =>
      (t.h.ctx.db.prepare('SELECT crl_number AS n FROM pki_cas WHERE id = ?').get(caId) as { n: number }).n;
    const before = number();
    expect(await refreshDueCrls(p)).toBe(0);
    const saved = t.h.ctx.now;
    try {
      // 24 h lists are renewed in their last quarter (6 h): 17 h on nothing is due, 19 h on it is.
      t.h.ctx.now = () => Date.now() + 17 * 3600_000;
      expect(await refreshDueCrls(p)).toBe(0);
      expect(number()).toBe(before);
      t.h.ctx.now = () => Date.now() + 19 * 3600_000;
      expect(await refreshDueCrls(p)).toBe(1);
      expect(number()).toBe(before + 1);
    } finally {
      t.h.ctx.now = saved;
      t.admin = await adminAgent(t.h);
    }
  });

  it('can be regenerated on demand', async () => {
    const res = await t.admin.post(`/api/pki/cas/${caId}/crl`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ca_id: caId, source: 'generated', status: 'current', entries: 2 });
  });
});

describe('imported CRLs', () => {
  function opensslCrl(subject = '/CN=Outside CRL CA') {
    const dir = fs.mkdtempSync(path.join(t.dir, 'ca-'));
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    openssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '10',
      '-subj',
      subject,
    ]);
    fs.writeFileSync(path.join(dir, 'index.txt'), '');
    fs.writeFileSync(path.join(dir, 'crlnumber'), '07\n');
    const cfg = writeTemp(
      dir,
      'ca.cnf',
      `[ca]\ndefault_ca = d\n[d]\ndatabase = ${dir}/index.txt\ncrlnumber = ${dir}/crlnumber\ndefault_md = sha256\ndefault_crl_days = 7\n`,
    );
    const out = path.join(dir, 'crl.pem');
    const r = openssl(['ca', '-gencrl', '-config', cfg, '-keyfile', key, '-cert', cert, '-out', out]);
    expect(r.status).toBe(0);
    return fs.readFileSync(out, 'utf8');
  }

  it('imports a CRL made by openssl, downloads it unchanged and deletes it', async () => {
    const pem = opensslCrl();
    const res = await t.admin.post('/api/pki/crls/import', { crl: pem });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      source: 'imported',
      name: 'Outside CRL CA',
      number: 7,
      entries: 0,
      ca_id: null,
    });
    const down = await t.admin.get(`/api/pki/crls/${res.json().id}/download`);
    expect(down.body.replace(/\s/g, '')).toBe(pem.replace(/\s/g, ''));
    expect(auditMessages(t.h)).toContain(
      'CRL "Outside CRL CA" (CN=Outside CRL CA, 0 entries) imported by "admin"',
    );
    expect(
      (await t.admin.request({ method: 'DELETE', url: `/api/pki/crls/${res.json().id}` })).statusCode,
    ).toBe(204);
    const generated = (await t.admin.get(`/api/pki/crls?source=generated`)).json().data[0];
    expect(
      (await t.admin.request({ method: 'DELETE', url: `/api/pki/crls/${generated.id}` })).statusCode,
    ).toBe(409);
  });

  it('links a CRL signed by an appliance CA to it, and refuses one that names that CA but is not signed by it', async () => {
    const served = (await t.admin.get(`/api/pki/cas/${caId}/crl`)).body;
    const generated = (
      (await t.admin.get(`/api/pki/crls?ca_id=${caId}&source=generated`)).json().data as Array<{
        id: string;
        status: string;
      }>
    ).find((c) => c.status === 'current')!;
    const own = await t.admin.post('/api/pki/crls/import', { name: 'Own copy', crl: served });
    expect(own.statusCode).toBe(201);
    const detail = (await t.admin.get(`/api/pki/crls/${generated.id}`)).json();
    expect(own.json()).toMatchObject({
      ca_id: caId,
      issuer: detail.issuer,
      number: detail.number,
      entries: detail.entries,
      signature_algorithm: detail.signature_algorithm,
      revoked: detail.revoked,
    });
    expect((await t.admin.get(`/api/pki/crls/${own.json().id}`)).json()).toEqual(own.json());
    await t.admin.request({ method: 'DELETE', url: `/api/pki/crls/${own.json().id}` });

    const forged = await t.admin.post('/api/pki/crls/import', {
      crl: opensslCrl('/C=FR/O=Rampart Tests/CN=CRL Root'),
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().detail[0]).toMatchObject({
      loc: ['body', 'crl'],
      type: 'value_error.pki.signature',
    });
  });

  const hostile: Array<[string, () => string, string]> = [
    ['a truncated PEM', () => opensslCrl().slice(0, 200), 'truncated'],
    ['a certificate', () => fs.readFileSync(caFile, 'utf8'), 'BEGIN X509 CRL'],
    [
      'base64 that is no CRL',
      () => Buffer.from('not a crl at all').toString('base64'),
      'not an X.509 revocation list',
    ],
    ['plain text', () => 'hello, world', 'PEM or as base64'],
  ];
  it.each(hostile)('refuses %s', async (_label, crl, text) => {
    const res = await t.admin.post('/api/pki/crls/import', { crl: crl() });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'crl']);
    expect(res.json().detail[0].msg).toContain(text);
  });
});
