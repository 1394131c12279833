/**
 * The key policy (`src/shared/keyPolicy.ts`) on every way a key enters the appliance or is made by it, through the
 * real API with keys made by the real `openssl` and `ssh-keygen`: CA import, certificate import (PEM and PKCS#12),
 * CSR signing, issuing from a weak CA stored before the policy, renewals, key generation choices (PKI and ACME) and
 * SSH authorised keys. A new case is one table row.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { KEY_TYPES as UI_KEY_TYPES } from '../../src/app/pages/system/resources';
import { deriveSealingKey, KEY_TYPES, KeyStore, SECRET_FILE } from '../../src/appliance/pki/keys';
import { describeKeyObject } from '../../src/appliance/pki/keyPolicy';
import { checkKey } from '../../src/shared/keyPolicy';
import { requireTool } from '../appliance/support/tools';
import { openssl, startPki, writeTemp, type PkiHarness } from '../appliance/pki/support';

/** openssl genpkey arguments of each key of the corpus. */
const KEYS = {
  'rsa-512': ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:512'],
  'rsa-1024': ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:1024'],
  'rsa-2048': ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'],
  'rsa-2048-e3': ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-pkeyopt', 'rsa_keygen_pubexp:3'],
  'dsa-2048': ['-paramfile', 'dsa-params.pem'],
  'ec-secp256k1': ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:secp256k1'],
  'ec-p256': ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
  'ec-p384': ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:secp384r1'],
  'ec-p521': ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:secp521r1'],
  ed25519: ['-algorithm', 'ED25519'],
  ed448: ['-algorithm', 'ED448'],
} as const;
type KeyName = keyof typeof KEYS;

let t: PkiHarness;
const file = (name: string) => path.join(t.dir, name);

function ok(args: string[], input?: string): string {
  const r = openssl(args, input);
  if (r.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

const keyPem = (k: KeyName) => fs.readFileSync(file(`${k}.key`), 'utf8');

/** A self-signed certificate of a key (a CA, or a server leaf), each call a new one. */
let serial = 0;
function selfSigned(k: KeyName, ca: boolean): string {
  serial += 1;
  return ok([
    'req',
    '-x509',
    '-key',
    file(`${k}.key`),
    '-subj',
    `/CN=${k} ${ca ? 'CA' : 'leaf'} ${serial}/O=Key Policy`,
    '-days',
    '30',
    '-addext',
    ca ? 'basicConstraints=critical,CA:TRUE' : 'basicConstraints=critical,CA:FALSE',
    ...(ca
      ? ['-addext', 'keyUsage=critical,keyCertSign,cRLSign']
      : ['-addext', `subjectAltName=DNS:${k}.test`]),
  ]);
}

const csrOf = (k: KeyName) =>
  ok([
    'req',
    '-new',
    '-key',
    file(`${k}.key`),
    '-subj',
    `/CN=${k}.test`,
    '-addext',
    `subjectAltName=DNS:${k}.test`,
  ]);

function pkcs12Of(k: KeyName): string {
  const leaf = writeTemp(t.dir, `${k}-p12-leaf.pem`, selfSigned(k, false));
  const out = file(`${k}.p12`);
  ok(['pkcs12', '-export', '-in', leaf, '-inkey', file(`${k}.key`), '-out', out, '-passout', 'pass:p12-pw']);
  return fs.readFileSync(out).toString('base64');
}

/** Inserts rows the way the PKI stores them, for material from before the policy (the API now refuses it). */
function insert(table: string, row: Record<string, unknown>) {
  const cols = Object.keys(row);
  t.h.ctx.db
    .prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`)
    .run(row);
}

function storedCertColumns(pem: string) {
  const cert = new crypto.X509Certificate(pem);
  return {
    id: crypto.randomUUID(),
    cert_der: cert.raw,
    chain_pem: '',
    subject: cert.subject.replace(/\n/g, ', '),
    issuer: cert.issuer.replace(/\n/g, ', '),
    serial: cert.serialNumber.toLowerCase(),
    fingerprint_sha256: crypto.createHash('sha256').update(cert.raw).digest('hex'),
    not_before: Date.parse(cert.validFrom),
    not_after: Date.parse(cert.validTo),
    created_at: Date.now(),
  };
}

let weakCaId: string;
let goodCaId: string;
let weakLeafId: string;

beforeAll(async () => {
  t = await startPki();
  ok([
    'genpkey',
    '-genparam',
    '-algorithm',
    'DSA',
    '-pkeyopt',
    'dsa_paramgen_bits:2048',
    '-out',
    file('dsa-params.pem'),
  ]);
  for (const [name, args] of Object.entries(KEYS))
    ok(['genpkey', ...args.map((a) => (a.endsWith('.pem') ? file(a) : a)), '-out', file(`${name}.key`)]);

  // A good CA of the appliance, and an RSA-512 CA stored (with its key) before the policy existed.
  const good = await t.admin.post('/api/pki/cas/import', {
    name: 'Good CA',
    certificate: selfSigned('ec-p384', true),
    private_key: keyPem('ec-p384'),
  });
  expect(good.statusCode).toBe(201);
  goodCaId = good.json().id;
  const secret = fs.readFileSync(path.join(t.h.dataDir, SECRET_FILE));
  const store = new KeyStore(t.h.ctx.db, deriveSealingKey(secret), Date.now);
  const weak = storedCertColumns(selfSigned('rsa-512', true));
  weakCaId = weak.id;
  insert('pki_cas', {
    ...weak,
    name: 'Legacy 512 CA',
    parent_id: null,
    key_id: store.put(crypto.createPrivateKey(keyPem('rsa-512'))),
    path_length: null,
    source: 'imported',
    crl_validity_hours: 168,
    crl_number: 0,
  });

  // A server certificate with an RSA-1024 key that the good CA signed from a CSR before the policy.
  const goodCa = writeTemp(
    t.dir,
    'good-ca.pem',
    (await t.admin.get(`/api/pki/cas/${goodCaId}/certificate`)).body,
  );
  const ext = writeTemp(
    t.dir,
    'leaf.ext',
    'basicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:rsa-1024.test\n',
  );
  const csr = writeTemp(t.dir, 'rsa-1024.csr', csrOf('rsa-1024'));
  const signed = ok([
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    goodCa,
    '-CAkey',
    file('ec-p384.key'),
    '-set_serial',
    '4243',
    '-days',
    '30',
    '-extfile',
    ext,
  ]);
  const weakLeaf = storedCertColumns(signed);
  weakLeafId = weakLeaf.id;
  insert('pki_certificates', {
    ...weakLeaf,
    name: 'Legacy 1024 server',
    ca_id: goodCaId,
    key_id: null,
    profile: 'server',
    source: 'csr',
    sans: JSON.stringify({ dns: ['rsa-1024.test'], ip: [], uri: [], email: [] }),
    revoked_at: null,
    revocation_reason: null,
    renewed_from: null,
  });
}, 120_000);
afterAll(() => t.h.close());

/** What a row expects: accepted (201), refused by a policy rule, or refused by the PKI's own key support. */
type Outcome = 201 | { rule: string; loc: string; msg?: RegExp } | { unsupported: string; loc: string };

const RSA_512 = { msg: /^RSA keys must have at least 2048 bits; this one has 512$/ };
const refused = (rule: string, loc: string, extra: { msg?: RegExp } = {}) => ({ rule, loc, ...extra });

interface ErrorItem {
  loc: Array<string | number>;
  msg: string;
  type: string;
  ctx?: Record<string, unknown>;
}

function expectOutcome(res: { statusCode: number; json(): unknown; body: string }, outcome: Outcome) {
  if (outcome === 201) {
    expect({ status: res.statusCode, body: res.statusCode === 201 ? '' : res.body }).toEqual({
      status: 201,
      body: '',
    });
    return;
  }
  expect(res.statusCode).toBe(422);
  const item = (res.json() as { detail: ErrorItem[] }).detail[0];
  if ('rule' in outcome) {
    expect(item).toMatchObject({
      loc: ['body', outcome.loc],
      type: outcome.loc === 'key' ? 'value_error.ssh_key.weak' : 'value_error.pki.weak_key',
      ctx: { rule: outcome.rule },
    });
    if (outcome.msg) expect(item.msg).toMatch(outcome.msg);
  } else {
    expect(item.loc).toEqual(['body', outcome.loc]);
    expect(item.msg).toContain(outcome.unsupported);
  }
}

// The PKI holds and signs with RSA and ECDSA keys only; Ed25519 and Ed448 pass the policy but not that.
const NO_ED_KEYS = 'only RSA and ECDSA';

describe('CA import (PEM, with its private key)', () => {
  const rows: Array<[KeyName, Outcome]> = [
    ['rsa-512', refused('rsa_min_bits', 'certificate', RSA_512)],
    ['rsa-1024', refused('rsa_min_bits', 'certificate')],
    ['rsa-2048-e3', refused('rsa_exponent', 'certificate', { msg: /this one is 3$/ })],
    ['dsa-2048', refused('dsa', 'certificate', { msg: /^DSA keys are refused/ })],
    ['ec-secp256k1', refused('ec_curve', 'certificate', { msg: /this one uses secp256k1$/ })],
    ['rsa-2048', 201],
    ['ec-p256', 201],
    ['ec-p521', 201],
    ['ed25519', { unsupported: NO_ED_KEYS, loc: 'private_key' }],
    ['ed448', { unsupported: NO_ED_KEYS, loc: 'private_key' }],
  ];
  it.each(rows)('%s → %p', async (k, outcome) => {
    const res = await t.admin.post('/api/pki/cas/import', {
      name: `${k} CA`,
      certificate: selfSigned(k, true),
      private_key: keyPem(k),
    });
    expectOutcome(res, outcome);
  });
});

describe('CA import (certificate only)', () => {
  const rows: Array<[KeyName, Outcome]> = [
    ['rsa-512', refused('rsa_min_bits', 'certificate', RSA_512)],
    ['dsa-2048', refused('dsa', 'certificate')],
    ['ec-secp256k1', refused('ec_curve', 'certificate')],
    ['ed25519', 201],
    ['ed448', 201],
  ];
  it.each(rows)('%s → %p', async (k, outcome) => {
    const res = await t.admin.post('/api/pki/cas/import', {
      name: `${k} CA`,
      certificate: selfSigned(k, true),
    });
    expectOutcome(res, outcome);
  });

  it('refuses a strong CA whose uploaded chain holds a weak issuer, naming that certificate', async () => {
    const weakRoot = writeTemp(t.dir, 'weak-root.pem', selfSigned('rsa-1024', true));
    const csr = writeTemp(t.dir, 'p256-ca.csr', csrOf('ec-p256'));
    const ext = writeTemp(
      t.dir,
      'ca.ext',
      'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign\n',
    );
    const inter = ok([
      'x509',
      '-req',
      '-in',
      csr,
      '-CA',
      weakRoot,
      '-CAkey',
      file('rsa-1024.key'),
      '-days',
      '20',
      '-extfile',
      ext,
    ]);
    const res = await t.admin.post('/api/pki/cas/import', {
      name: 'Strong under weak',
      certificate: inter + fs.readFileSync(weakRoot, 'utf8'),
    });
    expectOutcome(
      res,
      refused('rsa_min_bits', 'certificate', { msg: /^certificate 2 of the chain \(.*rsa-1024 CA/ }),
    );
  });
});

describe('certificate import (PEM)', () => {
  const rows: Array<[KeyName, boolean, Outcome]> = [
    ['rsa-512', true, refused('rsa_min_bits', 'certificate', RSA_512)],
    ['rsa-1024', false, refused('rsa_min_bits', 'certificate')],
    ['rsa-2048-e3', true, refused('rsa_exponent', 'certificate')],
    ['dsa-2048', false, refused('dsa', 'certificate')],
    ['dsa-2048', true, { unsupported: NO_ED_KEYS, loc: 'private_key' }],
    ['ec-secp256k1', false, refused('ec_curve', 'certificate')],
    ['rsa-2048', true, 201],
    ['ec-p384', true, 201],
    ['ed25519', false, 201],
    ['ed448', false, 201],
  ];
  it.each(rows)('%s (with key: %p) → %p', async (k, withKey, outcome) => {
    const res = await t.admin.post('/api/pki/certificates/import', {
      certificate: selfSigned(k, false),
      ...(withKey ? { private_key: keyPem(k) } : {}),
    });
    expectOutcome(res, outcome);
  });
});

describe('certificate import (PKCS#12)', () => {
  const rows: Array<[KeyName, Outcome]> = [
    ['rsa-512', refused('rsa_min_bits', 'pkcs12', RSA_512)],
    ['rsa-1024', refused('rsa_min_bits', 'pkcs12')],
    ['rsa-2048-e3', refused('rsa_exponent', 'pkcs12')],
    ['dsa-2048', { unsupported: NO_ED_KEYS, loc: 'pkcs12' }],
    ['ec-secp256k1', { unsupported: NO_ED_KEYS, loc: 'pkcs12' }],
    ['rsa-2048', 201],
    ['ec-p256', 201],
  ];
  it.each(rows)('%s → %p', async (k, outcome) => {
    const res = await t.admin.post('/api/pki/certificates/import-pkcs12', {
      pkcs12: pkcs12Of(k),
      password: 'p12-pw',
    });
    expectOutcome(res, outcome);
  });
});

describe('CSR signing', () => {
  const rows: Array<[KeyName, Outcome]> = [
    ['rsa-512', refused('rsa_min_bits', 'csr', RSA_512)],
    ['rsa-1024', refused('rsa_min_bits', 'csr')],
    ['rsa-2048-e3', refused('rsa_exponent', 'csr')],
    ['dsa-2048', refused('dsa', 'csr')],
    ['ec-secp256k1', refused('ec_curve', 'csr')],
    ['rsa-2048', 201],
    ['ec-p256', 201],
    ['ec-p384', 201],
    ['ec-p521', 201],
  ];
  it.each(rows)('%s → %p', async (k, outcome) => {
    const res = await t.admin.post('/api/pki/certificates/csr', {
      ca_id: goodCaId,
      profile: 'server',
      csr: csrOf(k),
      validity_days: 10,
    });
    expectOutcome(res, outcome);
  });
});

describe('a weak CA stored before the policy', () => {
  const rows: Array<[string, () => [string, Record<string, unknown>], Outcome]> = [
    [
      'issues no certificate',
      () => [
        '/api/pki/certificates',
        {
          ca_id: weakCaId,
          profile: 'server',
          subject: { common_name: 'x.test' },
          sans: { dns: ['x.test'] },
          validity_days: 5,
          key_type: 'ec-p256',
        },
      ],
      refused('rsa_min_bits', 'ca_id', {
        msg: /^the key of this certificate authority is too weak.*this one has 512$/,
      }),
    ],
    [
      'signs no CSR',
      () => [
        '/api/pki/certificates/csr',
        { ca_id: weakCaId, profile: 'server', csr: csrOf('ec-p256'), validity_days: 5 },
      ],
      refused('rsa_min_bits', 'ca_id'),
    ],
    [
      'creates no intermediate',
      () => [
        '/api/pki/cas',
        {
          name: 'Under weak',
          parent_id: weakCaId,
          key_type: 'ec-p256',
          subject: { common_name: 'u' },
          validity_days: 5,
        },
      ],
      refused('rsa_min_bits', 'parent_id'),
    ],
  ];
  it.each(rows)('%s', async (_label, request, outcome) => {
    const [url, body] = request();
    expectOutcome(await t.admin.post(url, body), outcome);
  });

  it('still signs its CRL, so revocations stay visible to those who trust it', async () => {
    expect((await t.admin.post(`/api/pki/cas/${weakCaId}/crl`)).statusCode).toBe(201);
  });

  it('renews a weak certificate only with a new key', async () => {
    expectOutcome(
      await t.admin.post(`/api/pki/certificates/${weakLeafId}/renew`, { rekey: false }),
      refused('rsa_min_bits', 'rekey', { msg: /renew with rekey.*this one has 1024$/ }),
    );
    const renewed = await t.admin.post(`/api/pki/certificates/${weakLeafId}/renew`, {
      rekey: true,
      key_type: 'ec-p256',
      validity_days: 5,
    });
    expectOutcome(renewed, 201);
    expect(renewed.json()).toMatchObject({ key_algorithm: 'ECDSA P-256', renewed_from: weakLeafId });
  });
});

describe('key generation choices', () => {
  it('offers the same choices in the console forms as the API, each accepted by the policy', () => {
    expect(UI_KEY_TYPES.map((k) => k.value).sort()).toEqual([...KEY_TYPES].sort());
  });

  it.each([...KEY_TYPES])(
    'a CA created with %s has a key the policy accepts',
    async (keyType) => {
      const res = await t.admin.post('/api/pki/cas', {
        name: `Made ${keyType}`,
        key_type: keyType,
        subject: { common_name: `Made ${keyType}` },
        validity_days: 30,
      });
      expect(res.statusCode).toBe(201);
      const key = new crypto.X509Certificate(res.json().pem).publicKey;
      const verdict = checkKey(describeKeyObject(key));
      expect(verdict).toEqual({ ok: true, label: res.json().key_algorithm });
    },
    60_000,
  );

  const weakChoices: Array<[string, Record<string, unknown>]> = [
    ['/api/pki/cas', { name: 'n', key_type: 'rsa-1024', subject: { common_name: 'n' }, validity_days: 5 }],
    [
      '/api/pki/certificates',
      {
        ca_id: 'x',
        profile: 'server',
        subject: { common_name: 'n' },
        validity_days: 5,
        key_type: 'ec-secp256k1',
      },
    ],
    ['/api/pki/certificates/some-id/renew', { key_type: 'dsa-2048' }],
    [
      '/api/pki/acme/accounts',
      {
        name: 'n',
        directory_url: 'https://acme.invalid/directory',
        email: 'ops@example.test',
        terms_of_service_agreed: true,
        key_type: 'rsa-512',
      },
    ],
    ['/api/pki/acme/orders', { account_id: 'x', names: ['a.example.test'], key_type: 'ed448' }],
  ];
  it.each(weakChoices)('%s refuses key_type %j', async (url, body) => {
    const res = await t.admin.post(url, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'key_type'], type: 'type_error.enum' }),
    );
  });
});

describe('SSH authorised keys', () => {
  let n = 0;
  /** A public key line made by ssh-keygen: generated, or converted from an openssl key of the corpus. */
  function sshKey(spec: { type: string; bits?: number } | { from: KeyName }): string {
    n += 1;
    if ('from' in spec) {
      const pub = writeTemp(
        t.dir,
        `ssh-${n}.pub.pem`,
        ok(['pkey', '-pubout', '-in', file(`${spec.from}.key`)]),
      );
      return `${execFileSync(requireTool('ssh-keygen'), ['-i', '-m', 'PKCS8', '-f', pub], { encoding: 'utf8' }).trim()} c${n}`;
    }
    const out = file(`ssh-${n}`);
    execFileSync(requireTool('ssh-keygen'), [
      '-q',
      '-t',
      spec.type,
      ...(spec.bits ? ['-b', String(spec.bits)] : []),
      '-N',
      '',
      '-C',
      `c${n}`,
      '-f',
      out,
    ]);
    return fs.readFileSync(`${out}.pub`, 'utf8').trim();
  }
  const blob = (...parts: Array<string | Buffer>) =>
    Buffer.concat(
      parts.flatMap((p) => {
        const b = Buffer.from(p);
        const len = Buffer.alloc(4);
        len.writeUInt32BE(b.length);
        return [len, b];
      }),
    ).toString('base64');

  const p256Point = () => {
    const jwk = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
    return Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x!, 'base64url'),
      Buffer.from(jwk.y!, 'base64url'),
    ]);
  };

  const rows: Array<[string, () => string, Outcome | { data: true }]> = [
    [
      'rsa 1024 (ssh-keygen)',
      () => sshKey({ type: 'rsa', bits: 1024 }),
      refused('rsa_min_bits', 'key', { msg: /this one has 1024$/ }),
    ],
    ['rsa 512 (converted)', () => sshKey({ from: 'rsa-512' }), refused('rsa_min_bits', 'key', RSA_512)],
    ['rsa 2048 e=3 (converted)', () => sshKey({ from: 'rsa-2048-e3' }), refused('rsa_exponent', 'key')],
    [
      'dsa (ssh-keygen)',
      () => sshKey({ type: 'dsa' }),
      refused('dsa', 'key', { msg: /^DSA keys are refused/ }),
    ],
    ['dsa with options', () => `no-pty ${sshKey({ type: 'dsa' })}`, refused('dsa', 'key')],
    ['rsa 2048 (ssh-keygen)', () => sshKey({ type: 'rsa', bits: 2048 }), 201],
    ['ecdsa P-256', () => sshKey({ type: 'ecdsa', bits: 256 }), 201],
    ['ecdsa P-384', () => sshKey({ type: 'ecdsa', bits: 384 }), 201],
    ['ecdsa P-521', () => sshKey({ type: 'ecdsa', bits: 521 }), 201],
    ['ed25519', () => sshKey({ type: 'ed25519' }), 201],
    [
      'sk-ssh-ed25519 (security key)',
      () =>
        `sk-ssh-ed25519@openssh.com ${blob('sk-ssh-ed25519@openssh.com', crypto.randomBytes(32), 'ssh:')} fido`,
      201,
    ],
    [
      'sk-ecdsa-sha2-nistp256 (security key)',
      () =>
        `sk-ecdsa-sha2-nistp256@openssh.com ${blob('sk-ecdsa-sha2-nistp256@openssh.com', 'nistp256', p256Point(), 'ssh:')} fido`,
      201,
    ],
    [
      'ecdsa P-256 point off the curve',
      () =>
        `ecdsa-sha2-nistp256 ${blob('ecdsa-sha2-nistp256', 'nistp256', Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]))} x`,
      { data: true },
    ],
  ];
  it.each(rows.map(([label, line, outcome]) => [label, outcome, line] as const))(
    '%s → %p',
    async (_l, outcome, line) => {
      const res = await t.admin.post('/api/ssh/config/authorized_keys', { username: 'alice', key: line() });
      if (typeof outcome === 'object' && 'data' in outcome) {
        expect(res.statusCode).toBe(422);
        expect(res.json().detail[0]).toMatchObject({
          loc: ['body', 'key'],
          type: 'value_error.ssh_key.data',
        });
      } else expectOutcome(res, outcome);
    },
  );
});
