/**
 * Password-based key derivation is the one place where a small file buys an attacker unbounded CPU: the iteration
 * count is written in the file. Every count of a PKCS#12 file (its MAC, each encrypted content, each shrouded key)
 * and of an encrypted PKCS#8 key is read from the ASN.1 before any key is derived, and refused above the limit.
 *
 * The limit, 1,000,000 iterations, is about 500 times OpenSSL's default (2048) and above every exporter's default
 * we know (Windows 2000, Java keytool 10,000, OWASP's 2023 advice for PBKDF2-SHA256 600,000), so no ordinary file
 * is refused; the slowest file it admits (legacy 3DES: five PKCS#12 derivations in JavaScript) opens in a few
 * seconds on a worker, well inside the time budget. scrypt keys (PKCS#8 only) are bounded by their cost N×r×p.
 */
import * as asn1js from 'asn1js';
import { MaterialError } from './materialError';

export const MAX_KDF_ITERATIONS = 1_000_000;
/** N×r×p of an scrypt-encrypted key: 32 times OpenSSL's `-scrypt` default (16384×8×1). */
export const MAX_SCRYPT_COST = 4_194_304;
export const ITERATIONS_ERROR = 'value_error.pki.iterations';

const PBES2 = '1.2.840.113549.1.5.13';
const PBKDF2 = '1.2.840.113549.1.5.12';
const SCRYPT = '1.3.6.1.4.1.11591.4.11';
/** PKCS#12 PBE (1.2.840.113549.1.12.1.x) and PKCS#5 v1.5 PBES1 schemes share `SEQUENCE { salt, iterations }`. */
const SALT_AND_COUNT = /^1\.2\.840\.113549\.1\.(12\.1\.\d+|5\.(1|3|4|6|10|11))$/;

const DATA = '1.2.840.113549.1.7.1';
const ENCRYPTED_DATA = '1.2.840.113549.1.7.6';
const KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const SAFE_CONTENTS_BAG = '1.2.840.113549.1.12.10.1.6';

/** One key derivation a file asks for. */
export interface Derivation {
  /** Which part of the file: `MAC`, `certificates`, `private key`. */
  part: string;
  kind: 'iterations' | 'scrypt';
  /** Iterations, or scrypt's N×r×p. */
  cost: number;
}

type Node = asn1js.AsnType;

const children = (n: Node | undefined): Node[] =>
  n instanceof asn1js.Constructed ? (n.valueBlock.value as Node[]) : [];
const oidOf = (n: Node | undefined): string | null =>
  n instanceof asn1js.ObjectIdentifier ? n.valueBlock.toString() : null;
const intOf = (n: Node | undefined): number | null => {
  if (!(n instanceof asn1js.Integer)) return null;
  const v = n.toBigInt();
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(v);
};
/** The bytes of an OCTET STRING, primitive or (BER) constructed. */
const octets = (n: Node | undefined): ArrayBuffer | null =>
  n instanceof asn1js.OctetString ? n.getValue() : null;
/** The inside of `[0] EXPLICIT`. */
const explicit0 = (n: Node | undefined): Node | undefined => children(n)[0];

function parse(der: ArrayBuffer): Node | null {
  const parsed = asn1js.fromBER(der);
  return parsed.offset === -1 ? null : parsed.result;
}

/** The derivation an AlgorithmIdentifier of a password-based scheme asks for, or null for any other. */
export function algorithmDerivation(alg: Node | undefined, part: string): Derivation | null {
  const [oidNode, params] = children(alg);
  const oid = oidOf(oidNode);
  if (!oid) return null;
  if (SALT_AND_COUNT.test(oid)) {
    const count = intOf(children(params)[1]);
    return count === null ? null : { part, kind: 'iterations', cost: count };
  }
  if (oid !== PBES2) return null;
  const [kdf] = children(params);
  const [kdfOid, kdfParams] = children(kdf);
  const values = children(kdfParams);
  if (oidOf(kdfOid) === PBKDF2) {
    const count = intOf(values[1]);
    return count === null ? null : { part, kind: 'iterations', cost: count };
  }
  if (oidOf(kdfOid) === SCRYPT) {
    const [n, r, p] = [intOf(values[1]), intOf(values[2]), intOf(values[3])];
    if (n === null || r === null || p === null) return null;
    return { part, kind: 'scrypt', cost: Math.min(Number.MAX_SAFE_INTEGER, n * r * p) };
  }
  return null;
}

function safeContentsDerivations(der: ArrayBuffer, out: Derivation[], depth: number): void {
  if (depth > 4) return;
  for (const bag of children(parse(der) ?? undefined)) {
    const [bagId, bagValue] = children(bag);
    const id = oidOf(bagId);
    if (id === KEY_BAG) {
      const d = algorithmDerivation(children(explicit0(bagValue))[0], 'private key');
      if (d) out.push(d);
    } else if (id === SAFE_CONTENTS_BAG) {
      const inner = explicit0(bagValue);
      if (inner) safeContentsDerivations(inner.toBER(false), out, depth + 1);
    }
  }
}

/**
 * Every key derivation a PKCS#12 file asks for that can be seen without a password: its MAC, each encrypted
 * content, each shrouded key in the clear contents. (A key inside encrypted contents is seen once those are
 * decrypted; the worker checks it at that moment.) An unreadable file gives none: the reader refuses it.
 */
export function pkcs12Derivations(der: ArrayBuffer): Derivation[] {
  const out: Derivation[] = [];
  const [, authSafe, macData] = children(parse(der) ?? undefined);
  if (macData) {
    const values = children(macData);
    // iterations INTEGER DEFAULT 1
    out.push({ part: 'MAC', kind: 'iterations', cost: intOf(values[2]) ?? 1 });
  }
  const [type, content] = children(authSafe);
  if (oidOf(type) !== DATA) return out;
  const safes = octets(explicit0(content));
  if (!safes) return out;
  for (const info of children(parse(safes) ?? undefined)) {
    const [infoType, infoContent] = children(info);
    const kind = oidOf(infoType);
    if (kind === ENCRYPTED_DATA) {
      const [, encryptedContentInfo] = children(explicit0(infoContent));
      const d = algorithmDerivation(children(encryptedContentInfo)[1], 'certificates');
      if (d) out.push(d);
    } else if (kind === DATA) {
      const inner = octets(explicit0(infoContent));
      if (inner) safeContentsDerivations(inner, out, 0);
    }
  }
  return out;
}

/** The derivation of an `ENCRYPTED PRIVATE KEY` (EncryptedPrivateKeyInfo DER), if readable. */
export function pkcs8Derivation(der: ArrayBuffer): Derivation | null {
  return algorithmDerivation(children(parse(der) ?? undefined)[0], 'private key');
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The refusal of one derivation above the limits, as a 422 on `field`; null when it is within them. */
export function derivationRefusal(d: Derivation, field: string, what: string): MaterialError | null {
  const limit = d.kind === 'scrypt' ? MAX_SCRYPT_COST : MAX_KDF_ITERATIONS;
  if (d.cost <= limit) return null;
  const msg =
    d.kind === 'scrypt'
      ? `the ${what} asks for an scrypt cost (N×r×p) of ${fmt(d.cost)} for its ${d.part}; this appliance accepts at most ${fmt(limit)}: export it again with the default parameters`
      : `the ${what} asks for ${fmt(d.cost)} key-derivation iterations for its ${d.part}; this appliance accepts at most ${fmt(limit)}: export it again with fewer (OpenSSL's default is 2,048)`;
  return new MaterialError(field, msg, ITERATIONS_ERROR, {
    part: d.part,
    kind: d.kind,
    found: d.cost,
    limit,
  });
}

/** Refuses the first derivation above the limits. */
export function assertDerivations(list: Derivation[], field: string, what: string): void {
  for (const d of list) {
    const refusal = derivationRefusal(d, field, what);
    if (refusal) throw refusal;
  }
}

/** The DER of every `ENCRYPTED PRIVATE KEY` block of a PEM text. */
export function encryptedPkcs8Blocks(pem: string): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const m of pem.matchAll(
    /-----BEGIN ENCRYPTED PRIVATE KEY-----([\s\S]*?)-----END ENCRYPTED PRIVATE KEY-----/g,
  )) {
    const body = Buffer.from(m[1].replace(/\s+/g, ''), 'base64');
    out.push(Uint8Array.from(body).buffer as ArrayBuffer);
  }
  return out;
}
