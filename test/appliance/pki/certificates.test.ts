import fs from 'node:fs';
import path from 'node:path';
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
let rootId: string;
let interId: string;
let rootFile: string;
let interFile: string;

beforeAll(async () => {
  t = await startPki();
  rootId = (await t.admin.post('/api/pki/cas', rootCaBody('Cert Root', 'rsa-2048'))).json().id;
  interId = (
    await t.admin.post('/api/pki/cas', {
      ...rootCaBody('Cert Issuing', 'ec-p256'),
      parent_id: rootId,
      validity_days: 1000,
    })
  ).json().id;
  rootFile = writeTemp(t.dir, 'root.pem', (await t.admin.get(`/api/pki/cas/${rootId}/certificate`)).body);
  interFile = writeTemp(t.dir, 'inter.pem', (await t.admin.get(`/api/pki/cas/${interId}/certificate`)).body);
}, 60_000);
afterAll(() => t.h.close());

const serverBody = (over: Record<string, unknown> = {}) => ({
  ca_id: interId,
  profile: 'server',
  subject: { common_name: 'www.example.test', organization: 'Example' },
  sans: {
    dns: ['www.example.test', '*.api.example.test'],
    ip: ['10.0.0.1', '2001:db8::1'],
    uri: ['https://www.example.test/'],
    email: ['ops@example.test'],
  },
  validity_days: 90,
  key_type: 'ec-p256',
  crl_distribution_point: 'appliance',
  ...over,
});

async function leafFile(id: string, name: string) {
  return writeTemp(t.dir, name, (await t.admin.get(`/api/pki/certificates/${id}/certificate`)).body);
}

describe('issuing', () => {
  it('issues a server certificate that openssl verifies for its names and purpose', async () => {
    const res = await t.admin.post('/api/pki/certificates', serverBody());
    expect(res.statusCode).toBe(201);
    const cert = res.json();
    expect(cert).toMatchObject({
      name: 'www.example.test',
      ca_id: interId,
      ca_name: 'Cert Issuing',
      profile: 'server',
      source: 'issued',
      status: 'valid',
      has_private_key: true,
      key_algorithm: 'ECDSA P-256',
      extended_key_usage: ['server_auth'],
      sans: { dns: ['www.example.test', '*.api.example.test'], ip: ['10.0.0.1', '2001:db8::1'] },
    });
    expect(cert.crl_distribution_points).toEqual([`http://127.0.0.1:8080/api/pki/public/cas/${interId}/crl`]);
    // The authority says beforehand which address "point to the appliance's CRL" writes (the form warns on loopback).
    const ca = (await t.admin.get('/api/pki/cas')).json().data.find((c: { id: string }) => c.id === interId);
    expect(ca.public_crl_url).toBe(cert.crl_distribution_points[0]);
    expect(cert.chain).toHaveLength(2);
    const file = await leafFile(cert.id, 'server.pem');
    const ok = openssl([
      'verify',
      '-x509_strict',
      '-purpose',
      'sslserver',
      '-verify_hostname',
      'www.example.test',
      '-verify_ip',
      '10.0.0.1',
      '-CAfile',
      rootFile,
      '-untrusted',
      interFile,
      file,
    ]);
    expect(ok.stdout).toBe(`${file}: OK\n`);
    const wrongName = openssl([
      'verify',
      '-verify_hostname',
      'evil.example.test',
      '-CAfile',
      rootFile,
      '-untrusted',
      interFile,
      file,
    ]);
    expect(wrongName.status).not.toBe(0);
    const text = openssl(['x509', '-noout', '-text', '-in', file]).stdout;
    expect(text).toContain(
      'DNS:www.example.test, DNS:*.api.example.test, IP Address:10.0.0.1, IP Address:2001:DB8:0:0:0:0:0:1, URI:https://www.example.test/, email:ops@example.test',
    );
    expect(text).toContain('TLS Web Server Authentication');
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
    expect(
      auditMessages(t.h).some(
        (m) => m.startsWith('server certificate "www.example.test"') && m.endsWith('issued by "admin"'),
      ),
    ).toBe(true);
  }, 30_000);

  it('issues a client certificate valid for client authentication only', async () => {
    const res = await t.admin.post('/api/pki/certificates', {
      ca_id: interId,
      profile: 'client',
      subject: { common_name: 'alice', email: 'alice@example.test' },
      sans: { email: ['alice@example.test'] },
      validity_days: 30,
      key_type: 'rsa-2048',
    });
    expect(res.statusCode).toBe(201);
    const file = await leafFile(res.json().id, 'client.pem');
    expect(
      openssl(['verify', '-purpose', 'sslclient', '-CAfile', rootFile, '-untrusted', interFile, file]).stdout,
    ).toContain(': OK');
    expect(
      openssl(['verify', '-purpose', 'sslserver', '-CAfile', rootFile, '-untrusted', interFile, file]).status,
    ).not.toBe(0);
  }, 30_000);

  const refusals: Array<[string, Record<string, unknown>, unknown[], string]> = [
    [
      'a validity beyond the CA',
      { validity_days: 2000 },
      ['body', 'validity_days'],
      'value_error.pki.validity',
    ],
    ['a server certificate without names', { sans: {} }, ['body', 'sans'], 'value_error.pki.san'],
    ['a bad IP address', { sans: { ip: ['10.0.0.300'] } }, ['body', 'sans', 'ip', 0], 'value_error.pki.san'],
    [
      'a bad DNS name',
      { sans: { dns: ['bad name.example'] } },
      ['body', 'sans', 'dns', 0],
      'value_error.pki.san',
    ],
    [
      'a CRL address that is not http(s)',
      { crl_distribution_point: 'ldap://x' },
      ['body', 'crl_distribution_point'],
      'value_error.str.regex',
    ],
  ];
  it.each(refusals)('refuses %s', async (_label, over, loc, type) => {
    const res = await t.admin.post('/api/pki/certificates', serverBody(over));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc, type });
  });

  it('refuses to issue from a CA without its key', async () => {
    const ext = opensslSelfSigned(t.dir, '/CN=Keyless', { ca: true, key: 'keyless' });
    const ca = (await t.admin.post('/api/pki/cas/import', { name: 'Keyless', certificate: ext.cert })).json();
    const res = await t.admin.post('/api/pki/certificates', serverBody({ ca_id: ca.id }));
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'ca_id'], type: 'value_error.pki.no_key' });
  });
});

describe('certificate signing requests', () => {
  function csr(bits: number, cn: string) {
    const keyFile = path.join(t.dir, `${cn}-key.pem`);
    const csrFile = path.join(t.dir, `${cn}.csr`);
    const r = openssl([
      'req',
      '-new',
      '-newkey',
      `rsa:${bits}`,
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      csrFile,
      '-subj',
      `/CN=${cn}`,
      '-addext',
      `subjectAltName=DNS:${cn}`,
    ]);
    expect(r.status).toBe(0);
    return fs.readFileSync(csrFile, 'utf8');
  }

  it('signs a CSR with the names it asks for, keeping no key', async () => {
    const res = await t.admin.post('/api/pki/certificates/csr', {
      ca_id: interId,
      profile: 'server',
      csr: csr(2048, 'csr.example.test'),
      validity_days: 30,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      source: 'csr',
      has_private_key: false,
      sans: { dns: ['csr.example.test'] },
    });
    const file = await leafFile(res.json().id, 'csr.pem');
    expect(
      openssl([
        'verify',
        '-verify_hostname',
        'csr.example.test',
        '-CAfile',
        rootFile,
        '-untrusted',
        interFile,
        file,
      ]).stdout,
    ).toContain(': OK');
    const exported = await t.admin.post(`/api/pki/certificates/${res.json().id}/export`, {
      format: 'pkcs12',
      password: 'secret-pw',
    });
    expect(exported.json().detail[0].type).toBe('value_error.pki.no_key');
  }, 30_000);

  it('refuses tampered, weak and non-CSR uploads', async () => {
    const good = csr(2048, 'tamper.example.test');
    const lines = good.split('\n');
    lines[3] = lines[3].slice(0, 10) + (lines[3][10] === 'A' ? 'B' : 'A') + lines[3].slice(11);
    const tampered = await t.admin.post('/api/pki/certificates/csr', {
      ca_id: interId,
      profile: 'server',
      csr: lines.join('\n'),
      validity_days: 30,
    });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json().detail[0].loc).toEqual(['body', 'csr']);
    const weak = await t.admin.post('/api/pki/certificates/csr', {
      ca_id: interId,
      profile: 'server',
      csr: csr(1024, 'weak.example.test'),
      validity_days: 30,
    });
    expect(weak.json().detail[0]).toMatchObject({
      loc: ['body', 'csr'],
      type: 'value_error.pki.weak_key',
      msg: 'RSA keys must have at least 2048 bits; this one has 1024',
    });
    const notCsr = await t.admin.post('/api/pki/certificates/csr', {
      ca_id: interId,
      profile: 'server',
      csr: fs.readFileSync(rootFile, 'utf8'),
      validity_days: 30,
    });
    expect(notCsr.json().detail[0].msg).toContain('CERTIFICATE REQUEST');
  }, 30_000);
});

describe('exports', () => {
  let id: string;
  beforeAll(async () => {
    id = (
      await t.admin.post(
        '/api/pki/certificates',
        serverBody({
          subject: { common_name: 'export.example.test' },
          sans: { dns: ['export.example.test'] },
          key_type: 'rsa-2048',
        }),
      )
    ).json().id;
  });

  it('exports a PKCS#12 that openssl opens with the password (key, leaf and chain) and refuses with another', async () => {
    const res = await t.admin.post(`/api/pki/certificates/${id}/export`, {
      format: 'pkcs12',
      password: 'p12-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-pkcs12');
    expect(res.headers['content-disposition']).toBe('attachment; filename="export.example.test.p12"');
    const file = writeTemp(t.dir, 'export.p12', res.rawPayload);
    const opened = openssl(['pkcs12', '-in', file, '-passin', 'pass:p12-password', '-nodes']);
    expect(opened.status).toBe(0);
    expect(opened.stdout.match(/BEGIN CERTIFICATE/g)).toHaveLength(3);
    expect(opened.stdout).toContain('BEGIN PRIVATE KEY');
    expect(opened.stdout).toContain('friendlyName: export.example.test');
    const wrong = openssl(['pkcs12', '-in', file, '-passin', 'pass:not-it', '-nodes']);
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toMatch(/mac verify (failure|error)/i);
    expect(auditMessages(t.h)).toContain(
      `private key of certificate "export.example.test" (CN=export.example.test) exported as PKCS#12, password-protected by "admin"`,
    );
  }, 30_000);

  it('exports the PEM bundle with the key encrypted under the password, and DER of the certificate', async () => {
    const res = await t.admin.post(`/api/pki/certificates/${id}/export`, {
      format: 'pem',
      password: 'pem-password',
    });
    expect(res.body).toContain('BEGIN ENCRYPTED PRIVATE KEY');
    expect(res.body.match(/BEGIN CERTIFICATE/g)).toHaveLength(3);
    const keyOut = openssl(['pkey', '-passin', 'pass:pem-password', '-noout'], res.body);
    expect(keyOut.status).toBe(0);
    expect(openssl(['pkey', '-passin', 'pass:wrong', '-noout'], res.body).status).not.toBe(0);
    const der = await t.admin.get(`/api/pki/certificates/${id}/certificate?format=der`);
    expect(openssl(['x509', '-inform', 'DER', '-noout', '-subject'], der.rawPayload).stdout).toContain(
      'CN = export.example.test',
    );
    const noPassword = await t.admin.post(`/api/pki/certificates/${id}/export`, { format: 'pkcs12' });
    expect(noPassword.json().detail[0]).toMatchObject({ loc: ['body', 'password'] });
  });

  it('re-imports its own PKCS#12 export (after the original is deleted) with the key', async () => {
    const p12 = (
      await t.admin.post(`/api/pki/certificates/${id}/export`, { format: 'pkcs12', password: 'round-trip' })
    ).rawPayload;
    expect((await t.admin.request({ method: 'DELETE', url: `/api/pki/certificates/${id}` })).statusCode).toBe(
      204,
    );
    const res = await t.admin.post('/api/pki/certificates/import-pkcs12', {
      pkcs12: p12.toString('base64'),
      password: 'round-trip',
    });
    expect(res.statusCode).toBe(201);
    // Signed by an appliance CA: linked to it, so it can be revoked and listed on the CRL.
    expect(res.json()).toMatchObject({
      source: 'imported',
      has_private_key: true,
      ca_id: interId,
      profile: 'server',
    });
  }, 30_000);
});

describe('imports', () => {
  it('imports PEM with its key, and refuses a key that does not match', async () => {
    const a = opensslSelfSigned(t.dir, '/CN=a.example.test', { ca: false, key: 'a' });
    const b = opensslSelfSigned(t.dir, '/CN=b.example.test', { ca: false, key: 'b' });
    const bad = await t.admin.post('/api/pki/certificates/import', {
      certificate: a.cert,
      private_key: b.key,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({
      loc: ['body', 'private_key'],
      type: 'value_error.pki.key_mismatch',
    });
    const ok = await t.admin.post('/api/pki/certificates/import', {
      name: 'A',
      certificate: a.cert,
      private_key: a.key,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ name: 'A', has_private_key: true, ca_id: null, source: 'imported' });
    const again = await t.admin.post('/api/pki/certificates/import', { certificate: a.cert });
    expect(again.statusCode).toBe(409);
    // Outside certificates are not revoked here.
    const revoke = await t.admin.post(`/api/pki/certificates/${ok.json().id}/revoke`, {
      reason: 'superseded',
    });
    expect(revoke.json().detail[0].type).toBe('value_error.pki.not_revocable');
  });

  function opensslP12(name: string, password: string, extra: string[] = []) {
    const c = opensslSelfSigned(t.dir, `/CN=${name}`, { ca: false, key: name });
    const keyFile = writeTemp(t.dir, `${name}.key`, c.key);
    const certFile = writeTemp(t.dir, `${name}.crt`, c.cert);
    const out = path.join(t.dir, `${name}.p12`);
    const r = openssl([
      'pkcs12',
      '-export',
      '-in',
      certFile,
      '-inkey',
      keyFile,
      '-out',
      out,
      '-passout',
      `pass:${password}`,
      ...extra,
    ]);
    expect(r.stderr).toBe('');
    return fs.readFileSync(out).toString('base64');
  }

  it('imports PKCS#12 files made by openssl, modern and legacy 3DES', async () => {
    const modern = await t.admin.post('/api/pki/certificates/import-pkcs12', {
      pkcs12: opensslP12('modern.example.test', 'pw-modern'),
      password: 'pw-modern',
    });
    expect(modern.statusCode).toBe(201);
    expect(modern.json()).toMatchObject({ common_name: 'modern.example.test', has_private_key: true });
    const legacy = await t.admin.post('/api/pki/certificates/import-pkcs12', {
      pkcs12: opensslP12('legacy.example.test', 'pw-legacy', [
        '-keypbe',
        'PBE-SHA1-3DES',
        '-certpbe',
        'PBE-SHA1-3DES',
        '-macalg',
        'sha1',
      ]),
      password: 'pw-legacy',
    });
    expect(legacy.statusCode).toBe(201);
  }, 30_000);

  const hostile: Array<[string, () => Record<string, unknown>, unknown[], string]> = [
    [
      'a wrong PKCS#12 password',
      () => ({ pkcs12: p12(), password: 'wrong' }),
      ['body', 'password'],
      'wrong password',
    ],
    [
      'an empty PKCS#12 password for a protected file',
      () => ({ pkcs12: p12(), password: '' }),
      ['body', 'password'],
      'wrong password',
    ],
    [
      'a truncated PKCS#12',
      () => ({ pkcs12: p12().slice(0, 400), password: 'pw-hostile' }),
      ['body', 'pkcs12'],
      'not a PKCS#12',
    ],
    [
      'a certificate sent as PKCS#12',
      () => ({ pkcs12: Buffer.from(fs.readFileSync(rootFile, 'utf8')).toString('base64'), password: 'x' }),
      ['body', 'pkcs12'],
      'not a PKCS#12',
    ],
  ];
  let p12Cache: string | undefined;
  const p12 = () => (p12Cache ??= opensslP12('hostile.example.test', 'pw-hostile'));
  it.each(hostile)('refuses %s', async (_label, body, loc, text) => {
    const res = await t.admin.post('/api/pki/certificates/import-pkcs12', body());
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(loc);
    expect(res.json().detail[0].msg).toContain(text);
  });

  it('refuses uploads over 1 MiB with 413 and a CA in the certificate import', async () => {
    const huge = await t.admin.post('/api/pki/certificates/import-pkcs12', {
      pkcs12: 'A'.repeat(1024 * 1024),
      password: 'x',
    });
    expect(huge.statusCode).toBe(413);
    const ca = await t.admin.post('/api/pki/certificates/import', {
      certificate: fs.readFileSync(rootFile, 'utf8'),
    });
    expect(ca.json().detail[0].type).toBe('value_error.pki.is_ca');
  });
});

describe('renewal and revocation', () => {
  it('renews with a new key and the same names, revoking the previous one on request', async () => {
    const old = (
      await t.admin.post(
        '/api/pki/certificates',
        serverBody({ subject: { common_name: 'renew.example.test' }, sans: { dns: ['renew.example.test'] } }),
      )
    ).json();
    const res = await t.admin.post(`/api/pki/certificates/${old.id}/renew`, {
      validity_days: 60,
      revoke_previous: true,
    });
    expect(res.statusCode).toBe(201);
    const renewed = res.json();
    expect(renewed).toMatchObject({
      renewed_from: old.id,
      sans: { dns: ['renew.example.test'] },
      profile: 'server',
      has_private_key: true,
    });
    expect(renewed.serial).not.toBe(old.serial);
    const previous = (await t.admin.get(`/api/pki/certificates/${old.id}`)).json();
    expect(previous).toMatchObject({
      status: 'revoked',
      revocation_reason: 'superseded',
      renewed_by: renewed.id,
    });
    const [oldFile, newFile] = [await leafFile(old.id, 'old.pem'), await leafFile(renewed.id, 'new.pem')];
    const pub = (f: string) => openssl(['x509', '-noout', '-pubkey', '-in', f]).stdout;
    expect(pub(newFile)).not.toBe(pub(oldFile));
    expect(openssl(['verify', '-CAfile', rootFile, '-untrusted', interFile, newFile]).stdout).toContain(
      ': OK',
    );
    // A revoked certificate stays until it expires (it is listed on the CRL).
    expect(
      (await t.admin.request({ method: 'DELETE', url: `/api/pki/certificates/${old.id}` })).statusCode,
    ).toBe(409);
  }, 30_000);

  it('revokes with a reason once', async () => {
    const cert = (
      await t.admin.post(
        '/api/pki/certificates',
        serverBody({
          subject: { common_name: 'revoke.example.test' },
          sans: { dns: ['revoke.example.test'] },
        }),
      )
    ).json();
    const res = await t.admin.post(`/api/pki/certificates/${cert.id}/revoke`, { reason: 'key_compromise' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'revoked', revocation_reason: 'key_compromise' });
    expect(
      (await t.admin.post(`/api/pki/certificates/${cert.id}/revoke`, { reason: 'key_compromise' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await t.admin.post(`/api/pki/certificates/${cert.id}/revoke`, { reason: 'because' })).statusCode,
    ).toBe(422);
    const list = (await t.admin.get('/api/pki/certificates?status=revoked')).json().data as Array<{
      id: string;
    }>;
    expect(list.map((c) => c.id)).toContain(cert.id);
    expect(auditMessages(t.h).some((m) => m.includes('revoked (key_compromise) by "admin"'))).toBe(true);
  }, 30_000);
});
