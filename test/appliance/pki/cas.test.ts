import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { adminAgent, Agent, userAgent } from '../support/harness';
import { deriveSealingKey, SECRET_FILE, unseal } from '../../../src/appliance/pki/keys';
import {
  auditMessages,
  openssl,
  opensslSelfSigned,
  rootCaBody,
  startPki,
  writeTemp,
  type PkiHarness,
} from './support';

let t: PkiHarness;
beforeAll(async () => {
  t = await startPki();
}, 60_000);
afterAll(() => t.h.close());

describe('appliance secret and sealed keys', () => {
  it('creates a 32-byte secret readable only by its owner, and stores keys sealed with a key derived from it', async () => {
    const file = path.join(t.h.dataDir, SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const secret = fs.readFileSync(file);
    expect(secret).toHaveLength(32);

    const res = await t.admin.post('/api/pki/cas', rootCaBody('Sealed Root', 'ec-p256'));
    expect(res.statusCode).toBe(201);
    const rows = t.h.ctx.db.prepare('SELECT id, sealed FROM pki_keys').all() as Array<{
      id: string;
      sealed: Buffer;
    }>;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.sealed.includes(Buffer.from('PRIVATE KEY'))).toBe(false);
      const der = unseal(deriveSealingKey(secret), row.id, row.sealed);
      expect(crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).type).toBe('private');
      // Bound to its row: the same bytes under another id do not open.
      expect(() => unseal(deriveSealingKey(secret), 'another-id', row.sealed)).toThrow();
    }
  });
});

describe('certificate authorities', () => {
  it('creates a root and an intermediate whose chain openssl verifies, with the requested constraints', async () => {
    const root = await t.admin.post('/api/pki/cas', {
      ...rootCaBody('Corp Root', 'rsa-3072'),
      path_length: 1,
    });
    expect(root.statusCode).toBe(201);
    const rootId = root.json().id as string;
    expect(rootId).toMatch(/^[A-Za-z0-9_.-]{1,128}$/);
    expect(root.json()).toMatchObject({
      kind: 'root',
      has_private_key: true,
      key_algorithm: 'RSA 3072',
      path_length: 1,
      status: 'valid',
    });

    const inter = await t.admin.post('/api/pki/cas', {
      name: 'Corp Issuing',
      parent_id: rootId,
      key_type: 'ec-p384',
      subject: { common_name: 'Corp Issuing CA', organization: 'Corp' },
      validity_days: 1000,
    });
    expect(inter.statusCode).toBe(201);
    const interId = inter.json().id as string;
    expect(inter.json()).toMatchObject({
      kind: 'intermediate',
      parent_id: rootId,
      path_length: 0,
      key_algorithm: 'ECDSA P-384',
    });

    const rootPem = (await t.admin.get(`/api/pki/cas/${rootId}/certificate?format=pem`)).body;
    const interRes = await t.admin.get(`/api/pki/cas/${interId}/certificate`);
    expect(interRes.headers['content-type']).toContain('application/x-pem-file');
    expect(interRes.headers['content-disposition']).toBe('attachment; filename="Corp_Issuing.pem"');
    const rootFile = writeTemp(t.dir, 'root.pem', rootPem);
    const interFile = writeTemp(t.dir, 'inter.pem', interRes.body);
    const verified = openssl(['verify', '-x509_strict', '-CAfile', rootFile, interFile]);
    expect(verified.stderr).toBe('');
    expect(verified.stdout).toBe(`${interFile}: OK\n`);

    const text = openssl(['x509', '-noout', '-text', '-in', interFile]).stdout;
    expect(text).toContain('CA:TRUE, pathlen:0');
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Certificate Sign, CRL Sign/);
    // The intermediate is signed by the RSA root.
    expect(text).toContain('Signature Algorithm: sha256WithRSAEncryption');

    // DER is the same certificate.
    const der = await t.admin.get(`/api/pki/cas/${interId}/certificate?format=der`);
    expect(der.headers['content-type']).toContain('application/pkix-cert');
    const fromDer = openssl(
      ['x509', '-inform', 'DER', '-noout', '-fingerprint', '-sha256'],
      der.rawPayload,
    ).stdout;
    expect(
      fromDer
        .replace(/[^0-9A-F]/g, '')
        .slice(-64)
        .toLowerCase(),
    ).toBe(inter.json().fingerprint_sha256);

    // The chain export holds the intermediate then the root, and verifies as a bundle.
    const chain = await t.admin.get(`/api/pki/cas/${interId}/certificate?chain=1`);
    expect(chain.body.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    const chainFile = writeTemp(t.dir, 'chain.pem', chain.body);
    expect(openssl(['verify', '-CAfile', rootFile, '-untrusted', chainFile, interFile]).stdout).toContain(
      ': OK',
    );

    // A CA with path length 0 cannot sign another CA.
    const grandchild = await t.admin.post('/api/pki/cas', {
      ...rootCaBody('Too Deep'),
      parent_id: interId,
      validity_days: 10,
    });
    expect(grandchild.statusCode).toBe(422);
    expect(grandchild.json().detail[0]).toMatchObject({
      loc: ['body', 'parent_id'],
      type: 'value_error.pki.path_length',
    });

    // Lists carry what a table needs.
    const list = (await t.admin.get('/api/pki/cas')).json().data as Array<Record<string, unknown>>;
    expect(list.find((c) => c.id === interId)).toMatchObject({
      name: 'Corp Issuing',
      common_name: 'Corp Issuing CA',
      status: 'valid',
      certificates: 0,
      source: 'created',
    });
    // Deleting a CA that still has an intermediate is refused.
    const del = await t.admin.request({ method: 'DELETE', url: `/api/pki/cas/${rootId}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().detail[0].type).toBe('value_error.pki.in_use');
    expect(auditMessages(t.h)).toEqual(
      expect.arrayContaining([
        'root CA "Corp Root" (CN=Corp Root, O=Rampart Tests, C=FR) created by "admin"'.replace(
          'CN=Corp Root, O=Rampart Tests, C=FR',
          list.find((c) => c.id === rootId)!.subject as string,
        ),
      ]),
    );
  }, 60_000);

  it('refuses an intermediate outliving its issuer and unknown parents', async () => {
    const root = (
      await t.admin.post('/api/pki/cas', { ...rootCaBody('Short Root', 'ec-p256'), validity_days: 30 })
    ).json();
    const long = await t.admin.post('/api/pki/cas', {
      ...rootCaBody('Long'),
      parent_id: root.id,
      validity_days: 31,
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail[0]).toMatchObject({
      loc: ['body', 'validity_days'],
      type: 'value_error.pki.validity',
    });
    const unknown = await t.admin.post('/api/pki/cas', { ...rootCaBody('Orphan'), parent_id: 'nope' });
    expect(unknown.statusCode).toBe(404);
  }, 30_000);

  it('imports a CA made by openssl with its key, and one without', async () => {
    const ext = opensslSelfSigned(t.dir, '/CN=Outside Root/O=Elsewhere', { ca: true, key: 'outside' });
    const res = await t.admin.post('/api/pki/cas/import', {
      name: 'Outside',
      certificate: ext.cert,
      private_key: ext.key,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      source: 'imported',
      has_private_key: true,
      kind: 'root',
      common_name: 'Outside Root',
    });
    const again = await t.admin.post('/api/pki/cas/import', { name: 'Outside again', certificate: ext.cert });
    expect(again.statusCode).toBe(409);

    const other = opensslSelfSigned(t.dir, '/CN=Trust Only', { ca: true, key: 'trust' });
    const trustOnly = await t.admin.post('/api/pki/cas/import', {
      name: 'Trust only',
      certificate: other.cert,
    });
    expect(trustOnly.statusCode).toBe(201);
    expect(trustOnly.json().has_private_key).toBe(false);
    expect(auditMessages(t.h)).toContain(
      'CA "Trust only" (CN=Trust Only) imported without its private key by "admin"',
    );
  }, 30_000);

  describe('refuses hostile imports with a clear 422', () => {
    const cases: Array<[string, () => Record<string, unknown>, string, string]> = [
      [
        'a truncated PEM',
        () => ({ certificate: ext().cert.slice(0, ext().cert.length - 40) }),
        'certificate',
        'truncated',
      ],
      [
        'base64 that is no certificate',
        () => ({
          certificate: `-----BEGIN CERTIFICATE-----\n${Buffer.from('hello world, not DER').toString('base64')}\n-----END CERTIFICATE-----\n`,
        }),
        'certificate',
        'not an X.509 certificate',
      ],
      [
        'text with no certificate',
        () => ({ certificate: 'just some text' }),
        'certificate',
        'no PEM certificate',
      ],
      [
        'a certificate that is not a CA',
        () => ({ certificate: leaf().cert }),
        'certificate',
        'not a certificate authority',
      ],
      [
        'a key that does not match',
        () => ({ certificate: ext().cert, private_key: leaf().key }),
        'private_key',
        'does not belong',
      ],
      [
        'a damaged key',
        () => ({
          certificate: ext().cert,
          private_key: `${ext().key.slice(0, 300)}\n${ext().key.slice(-40)}`,
        }),
        'private_key',
        'cannot be read',
      ],
      [
        'a wrong passphrase',
        () => ({ certificate: ext().cert, private_key: encryptedKey(), passphrase: 'wrong' }),
        'private_key',
        'wrong or missing passphrase',
      ],
    ];
    let extCache: { key: string; cert: string } | undefined;
    let leafCache: { key: string; cert: string } | undefined;
    const ext = () =>
      (extCache ??= opensslSelfSigned(t.dir, '/CN=Hostile Root', { ca: true, key: 'hostile' }));
    const leaf = () =>
      (leafCache ??= opensslSelfSigned(t.dir, '/CN=leaf.example', { ca: false, key: 'leaf' }));
    const encryptedKey = () => openssl(['pkey', '-aes256', '-passout', 'pass:right'], ext().key).stdout;

    it.each(cases)('%s', async (_label, body, field, text) => {
      const res = await t.admin.post('/api/pki/cas/import', { name: 'Hostile', ...body() });
      expect(res.statusCode).toBe(422);
      const [item] = res.json().detail;
      expect(item.loc).toEqual(['body', field]);
      expect(item.msg).toContain(text);
    });

    it('accepts the encrypted key with the right passphrase', async () => {
      const res = await t.admin.post('/api/pki/cas/import', {
        name: 'Encrypted',
        certificate: ext().cert,
        private_key: encryptedKey(),
        passphrase: 'right',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().has_private_key).toBe(true);
    });

    it('refuses an expired chain', async () => {
      const root = (
        await t.admin.post('/api/pki/cas', { ...rootCaBody('Soon Expired', 'ec-p256'), validity_days: 1 })
      ).json();
      const pem = (await t.admin.get(`/api/pki/cas/${root.id}/certificate`)).body;
      const saved = t.h.ctx.now;
      t.h.ctx.now = () => Date.now() + 3 * 86_400_000;
      try {
        // Three days on, the admin's session has expired too: log in again.
        t.admin = await adminAgent(t.h);
        const res = await t.admin.post('/api/pki/cas/import', { name: 'Expired', certificate: pem });
        expect(res.statusCode).toBe(422);
        expect(res.json().detail[0]).toMatchObject({
          loc: ['body', 'certificate'],
          type: 'value_error.pki.expired',
        });
        // Nor does an expired CA sign anything.
        const child = await t.admin.post('/api/pki/cas', {
          ...rootCaBody('Child'),
          parent_id: root.id,
          validity_days: 1,
        });
        expect(child.json().detail[0].type).toBe('value_error.pki.expired');
      } finally {
        t.h.ctx.now = saved;
        t.admin = await adminAgent(t.h);
      }
    });

    it('refuses a body over 1 MiB with 413, and malformed fields with validation items', async () => {
      const huge = await t.admin.post('/api/pki/cas/import', {
        name: 'Huge',
        certificate: 'A'.repeat(1100 * 1024),
      });
      expect(huge.statusCode).toBe(413);
      const bad = await t.admin.post('/api/pki/cas', {
        name: 'X',
        key_type: 'rsa-1024',
        subject: {},
        validity_days: 0,
        extra: 1,
      });
      expect(bad.statusCode).toBe(422);
      const types = (bad.json().detail as Array<{ type: string; loc: string[] }>).map(
        (d) => `${d.loc.join('.')}:${d.type}`,
      );
      expect(types).toEqual(
        expect.arrayContaining([
          'body.extra:value_error.extra',
          'body.key_type:type_error.enum',
          'body.subject.common_name:value_error.missing',
          'body.validity_days:value_error.number.not_ge',
        ]),
      );
    });
  });

  it('is for admins only', async () => {
    const user = await userAgent(t.h, 'plainuser');
    expect((await user.get('/api/pki/cas')).statusCode).toBe(403);
    const anon = new Agent(t.h.app);
    expect((await anon.get('/api/pki/cas')).statusCode).toBe(401);
  });
});
