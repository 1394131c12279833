/**
 * WebAuthn (Level 2) ceremonies for security keys as a second factor: creation and request options, and the server
 * checks of §7.1 (registration) and §7.2 (authentication): type, challenge, origin, RP ID hash, user presence, the
 * credential's signature and its counter. Attestation: `none` (what browsers send when `attestation: "none"` is asked)
 * and `packed` self-attestation; no attestation CA is trusted or required.
 */
import {
  createHash,
  createPublicKey,
  timingSafeEqual,
  verify as verifySignature,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { decodeCbor, decodeCborPrefix, type Cbor } from './cbor';

export class WebAuthnError extends Error {}

/** COSE algorithms offered (ES256, RS256, EdDSA) — what security keys and platform authenticators use. */
export const COSE_ES256 = -7;
export const COSE_RS256 = -257;
export const COSE_EDDSA = -8;
const ALGORITHMS = [COSE_ES256, COSE_EDDSA, COSE_RS256];
export const CEREMONY_TIMEOUT_MS = 60_000;

export interface StoredWebAuthnCredential {
  /** base64url credential id */
  id: string;
  public_key: JsonWebKey;
  alg: number;
  sign_count: number;
  display_name: string;
  added_at: string;
}

export const b64url = (b: Buffer) => b.toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

/** RP IDs must be domain names; browsers refuse WebAuthn on IP-address origins. */
export function rpIdFor(origin: string): string | null {
  const host = new URL(origin).hostname;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(':') || host.startsWith('[')) return null;
  return host;
}

export function creationOptions(p: {
  challenge: string;
  rpId: string;
  rpName: string;
  userHandle: string;
  userName: string;
  exclude: string[];
}): Record<string, unknown> {
  return {
    publicKey: {
      challenge: p.challenge,
      rp: { id: p.rpId, name: p.rpName },
      user: { id: p.userHandle, name: p.userName, displayName: p.userName },
      pubKeyCredParams: ALGORITHMS.map((alg) => ({ type: 'public-key', alg })),
      timeout: CEREMONY_TIMEOUT_MS,
      attestation: 'none',
      authenticatorSelection: {
        userVerification: 'discouraged',
        residentKey: 'discouraged',
        requireResidentKey: false,
      },
      excludeCredentials: p.exclude.map((id) => ({ type: 'public-key', id })),
    },
  };
}

export function requestOptions(p: {
  challenge: string;
  rpId: string;
  allow: string[];
}): Record<string, unknown> {
  return {
    publicKey: {
      challenge: p.challenge,
      rpId: p.rpId,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'discouraged',
      allowCredentials: p.allow.map((id) => ({ type: 'public-key', id })),
    },
  };
}

interface ClientJson {
  id?: unknown;
  rawId?: unknown;
  type?: unknown;
  response?: Record<string, unknown>;
}

function parseClientJson(raw: string): ClientJson {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new WebAuthnError('The security key response is not valid JSON.');
  }
  if (!parsed || typeof parsed !== 'object')
    throw new WebAuthnError('The security key response is malformed.');
  const c = parsed as ClientJson;
  if (c.type !== 'public-key' || !c.response || typeof c.response !== 'object')
    throw new WebAuthnError('The security key response is malformed.');
  return c;
}

function bytes(value: unknown, what: string): Buffer {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]*={0,2}$/.test(value))
    throw new WebAuthnError(`${what} is missing or not base64url.`);
  return Buffer.from(value, 'base64url');
}

function checkClientData(raw: Buffer, type: string, challenge: string, origin: string): void {
  let data: { type?: unknown; challenge?: unknown; origin?: unknown; crossOrigin?: unknown };
  try {
    data = JSON.parse(raw.toString('utf8')) as typeof data;
  } catch {
    throw new WebAuthnError('clientDataJSON is not JSON.');
  }
  if (data.type !== type) throw new WebAuthnError(`clientData type must be ${type}.`);
  const expected = Buffer.from(challenge, 'base64url');
  const got = typeof data.challenge === 'string' ? Buffer.from(data.challenge, 'base64url') : Buffer.alloc(0);
  if (expected.length === 0 || got.length !== expected.length || !timingSafeEqual(got, expected))
    throw new WebAuthnError('The challenge does not match.');
  if (data.origin !== origin) throw new WebAuthnError('The origin does not match.');
  if (data.crossOrigin === true) throw new WebAuthnError('Cross-origin ceremonies are not accepted.');
}

interface AuthData {
  rpIdHash: Buffer;
  flags: number;
  signCount: number;
  credentialId?: Buffer;
  cosePublicKey?: Map<Cbor, Cbor>;
}

const FLAG_UP = 0x01;
const FLAG_AT = 0x40;

function parseAuthData(buf: Buffer): AuthData {
  if (buf.length < 37) throw new WebAuthnError('authenticatorData is too short.');
  const out: AuthData = { rpIdHash: buf.subarray(0, 32), flags: buf[32], signCount: buf.readUInt32BE(33) };
  if (out.flags & FLAG_AT) {
    if (buf.length < 55) throw new WebAuthnError('attested credential data is truncated.');
    const idLen = buf.readUInt16BE(53);
    if (idLen > 1023 || buf.length < 55 + idLen) throw new WebAuthnError('credential id is malformed.');
    out.credentialId = buf.subarray(55, 55 + idLen);
    const key = decodeCborPrefix(buf, 55 + idLen).value;
    if (!(key instanceof Map)) throw new WebAuthnError('credential public key is malformed.');
    out.cosePublicKey = key;
  }
  return out;
}

function checkRp(auth: AuthData, rpId: string): void {
  if (!timingSafeEqual(auth.rpIdHash, sha256(rpId))) throw new WebAuthnError('The RP ID does not match.');
  if (!(auth.flags & FLAG_UP)) throw new WebAuthnError('The user was not present.');
}

/** COSE_Key → JWK + algorithm (RFC 8152 §13, RFC 8230). */
export function coseToJwk(cose: Map<Cbor, Cbor>): { jwk: JsonWebKey; alg: number } {
  const kty = cose.get(1);
  const alg = cose.get(3);
  const b = (label: number) => {
    const v = cose.get(label);
    if (!Buffer.isBuffer(v)) throw new WebAuthnError('credential public key is incomplete.');
    return v.toString('base64url');
  };
  if (kty === 2 && alg === COSE_ES256 && cose.get(-1) === 1)
    return { jwk: { kty: 'EC', crv: 'P-256', x: b(-2), y: b(-3) }, alg };
  if (kty === 1 && alg === COSE_EDDSA && cose.get(-1) === 6)
    return { jwk: { kty: 'OKP', crv: 'Ed25519', x: b(-2) }, alg };
  if (kty === 3 && alg === COSE_RS256) return { jwk: { kty: 'RSA', n: b(-1), e: b(-2) }, alg };
  throw new WebAuthnError('The security key uses an algorithm that is not accepted.');
}

function checkSignature(key: KeyObject, alg: number, data: Buffer, signature: Buffer): boolean {
  try {
    if (alg === COSE_EDDSA) return verifySignature(null, data, key, signature);
    if (alg === COSE_ES256) return verifySignature('sha256', data, { key, dsaEncoding: 'der' }, signature);
    return verifySignature('sha256', data, key, signature);
  } catch {
    return false;
  }
}

/** §7.1: checks a `navigator.credentials.create()` result; returns the credential to store. */
export function verifyRegistration(
  raw: string,
  expected: { challenge: string; origin: string; rpId: string },
): Omit<StoredWebAuthnCredential, 'display_name' | 'added_at'> {
  const c = parseClientJson(raw);
  const clientData = bytes(c.response!.clientDataJSON, 'clientDataJSON');
  checkClientData(clientData, 'webauthn.create', expected.challenge, expected.origin);
  const att = decodeCbor(bytes(c.response!.attestationObject, 'attestationObject'));
  if (!(att instanceof Map)) throw new WebAuthnError('attestationObject is malformed.');
  const fmt = att.get('fmt');
  const attStmt = att.get('attStmt');
  const authDataRaw = att.get('authData');
  if (!Buffer.isBuffer(authDataRaw) || !(attStmt instanceof Map))
    throw new WebAuthnError('attestationObject is malformed.');
  const auth = parseAuthData(authDataRaw);
  checkRp(auth, expected.rpId);
  if (!auth.credentialId || !auth.cosePublicKey) throw new WebAuthnError('No credential was created.');
  const { jwk, alg } = coseToJwk(auth.cosePublicKey);
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  if (fmt === 'packed') {
    // Self attestation only: signed by the new credential itself over authData ‖ hash(clientData).
    if (attStmt.has('x5c'))
      throw new WebAuthnError('Attestation certificates are not accepted; ask for attestation "none".');
    const sig = attStmt.get('sig');
    if (
      attStmt.get('alg') !== alg ||
      !Buffer.isBuffer(sig) ||
      !checkSignature(key, alg, Buffer.concat([authDataRaw, sha256(clientData)]), sig)
    ) {
      throw new WebAuthnError('The attestation signature is not valid.');
    }
  } else if (fmt !== 'none' || attStmt.size !== 0) {
    throw new WebAuthnError(`Attestation format ${JSON.stringify(String(fmt))} is not accepted.`);
  }
  const id = b64url(auth.credentialId);
  if (typeof c.rawId === 'string' && b64url(bytes(c.rawId, 'rawId')) !== id)
    throw new WebAuthnError('The credential id does not match.');
  return { id, public_key: jwk, alg, sign_count: auth.signCount };
}

/** §7.2: checks a `navigator.credentials.get()` result against the stored credentials; returns the one used and its new counter. */
export function verifyAssertion(
  raw: string,
  expected: { challenge: string; origin: string; rpId: string },
  credentials: StoredWebAuthnCredential[],
): { credential: StoredWebAuthnCredential; signCount: number } {
  const c = parseClientJson(raw);
  const id = b64url(bytes(c.rawId ?? c.id, 'rawId'));
  const credential = credentials.find((k) => k.id === id);
  if (!credential) throw new WebAuthnError('This security key is not registered for the account.');
  const clientData = bytes(c.response!.clientDataJSON, 'clientDataJSON');
  checkClientData(clientData, 'webauthn.get', expected.challenge, expected.origin);
  const authDataRaw = bytes(c.response!.authenticatorData, 'authenticatorData');
  const auth = parseAuthData(authDataRaw);
  checkRp(auth, expected.rpId);
  const key = createPublicKey({ key: credential.public_key, format: 'jwk' });
  const signature = bytes(c.response!.signature, 'signature');
  if (!checkSignature(key, credential.alg, Buffer.concat([authDataRaw, sha256(clientData)]), signature)) {
    throw new WebAuthnError('The signature is not valid.');
  }
  // A counter that does not grow means a cloned authenticator (both zero: the authenticator keeps no counter).
  if ((auth.signCount !== 0 || credential.sign_count !== 0) && auth.signCount <= credential.sign_count) {
    throw new WebAuthnError('The signature counter did not increase; the security key may be cloned.');
  }
  return { credential, signCount: auth.signCount };
}
