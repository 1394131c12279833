/**
 * X.509 through @peculiar/x509 on Node's WebCrypto: parsing of PEM/DER uploads with clear errors, names, extensions
 * and the summary of a certificate that the API lists. No ASN.1 is written by hand here.
 */
import crypto from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { keyAlgorithm } from './keys';
import { MaterialError } from './materialError';
import { KEY_USAGES } from '../../shared/contracts/pki';
import type { CertStatus, SubjectInput as ContractSubjectInput } from '../../shared/contracts/pki';

type KeyUsage = (typeof KEY_USAGES)[number];

x509.cryptoProvider.set(crypto.webcrypto as Crypto);

export { x509 };

export { MaterialError } from './materialError';

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** The base64 bodies of every PEM block of one label, refusing an opened block that never ends (a truncated file). */
export function pemBlocks(text: string, label: string, field: string): Buffer[] {
  const out: Buffer[] = [];
  const begins = text.split(`-----BEGIN ${label}-----`).length - 1;
  for (const m of text.matchAll(PEM_BLOCK)) {
    if (m[1] !== label) continue;
    const body = m[2].replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body))
      throw new MaterialError(field, `a ${label} block is not valid base64`);
    out.push(Buffer.from(body, 'base64'));
  }
  if (begins !== out.length) throw new MaterialError(field, `a ${label} block is truncated (no END line)`);
  return out;
}

/**
 * Certificates accepted in one uploaded chain (CA import, certificate import, PKCS#12). Real chains hold 2 to 4;
 * each certificate above the cap would cost the event loop its parse, signature check and summary.
 */
export const MAX_CHAIN_CERTIFICATES = 32;

/** Refuses a chain of more than `MAX_CHAIN_CERTIFICATES` (422 `value_error.pki.chain_length` on its field). */
export function assertChainLength(found: number, field: string): void {
  if (found > MAX_CHAIN_CERTIFICATES)
    throw new MaterialError(
      field,
      `the upload holds ${found} certificates; at most ${MAX_CHAIN_CERTIFICATES} are accepted in one chain (the certificate and its issuers)`,
      'value_error.pki.chain_length',
      { found, limit: MAX_CHAIN_CERTIFICATES },
    );
}

/** The DER of every certificate of an uploaded PEM chain, each checked to parse; at most `MAX_CHAIN_CERTIFICATES`. */
export function chainDers(text: string, field: string): Buffer[] {
  // Counted before any block is decoded: an oversized chain is refused without parsing it.
  assertChainLength(text.split('-----BEGIN CERTIFICATE-----').length - 1, field);
  const certs = parseCertificates(text, field);
  return certs.map(derOf);
}

/** Every certificate of a PEM text (a chain or bundle), in order; at least one. */
export function parseCertificates(text: string, field: string): x509.X509Certificate[] {
  const blocks = pemBlocks(text, 'CERTIFICATE', field);
  if (blocks.length === 0)
    throw new MaterialError(field, 'no PEM certificate found (expected a "BEGIN CERTIFICATE" block)');
  return blocks.map((der) => parseCertificateDer(der, field));
}

/** A copy in a plain ArrayBuffer (what @peculiar/x509's parsers take). */
export const bytes = (b: Buffer | ArrayBuffer): ArrayBuffer =>
  b instanceof ArrayBuffer ? b : (Uint8Array.from(b).buffer as ArrayBuffer);

export function parseCertificateDer(der: Buffer | ArrayBuffer, field: string): x509.X509Certificate {
  try {
    return new x509.X509Certificate(bytes(der));
  } catch {
    throw new MaterialError(field, 'the data is not an X.509 certificate (damaged or another kind of file)');
  }
}

export const certPem = (der: Buffer): string =>
  `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`;

export const crlPem = (der: Buffer): string =>
  `-----BEGIN X509 CRL-----\n${der.toString('base64').replace(/.{1,64}/g, '$&\n')}-----END X509 CRL-----\n`;

export const derOf = (cert: x509.X509Certificate): Buffer => Buffer.from(cert.rawData);

export const fingerprint = (der: Buffer): string => crypto.createHash('sha256').update(der).digest('hex');

/** Subject fields an admin fills in (all but the common name optional). */
/** The subject a body names (the contract's, src/shared/contracts/pki/). */
export type SubjectInput = ContractSubjectInput;

export function subjectName(s: SubjectInput): x509.JsonNameParams {
  const parts: x509.JsonNameParams = [];
  // Country is a PrintableString by definition; the rest UTF-8.
  if (s.country) parts.push({ C: [{ printableString: s.country }] });
  if (s.state) parts.push({ ST: [s.state] });
  if (s.locality) parts.push({ L: [s.locality] });
  if (s.organization) parts.push({ O: [s.organization] });
  if (s.organizational_unit) parts.push({ OU: [s.organizational_unit] });
  parts.push({ CN: [s.common_name] });
  if (s.email) parts.push({ E: [{ ia5String: s.email }] });
  return parts;
}

export interface Sans {
  dns: string[];
  ip: string[];
  uri: string[];
  email: string[];
}

export const emptySans = (): Sans => ({ dns: [], ip: [], uri: [], email: [] });

export function sanExtension(sans: Sans): x509.SubjectAlternativeNameExtension | null {
  const names: x509.JsonGeneralName[] = [
    ...sans.dns.map((value) => ({ type: 'dns' as const, value })),
    ...sans.ip.map((value) => ({ type: 'ip' as const, value })),
    ...sans.uri.map((value) => ({ type: 'url' as const, value })),
    ...sans.email.map((value) => ({ type: 'email' as const, value })),
  ];
  return names.length ? new x509.SubjectAlternativeNameExtension(names, false) : null;
}

/** The first extension of a class (the library builds each known extension as its class). */
export function extensionOf<T extends x509.Extension>(
  holder: { extensions: x509.Extension[] },
  kind: abstract new (...args: never[]) => T,
): T | null {
  return (holder.extensions.find((e) => e instanceof kind) as T | undefined) ?? null;
}

export function sansOf(cert: x509.X509Certificate | x509.Pkcs10CertificateRequest): Sans {
  const out = emptySans();
  const ext = extensionOf(cert, x509.SubjectAlternativeNameExtension);
  for (const n of ext?.names.items ?? []) {
    if (n.type === 'dns') out.dns.push(n.value);
    else if (n.type === 'ip') out.ip.push(n.value);
    else if (n.type === 'url') out.uri.push(n.value);
    else if (n.type === 'email') out.email.push(n.value);
  }
  return out;
}

/** RFC 5280's key usage bits by the contract's names (the contract's list is the one order and spelling). */
const USAGE_FLAGS: Record<KeyUsage, x509.KeyUsageFlags> = {
  digital_signature: x509.KeyUsageFlags.digitalSignature,
  non_repudiation: x509.KeyUsageFlags.nonRepudiation,
  key_encipherment: x509.KeyUsageFlags.keyEncipherment,
  data_encipherment: x509.KeyUsageFlags.dataEncipherment,
  key_agreement: x509.KeyUsageFlags.keyAgreement,
  key_cert_sign: x509.KeyUsageFlags.keyCertSign,
  crl_sign: x509.KeyUsageFlags.cRLSign,
};
const USAGE_NAMES = KEY_USAGES.map((n) => [USAGE_FLAGS[n], n] as const);

export const usageFlags = (names: string[]): x509.KeyUsageFlags =>
  USAGE_NAMES.filter(([, n]) => names.includes(n)).reduce<number>((acc, [f]) => acc | f, 0);

const EKU_NAMES: Record<string, string> = {
  [x509.ExtendedKeyUsage.serverAuth]: 'server_auth',
  [x509.ExtendedKeyUsage.clientAuth]: 'client_auth',
  [x509.ExtendedKeyUsage.codeSigning]: 'code_signing',
  [x509.ExtendedKeyUsage.emailProtection]: 'email_protection',
  [x509.ExtendedKeyUsage.timeStamping]: 'time_stamping',
  [x509.ExtendedKeyUsage.ocspSigning]: 'ocsp_signing',
};

export function publicKeyObject(
  cert: x509.X509Certificate | x509.Pkcs10CertificateRequest,
): crypto.KeyObject {
  return crypto.createPublicKey({ key: Buffer.from(cert.publicKey.rawData), format: 'der', type: 'spki' });
}

/** The fields a table or detail page shows about a certificate. */
export interface CertificateSummary {
  subject: string;
  issuer: string;
  common_name: string | null;
  serial: string;
  not_before: string;
  not_after: string;
  fingerprint_sha256: string;
  key_algorithm: string | null;
  signature_algorithm: string;
  sans: Sans;
  is_ca: boolean;
  path_length: number | null;
  key_usage: string[];
  extended_key_usage: string[];
  crl_distribution_points: string[];
  self_signed: boolean;
}

const SUMMARY_CACHE_MAX = 20_000;
const summaries = new Map<string, Readonly<CertificateSummary>>();

/**
 * The summary of a stored certificate, kept by its DER's SHA-256: a stored DER never changes, and reading one costs
 * about a millisecond, which every answer of a list page of fifty would otherwise pay again. At most
 * `SUMMARY_CACHE_MAX` are kept (the cache starts over when full).
 */
export function storedSummary(der: Buffer): Readonly<CertificateSummary> {
  const key = crypto.createHash('sha256').update(der).digest('base64');
  let summary = summaries.get(key);
  if (!summary) {
    summary = Object.freeze(summarize(parseCertificateDer(der, 'certificate')));
    if (summaries.size >= SUMMARY_CACHE_MAX) summaries.clear();
    summaries.set(key, summary);
  }
  return summary;
}
export function commonName(cert: x509.X509Certificate): string | null {
  return cert.subjectName.getField('CN')[0] ?? null;
}

function publicKeyAlgorithm(cert: x509.X509Certificate): string | null {
  try {
    return keyAlgorithm(publicKeyObject(cert));
  } catch {
    return null; // a key kind Node cannot load (e.g. an unusual curve): shown as unknown
  }
}

export function summarize(cert: x509.X509Certificate): CertificateSummary {
  const der = derOf(cert);
  const bc = extensionOf(cert, x509.BasicConstraintsExtension);
  const ku = extensionOf(cert, x509.KeyUsagesExtension);
  const eku = extensionOf(cert, x509.ExtendedKeyUsageExtension);
  const cdp = extensionOf(cert, x509.CRLDistributionPointsExtension);
  const keyAlg = publicKeyAlgorithm(cert);
  const sig = cert.signatureAlgorithm as { name: string; hash?: { name: string } };
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    common_name: commonName(cert),
    serial: cert.serialNumber.toLowerCase(),
    not_before: cert.notBefore.toISOString(),
    not_after: cert.notAfter.toISOString(),
    fingerprint_sha256: fingerprint(der),
    key_algorithm: keyAlg,
    signature_algorithm: sig.hash ? `${sig.name} ${sig.hash.name}` : sig.name,
    sans: sansOf(cert),
    is_ca: bc?.ca ?? false,
    path_length: bc?.pathLength ?? null,
    key_usage: ku ? USAGE_NAMES.filter(([f]) => (ku.usages & f) !== 0).map(([, n]) => n) : [],
    extended_key_usage: (eku?.usages ?? []).map((u) => EKU_NAMES[String(u)] ?? String(u)),
    crl_distribution_points: (cdp?.distributionPoints ?? []).flatMap((dp) =>
      (dp.distributionPoint?.fullName ?? []).flatMap((g) =>
        g.uniformResourceIdentifier ? [g.uniformResourceIdentifier] : [],
      ),
    ),
    self_signed: cert.subject === cert.issuer,
  };
}

/** Does this private key belong to this certificate (same public key)? */
export function keyMatches(
  cert: x509.X509Certificate | x509.Pkcs10CertificateRequest,
  key: crypto.KeyObject,
): boolean {
  const certSpki = publicKeyObject(cert).export({ type: 'spki', format: 'der' });
  const keySpki = crypto.createPublicKey(key).export({ type: 'spki', format: 'der' });
  return certSpki.equals(keySpki);
}

/** A random positive 128-bit serial in hex (RFC 5280 allows up to 20 octets; the top bit clear keeps it positive). */
export function randomSerial(): string {
  const b = crypto.randomBytes(16);
  b[0] = (b[0] & 0x7f) | 0x01;
  return b.toString('hex');
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function certStatus(
  notBefore: number,
  notAfter: number,
  revokedAt: number | null,
  now: number,
): CertStatus {
  if (revokedAt !== null) return 'revoked';
  if (now < notBefore) return 'not_yet_valid';
  if (now > notAfter) return 'expired';
  return 'valid';
}
