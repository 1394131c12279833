/**
 * Certificates: issued by an appliance CA (server or client profile, key generated here), signed from an uploaded
 * CSR (no key here), imported (PEM or PKCS#12, with or without the key); exported (PEM, DER, PKCS#12), renewed and
 * revoked. Every export of a private key, creation, revocation and deletion is audited.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { auditText } from '../audit';
import { inTransaction } from '../context';
import { HttpError, notFound } from '../http/errors';
import { caChainDer, caSigner, checkChain, getCaRow, publicCrlUrl } from './cas';
import { type PkiContext, pkiAudit } from './context';
import { keyAlgorithm, KeyParseError, type KeyType } from './keys';
import {
  assertChainKeysAllowed,
  assertSpkiAllowed,
  assertIssuerKeyAllowed,
  assertKeyAllowed,
} from './keyPolicy';
import {
  generateKey,
  inspectCsrOffThread,
  readPkcs12OffThread,
  readChainOffThread,
  readPrivateKey,
  writePkcs12OffThread,
} from './offThread';
import {
  assertChainLength,
  bytes,
  certPem,
  certStatus,
  DAY_MS,
  derOf,
  emptySans,
  extensionOf,
  fingerprint,
  keyMatches,
  MaterialError,
  parseCertificateDer,
  parseCertificates,
  publicKeyObject,
  randomSerial,
  sanExtension,
  sansOf,
  subjectName,
  storedSummary,
  summarize,
  x509,
  type Sans,
  type SubjectInput,
} from './x509';
import { toOneLine } from '../../lib/validation/text';
import {
  REVOCATION_REASONS,
  type Certificate,
  type CertificateDetail,
  type RevocationReason,
} from '../../shared/contracts/pki';

export type Profile = 'server' | 'client';
export const PROFILES: Profile[] = ['server', 'client'];

export { REVOCATION_REASONS, type RevocationReason };

export const REASON_CODES: Record<RevocationReason, x509.X509CrlReason> = {
  unspecified: x509.X509CrlReason.unspecified,
  key_compromise: x509.X509CrlReason.keyCompromise,
  ca_compromise: x509.X509CrlReason.cACompromise,
  affiliation_changed: x509.X509CrlReason.affiliationChanged,
  superseded: x509.X509CrlReason.superseded,
  cessation_of_operation: x509.X509CrlReason.cessationOfOperation,
  certificate_hold: x509.X509CrlReason.certificateHold,
  privilege_withdrawn: x509.X509CrlReason.privilegeWithdrawn,
};

export interface CertRow {
  id: string;
  name: string;
  ca_id: string | null;
  key_id: string | null;
  cert_der: Buffer;
  chain_pem: string;
  profile: Profile | 'other';
  source: 'issued' | 'csr' | 'imported' | 'acme';
  subject: string;
  issuer: string;
  serial: string;
  fingerprint_sha256: string;
  sans: string;
  not_before: number;
  not_after: number;
  revoked_at: number | null;
  revocation_reason: RevocationReason | null;
  renewed_from: string | null;
  created_at: number;
}

export interface SansInput {
  dns?: string[];
  ip?: string[];
  uri?: string[];
  email?: string[];
}

export interface IssueInput {
  name?: string;
  ca_id: string;
  profile: Profile;
  subject: SubjectInput;
  sans?: SansInput;
  validity_days: number;
  key_type: KeyType;
  /** `appliance` for the appliance's own CRL address, or an http(s) URL. */
  crl_distribution_point?: string;
}

export interface CsrInput {
  name?: string;
  ca_id: string;
  profile: Profile;
  csr: string;
  validity_days: number;
  sans?: SansInput;
  crl_distribution_point?: string;
}

export interface ImportPemInput {
  name?: string;
  certificate: string;
  private_key?: string;
  passphrase?: string;
}

export interface ImportPkcs12Input {
  name?: string;
  pkcs12: string;
  password: string;
}

export interface ExportInput {
  format: 'pem' | 'key' | 'pkcs12';
  password?: string;
  include_chain?: boolean;
}

export interface RenewInput {
  validity_days?: number;
  rekey?: boolean;
  key_type?: KeyType;
  revoke_previous?: boolean;
}

const unprocessable = (loc: Array<string | number>, msg: string, type = 'value_error.pki') =>
  new HttpError(422, [{ loc, msg, type }]);

export function getCertRow(p: PkiContext, id: string): CertRow {
  const row = p.app.db.prepare('SELECT * FROM pki_certificates WHERE id = ?').get(id) as CertRow | undefined;
  if (!row) throw notFound('Certificate does not exist');
  return row;
}

/** Which parts of the appliance use a certificate (each user registers a hook on the PKI context). */
export const usedBy = (p: PkiContext, certId: string): string[] => p.usedBy.flatMap((hook) => hook(certId));

export function certView(p: PkiContext, row: CertRow): Certificate {
  const s = storedSummary(row.cert_der);
  const ca = row.ca_id
    ? (p.app.db.prepare('SELECT name FROM pki_cas WHERE id = ?').get(row.ca_id) as
        { name: string } | undefined)
    : undefined;
  const renewal = p.app.db
    .prepare('SELECT id FROM pki_certificates WHERE renewed_from = ? ORDER BY created_at DESC LIMIT 1')
    .get(row.id) as { id: string } | undefined;
  return {
    id: row.id,
    name: row.name,
    ca_id: row.ca_id,
    ca_name: ca?.name ?? null,
    profile: row.profile,
    source: row.source,
    status: certStatus(row.not_before, row.not_after, row.revoked_at, p.app.now()),
    common_name: s.common_name,
    subject: row.subject,
    issuer: row.issuer,
    serial: row.serial,
    sans: JSON.parse(row.sans) as Sans,
    not_before: new Date(row.not_before).toISOString(),
    not_after: new Date(row.not_after).toISOString(),
    key_algorithm: s.key_algorithm,
    has_private_key: row.key_id !== null,
    fingerprint_sha256: row.fingerprint_sha256,
    revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
    revocation_reason: row.revocation_reason,
    renewed_from: row.renewed_from,
    renewed_by: renewal?.id ?? null,
    used_by: usedBy(p, row.id),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function certDetail(p: PkiContext, id: string): CertificateDetail {
  const row = getCertRow(p, id);
  const s = storedSummary(row.cert_der);
  return {
    ...certView(p, row),
    signature_algorithm: s.signature_algorithm,
    key_usage: s.key_usage,
    extended_key_usage: s.extended_key_usage,
    crl_distribution_points: s.crl_distribution_points,
    chain: certChainDer(p, row)
      .slice(1)
      .map((der) => {
        const c = summarize(parseCertificateDer(der, 'chain'));
        return {
          subject: c.subject,
          issuer: c.issuer,
          not_after: c.not_after,
          fingerprint_sha256: c.fingerprint_sha256,
        };
      }),
    pem: certPem(row.cert_der),
  };
}

/** The certificate, then its issuers as far as known. */
export function certChainDer(p: PkiContext, row: CertRow): Buffer[] {
  if (row.ca_id) return [row.cert_der, ...caChainDer(p, row.ca_id)];
  return [row.cert_der, ...(row.chain_pem ? parseCertificates(row.chain_pem, 'chain').map(derOf) : [])];
}

const HOSTNAME =
  /^(\*\.)?([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** SANs checked one by one (the schema bounds their count and length). */
export function checkSans(input: SansInput | undefined): Sans {
  const sans = { ...emptySans(), ...input };
  const bad = (kind: keyof Sans, i: number, msg: string) =>
    unprocessable(['body', 'sans', kind, i], msg, 'value_error.pki.san');
  sans.dns.forEach((d, i) => {
    if (!HOSTNAME.test(d) || d.length > 253) throw bad('dns', i, 'not a DNS name');
  });
  sans.ip.forEach((d, i) => {
    if (!net.isIP(d)) throw bad('ip', i, 'not an IPv4 or IPv6 address');
  });
  sans.uri.forEach((d, i) => {
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/.test(d)) throw bad('uri', i, 'not a URI');
  });
  return {
    dns: [...new Set(sans.dns)],
    ip: [...new Set(sans.ip)],
    uri: [...new Set(sans.uri)],
    email: [...new Set(sans.email)],
  };
}

/** Names of one kind a certificate may carry: the limit of the API's own `sans` lists. */
export const MAX_SANS_PER_KIND = 100;

/** The names a CSR asks for, within the same limits as names given in the API (each kind at most 100). */
function checkCsrSans(sans: Sans): Sans {
  for (const kind of ['dns', 'ip', 'uri', 'email'] as const)
    if (sans[kind].length > MAX_SANS_PER_KIND)
      throw new MaterialError(
        'csr',
        `the request asks for ${sans[kind].length} names of kind ${kind}; at most ${MAX_SANS_PER_KIND} of each kind can be certified (or give the names in "sans")`,
        'value_error.pki.san',
      );
  return sans;
}

/** The CRL address written into certificates: an explicit URL, or the appliance's public CRL of the issuing CA. */
export function crlUrl(p: PkiContext, caId: string, value: string | undefined): string | null {
  if (!value) return null;
  if (value === 'appliance') return publicCrlUrl(p, caId);
  return value;
}

interface SignParams {
  caId: string;
  profile: Profile;
  subject: x509.Name;
  sans: Sans;
  publicKey: crypto.KeyObject;
  validityDays: number;
  crlUrl: string | null;
}

/** Signs a leaf certificate with an appliance CA. */
async function signLeaf(p: PkiContext, params: SignParams): Promise<x509.X509Certificate> {
  const ca = await caSigner(p, params.caId);
  assertIssuerKeyAllowed(ca.cert, 'ca_id');
  // Every key certified here meets the policy; CSRs are checked on their own field first, so only a renewal that
  // keeps an old key can be refused here.
  assertKeyAllowed(
    params.publicKey,
    ['body', 'rekey'],
    "the certificate's key must be replaced (renew with rekey)",
  );
  const now = p.app.now();
  const notAfter = now + params.validityDays * DAY_MS;
  if (notAfter > ca.row.not_after)
    throw unprocessable(
      ['body', 'validity_days'],
      `the validity would end after the issuing CA's (${new Date(ca.row.not_after).toISOString()})`,
      'value_error.pki.validity',
    );
  if (params.profile === 'server' && params.sans.dns.length + params.sans.ip.length === 0)
    throw unprocessable(
      ['body', 'sans'],
      'a server certificate needs at least one DNS name or IP address',
      'value_error.pki.san',
    );
  const rsa = params.publicKey.asymmetricKeyType === 'rsa';
  const usage = x509.KeyUsageFlags.digitalSignature | (rsa ? x509.KeyUsageFlags.keyEncipherment : 0);
  const spki = params.publicKey.export({ type: 'spki', format: 'der' });
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(usage, true),
    new x509.ExtendedKeyUsageExtension([
      params.profile === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth,
    ]),
    await x509.SubjectKeyIdentifierExtension.create(bytes(spki)),
    await x509.AuthorityKeyIdentifierExtension.create(ca.cert.publicKey),
  ];
  const san = sanExtension(params.sans);
  if (san) extensions.push(san);
  if (params.crlUrl) extensions.push(new x509.CRLDistributionPointsExtension([params.crlUrl]));
  return x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: params.subject,
    issuer: ca.cert.subjectName,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(notAfter),
    publicKey: bytes(spki),
    signingKey: ca.signing.key,
    signingAlgorithm: ca.signing.algorithm,
    extensions,
  });
}

interface InsertValues {
  name: string;
  caId: string | null;
  key: crypto.KeyObject | null;
  cert: x509.X509Certificate;
  chainPem?: string;
  profile: CertRow['profile'];
  source: CertRow['source'];
  renewedFrom?: string | null;
}

/** Stores a certificate (and its key, sealed); call inside the request's transaction. */
export function insertCertificate(p: PkiContext, v: InsertValues): string {
  const der = derOf(v.cert);
  const fp = fingerprint(der);
  const dup = p.app.db.prepare('SELECT id FROM pki_certificates WHERE fingerprint_sha256 = ?').get(fp) as
    { id: string } | undefined;
  if (dup)
    throw new HttpError(409, [
      {
        loc: ['body', 'certificate'],
        msg: 'this certificate is already in the appliance',
        type: 'value_error.pki.duplicate',
        ctx: { id: dup.id },
      },
    ]);
  const id = crypto.randomUUID();
  const keyId = v.key ? p.keys.put(v.key) : null;
  p.app.db
    .prepare(
      `INSERT INTO pki_certificates (id, name, ca_id, key_id, cert_der, chain_pem, profile, source, subject, issuer, serial,
         fingerprint_sha256, sans, not_before, not_after, renewed_from, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      v.name,
      v.caId,
      keyId,
      der,
      v.chainPem ?? '',
      v.profile,
      v.source,
      v.cert.subject,
      v.cert.issuer,
      v.cert.serialNumber.toLowerCase(),
      fp,
      JSON.stringify(sansOf(v.cert)),
      v.cert.notBefore.getTime(),
      v.cert.notAfter.getTime(),
      v.renewedFrom ?? null,
      p.app.now(),
    );
  return id;
}

/** The given name, else the certificate's own (one line, like every name a person typed). */
const displayName = (name: string | undefined, cert: x509.X509Certificate) =>
  name ?? toOneLine(cert.subjectName.getField('CN')[0] ?? cert.subject.slice(0, 128));

export async function issueCertificate(p: PkiContext, input: IssueInput, by: string) {
  getCaRow(p, input.ca_id);
  const sans = checkSans(input.sans);
  const key = await generateKey(input.key_type);
  const cert = await signLeaf(p, {
    caId: input.ca_id,
    profile: input.profile,
    subject: new x509.Name(subjectName(input.subject)),
    sans,
    publicKey: crypto.createPublicKey(key),
    validityDays: input.validity_days,
    crlUrl: crlUrl(p, input.ca_id, input.crl_distribution_point),
  });
  const name = displayName(input.name, cert);
  const id = inTransaction(p.app.db, () =>
    insertCertificate(p, { name, caId: input.ca_id, key, cert, profile: input.profile, source: 'issued' }),
  );
  pkiAudit(
    p,
    `${input.profile} certificate "${auditText(name)}" (${cert.subject}, serial ${cert.serialNumber.toLowerCase()}) issued by "${auditText(by)}"`,
  );
  return certDetail(p, id);
}

export async function signCsr(p: PkiContext, input: CsrInput, by: string) {
  getCaRow(p, input.ca_id);
  // Parsed and verified on the worker pool; only its facts come back.
  const csr = await inspectCsrOffThread(input.csr);
  // Before the signature verdict: WebCrypto cannot verify DSA or secp256k1, which would read as "forged".
  assertSpkiAllowed(Buffer.from(csr.spkiDer), 'csr');
  if (!csr.verified)
    throw new MaterialError(
      'csr',
      'the request is not signed by its own key (damaged or forged)',
      'value_error.pki.signature',
    );
  const publicKey = crypto.createPublicKey({ key: Buffer.from(csr.spkiDer), format: 'der', type: 'spki' });
  const alg = keyAlgorithm(publicKey);
  if (!alg)
    throw new MaterialError('csr', 'only RSA and ECDSA keys can be certified', 'value_error.pki.key_type');
  const sans = input.sans ? checkSans(input.sans) : checkCsrSans(csr.sans);
  const cert = await signLeaf(p, {
    caId: input.ca_id,
    profile: input.profile,
    subject: new x509.Name(Uint8Array.from(csr.subjectDer).buffer as ArrayBuffer),
    sans,
    publicKey,
    validityDays: input.validity_days,
    crlUrl: crlUrl(p, input.ca_id, input.crl_distribution_point),
  });
  const name = displayName(input.name, cert);
  const id = inTransaction(p.app.db, () =>
    insertCertificate(p, { name, caId: input.ca_id, key: null, cert, profile: input.profile, source: 'csr' }),
  );
  pkiAudit(
    p,
    `${input.profile} certificate "${auditText(name)}" (${cert.subject}) signed from a CSR by "${auditText(by)}"`,
  );
  return certDetail(p, id);
}

function profileOf(cert: x509.X509Certificate): CertRow['profile'] {
  const eku = extensionOf(cert, x509.ExtendedKeyUsageExtension)?.usages.map(String) ?? [];
  if (eku.includes(x509.ExtendedKeyUsage.serverAuth)) return 'server';
  if (eku.includes(x509.ExtendedKeyUsage.clientAuth)) return 'client';
  return 'other';
}

/** The appliance CA that signed a certificate, if any (so revocation and CRLs cover imported ones too). */
async function issuingCa(p: PkiContext, cert: x509.X509Certificate): Promise<string | null> {
  const rows = p.app.db
    .prepare('SELECT id, cert_der FROM pki_cas WHERE subject = ?')
    .all(cert.issuer) as Array<{ id: string; cert_der: Buffer }>;
  for (const r of rows) {
    const ca = parseCertificateDer(r.cert_der, 'certificate');
    if (await cert.verify({ publicKey: ca.publicKey, signatureOnly: true }).catch(() => false)) return r.id;
  }
  return null;
}

async function importParsed(
  p: PkiContext,
  chain: x509.X509Certificate[],
  key: crypto.KeyObject | null,
  name: string | undefined,
  field: string,
  by: string,
  how: string,
) {
  assertChainKeysAllowed(chain, field);
  const [cert, ...rest] = chain;
  if (summarize(cert).is_ca)
    throw new MaterialError(
      field,
      'this is a certificate authority: import it under certificate authorities',
      'value_error.pki.is_ca',
    );
  await checkChain(chain, field, p.app.now());
  if (key && !keyMatches(cert, key))
    throw new MaterialError(
      'private_key',
      'the private key does not belong to this certificate',
      'value_error.pki.key_mismatch',
    );
  const caId = await issuingCa(p, cert);
  const label = displayName(name, cert);
  const id = inTransaction(p.app.db, () =>
    insertCertificate(p, {
      name: label,
      caId,
      key,
      cert,
      chainPem: caId ? '' : rest.map((c) => certPem(derOf(c))).join(''),
      profile: profileOf(cert),
      source: 'imported',
    }),
  );
  pkiAudit(
    p,
    `certificate "${auditText(label)}" (${cert.subject}) imported from ${how} ${key ? 'with' : 'without'} its private key by "${auditText(by)}"`,
  );
  return certDetail(p, id);
}

export async function importPem(p: PkiContext, input: ImportPemInput, by: string) {
  const chain = await readChainOffThread(input.certificate, 'certificate');
  let key: crypto.KeyObject | null = null;
  if (input.private_key?.trim()) {
    try {
      key = await readPrivateKey(input.private_key, input.passphrase);
    } catch (e) {
      if (e instanceof KeyParseError) throw new MaterialError('private_key', e.message);
      throw e;
    }
  }
  return importParsed(p, chain, key, input.name, 'certificate', by, 'PEM');
}

export async function importPkcs12(p: PkiContext, input: ImportPkcs12Input, by: string) {
  const data = Buffer.from(input.pkcs12, 'base64');
  const contents = await readPkcs12OffThread(data, input.password, 'pkcs12');
  let key: crypto.KeyObject | null = null;
  if (contents.keyPkcs8) {
    try {
      key = crypto.createPrivateKey({ key: contents.keyPkcs8, format: 'der', type: 'pkcs8' });
    } catch {
      throw new MaterialError('pkcs12', 'the private key in the PKCS#12 file cannot be read');
    }
    if (!keyAlgorithm(key)) throw new MaterialError('pkcs12', 'only RSA and ECDSA keys are supported');
  }
  assertChainLength(contents.certsDer.length, 'pkcs12');
  const certs = contents.certsDer.map((der) => parseCertificateDer(der, 'pkcs12'));
  // The leaf is the certificate of the key (or the one no other certificate was issued by); the rest is its chain.
  const leafIndex = key
    ? certs.findIndex((c) => keyMatches(c, key))
    : certs.findIndex((c) => !summarize(c).is_ca);
  if (key && leafIndex < 0)
    throw new MaterialError(
      'pkcs12',
      'no certificate in the file belongs to its private key',
      'value_error.pki.key_mismatch',
    );
  const leaf = certs[Math.max(0, leafIndex)];
  const chain = [
    leaf,
    ...orderChain(
      leaf,
      certs.filter((c) => c !== leaf),
    ),
  ];
  return importParsed(p, chain, key, input.name, 'pkcs12', by, 'PKCS#12');
}

/** Puts loose CA certificates in issuer order above a leaf (by name; signatures are checked afterwards). */
function orderChain(leaf: x509.X509Certificate, pool: x509.X509Certificate[]): x509.X509Certificate[] {
  const out: x509.X509Certificate[] = [];
  let current = leaf;
  const left = [...pool];
  while (current.subject !== current.issuer) {
    const i = left.findIndex((c) => c.subject === current.issuer);
    if (i < 0) break;
    current = left.splice(i, 1)[0];
    out.push(current);
  }
  return out;
}

export async function exportCertificate(
  p: PkiContext,
  id: string,
  input: ExportInput,
  by: string,
): Promise<{ body: Buffer | string; kind: 'pem' | 'p12'; name: string }> {
  const row = getCertRow(p, id);
  if (!row.key_id)
    throw unprocessable(
      ['body', 'format'],
      'this certificate has no private key in the appliance: download the certificate instead',
      'value_error.pki.no_key',
    );
  const key = p.keys.get(row.key_id);
  const chain = input.include_chain === false ? [row.cert_der] : certChainDer(p, row);
  let result: { body: Buffer | string; kind: 'pem' | 'p12'; name: string };
  if (input.format === 'pkcs12') {
    if (!input.password)
      throw unprocessable(['body', 'password'], 'a PKCS#12 export needs a password', 'value_error.missing');
    const der = key.export({ type: 'pkcs8', format: 'der' });
    result = {
      body: await writePkcs12OffThread(der, chain, input.password, row.name),
      kind: 'p12',
      name: row.name,
    };
  } else {
    const keyPem = input.password
      ? key.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: input.password })
      : key.export({ type: 'pkcs8', format: 'pem' });
    const body = input.format === 'key' ? String(keyPem) : chain.map(certPem).join('') + String(keyPem);
    result = { body, kind: 'pem', name: row.name };
  }
  pkiAudit(
    p,
    `private key of certificate "${auditText(row.name)}" (${row.subject}) exported as ${input.format === 'pkcs12' ? 'PKCS#12' : input.format === 'key' ? 'PEM key' : 'PEM bundle'}${input.password ? ', password-protected' : ''} by "${auditText(by)}"`,
  );
  return result;
}

export async function renewCertificate(p: PkiContext, id: string, input: RenewInput, by: string) {
  const row = getCertRow(p, id);
  if (!row.ca_id || row.profile === 'other')
    throw unprocessable(
      ['path', 'id'],
      'only server or client certificates issued by an appliance CA can be renewed here',
      'value_error.pki.not_renewable',
    );
  const old = parseCertificateDer(row.cert_der, 'certificate');
  const rekey = input.rekey ?? row.key_id !== null;
  if (!rekey && !row.key_id && row.source !== 'csr')
    throw unprocessable(['body', 'rekey'], 'the old key is not in the appliance', 'value_error.pki.no_key');
  let key: crypto.KeyObject | null = null;
  if (rekey) {
    const oldKey = publicKeyObject(old);
    const fallback: KeyType =
      oldKey.asymmetricKeyType === 'ec'
        ? oldKey.asymmetricKeyDetails?.namedCurve === 'secp384r1'
          ? 'ec-p384'
          : 'ec-p256'
        : 'rsa-2048';
    key = await generateKey(input.key_type ?? fallback);
  } else if (row.key_id) key = p.keys.get(row.key_id);
  const validityDays =
    input.validity_days ?? Math.max(1, Math.round((row.not_after - row.not_before) / DAY_MS));
  const cdp = summarize(old).crl_distribution_points[0];
  const cert = await signLeaf(p, {
    caId: row.ca_id,
    profile: row.profile,
    subject: old.subjectName,
    sans: JSON.parse(row.sans) as Sans,
    publicKey: key ? crypto.createPublicKey(key) : publicKeyObject(old),
    validityDays,
    crlUrl: cdp ?? null,
  });
  const newId = inTransaction(p.app.db, () => {
    const created = insertCertificate(p, {
      name: row.name,
      caId: row.ca_id,
      key,
      cert,
      profile: row.profile,
      source: row.source === 'csr' ? 'csr' : 'issued',
      renewedFrom: row.id,
    });
    if (input.revoke_previous && row.revoked_at === null)
      p.app.db
        .prepare("UPDATE pki_certificates SET revoked_at = ?, revocation_reason = 'superseded' WHERE id = ?")
        .run(p.app.now(), row.id);
    return created;
  });
  pkiAudit(
    p,
    `certificate "${auditText(row.name)}" (${row.subject}) renewed${rekey ? ' with a new key' : ''} by "${auditText(by)}"`,
  );
  if (input.revoke_previous && row.revoked_at === null) {
    pkiAudit(
      p,
      `certificate "${auditText(row.name)}" (serial ${row.serial}) revoked (superseded) by "${auditText(by)}"`,
    );
    await p.onRevocationsChanged(row.ca_id);
  }
  return certDetail(p, newId);
}

export async function revokeCertificate(p: PkiContext, id: string, reason: RevocationReason, by: string) {
  const row = markRevoked(p, id, reason, by);
  await p.onRevocationsChanged(row.ca_id as string);
  return certDetail(p, id);
}

/**
 * Records a revocation (refused for a certificate no appliance CA issued, or one already revoked) and audits it;
 * the caller has the CA publish a new CRL (`onRevocationsChanged`), once per CA for a bulk revocation.
 */
export function markRevoked(p: PkiContext, id: string, reason: RevocationReason, by: string): CertRow {
  const row = getCertRow(p, id);
  if (!row.ca_id)
    throw unprocessable(
      ['path', 'id'],
      'only certificates issued by an appliance CA can be revoked here',
      'value_error.pki.not_revocable',
    );
  if (row.revoked_at !== null)
    throw new HttpError(409, [
      { loc: ['path', 'id'], msg: 'this certificate is already revoked', type: 'value_error.pki.revoked' },
    ]);
  inTransaction(p.app.db, () =>
    p.app.db
      .prepare('UPDATE pki_certificates SET revoked_at = ?, revocation_reason = ? WHERE id = ?')
      .run(p.app.now(), reason, id),
  );
  pkiAudit(
    p,
    `certificate "${auditText(row.name)}" (${row.subject}, serial ${row.serial}) revoked (${reason}) by "${auditText(by)}"`,
  );
  return row;
}

export function deleteCertificate(p: PkiContext, id: string, by: string): void {
  const row = getCertRow(p, id);
  const used = usedBy(p, id);
  if (used.length)
    throw new HttpError(409, [
      {
        loc: ['path', 'id'],
        msg: `this certificate is in use: ${used.join(', ')}`,
        type: 'value_error.pki.in_use',
        ctx: { used_by: used },
      },
    ]);
  // A revoked certificate stays listed on its CA's CRL until it expires.
  if (row.ca_id && row.revoked_at !== null && row.not_after > p.app.now())
    throw new HttpError(409, [
      {
        loc: ['path', 'id'],
        msg: 'a revoked certificate stays (on the CRL) until it expires',
        type: 'value_error.pki.on_crl',
      },
    ]);
  inTransaction(p.app.db, () => {
    p.app.db.prepare('UPDATE pki_certificates SET renewed_from = NULL WHERE renewed_from = ?').run(id);
    p.app.db.prepare('DELETE FROM pki_certificates WHERE id = ?').run(id);
    if (row.key_id) p.keys.delete(row.key_id);
  });
  pkiAudit(p, `certificate "${auditText(row.name)}" (${row.subject}) deleted by "${auditText(by)}"`);
}
