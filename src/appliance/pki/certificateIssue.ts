/**
 * Certificates the appliance signs: issued by an appliance CA (server or client profile, key generated here), signed
 * from an uploaded CSR (no key here) and renewed (same names, a new key unless asked otherwise).
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { auditText } from '../audit';
import { inTransaction } from '../context';
import { caSigner, getCaRow, publicCrlUrl } from './cas';
import { type PkiContext, pkiAudit } from './context';
import { keyAlgorithm, type KeyType } from './keys';
import { assertSpkiAllowed, assertIssuerKeyAllowed, assertKeyAllowed } from './keyPolicy';
import { generateKey, inspectCsrOffThread } from './offThread';
import {
  bytes,
  DAY_MS,
  emptySans,
  MaterialError,
  parseCertificateDer,
  publicKeyObject,
  randomSerial,
  sanExtension,
  subjectName,
  summarize,
  x509,
  type Sans,
} from './x509';
import {
  type Profile,
  certDetail,
  displayName,
  getCertRow,
  insertCertificate,
  unprocessable,
} from './certificates';
import type * as pki from '../../shared/contracts/pki';

/** The bodies are the contract's (src/shared/contracts/pki/): the routes validate with these schemas. */
export type SansInput = pki.SansInput;
export type IssueInput = pki.IssueBody;
export type CsrInput = pki.CsrBody;
export type RenewInput = pki.RenewBody;

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

/**
 * Signs a CSR. `subject` (RFC 4514, a caller that names the holder itself: the fleet's enrolment) replaces the
 * subject the request asks for; the request's key and signature are checked either way.
 */
export async function signCsr(p: PkiContext, input: CsrInput, by: string, opts: { subject?: string } = {}) {
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
    subject: opts.subject
      ? new x509.Name(opts.subject)
      : new x509.Name(Uint8Array.from(csr.subjectDer).buffer as ArrayBuffer),
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
