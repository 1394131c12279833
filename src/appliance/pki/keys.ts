/**
 * Private keys of the PKI: generated and parsed by Node's crypto (OpenSSL), stored only sealed with AES-256-GCM under
 * a key derived (HKDF-SHA256) from the appliance secret (../secrets.ts: a random file created on first start in the
 * data directory with mode 0600). A sealed key is bound to its row id (GCM additional data), so rows cannot be swapped.
 */
import crypto from 'node:crypto';
import type { Db } from '../../storage/sqlite';
import { deriveKey, loadApplianceSecret, SECRET_FILE, seal, unseal, type SealedColumn } from '../secrets';
import { assertDerivations, encryptedPkcs8Blocks, pkcs8Derivation } from './pbeLimits';

export { loadApplianceSecret, SECRET_FILE, seal, unseal };

/** The PKI's private keys, sealed each bound to its row id (backups re-seal them from another appliance's archive). */
export const PKI_KEYS_SEALED: SealedColumn = {
  table: 'pki_keys',
  column: 'sealed',
  id: 'id',
  info: 'rampart pki private keys v1',
  aad: (id) => String(id),
};

/** The sealing key: derived, so the raw secret is never used as a cipher key directly. */
export function deriveSealingKey(secret: Buffer): Buffer {
  return deriveKey(secret, PKI_KEYS_SEALED.info);
}

export const KEY_TYPES = ['rsa-2048', 'rsa-3072', 'rsa-4096', 'ec-p256', 'ec-p384'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

const CURVES: Record<string, { label: string; webcrypto: string; hash: string }> = {
  prime256v1: { label: 'P-256', webcrypto: 'P-256', hash: 'SHA-256' },
  secp384r1: { label: 'P-384', webcrypto: 'P-384', hash: 'SHA-384' },
  secp521r1: { label: 'P-521', webcrypto: 'P-521', hash: 'SHA-512' },
};

/** A readable name of a key's algorithm (`RSA 2048`, `ECDSA P-256`), or null for kinds the PKI does not sign with. */
export function keyAlgorithm(key: crypto.KeyObject): string | null {
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa') return `RSA ${details.modulusLength ?? '?'}`;
  if (key.asymmetricKeyType === 'ec') {
    const curve = CURVES[details.namedCurve ?? ''];
    return curve ? `ECDSA ${curve.label}` : null;
  }
  return null;
}

/** WebCrypto parameters for signing with a key (what @peculiar/x509 needs). */
export function signingParams(key: crypto.KeyObject): {
  importAlg: RsaHashedImportParams | EcKeyImportParams;
  signAlg: Algorithm | EcdsaParams;
} {
  if (key.asymmetricKeyType === 'rsa') {
    const alg = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    return { importAlg: alg, signAlg: alg };
  }
  const curve = CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''];
  if (key.asymmetricKeyType !== 'ec' || !curve) throw new Error('unsupported signing key');
  return {
    importAlg: { name: 'ECDSA', namedCurve: curve.webcrypto },
    signAlg: { name: 'ECDSA', hash: curve.hash } as EcdsaParams,
  };
}

/** The WebCrypto signing key for a private key. */
export async function webSigningKey(
  key: crypto.KeyObject,
): Promise<{ key: CryptoKey; algorithm: Algorithm | EcdsaParams }> {
  const { importAlg, signAlg } = signingParams(key);
  const der = key.export({ type: 'pkcs8', format: 'der' });
  const cryptoKey = await crypto.webcrypto.subtle.importKey('pkcs8', der, importAlg, false, ['sign']);
  return { key: cryptoKey as CryptoKey, algorithm: signAlg };
}

export function spkiDer(key: crypto.KeyObject): Buffer {
  const pub = key.type === 'private' ? crypto.createPublicKey(key) : key;
  return pub.export({ type: 'spki', format: 'der' });
}

export const spkiFingerprint = (spki: Buffer | ArrayBuffer): string =>
  crypto
    .createHash('sha256')
    .update(Buffer.from(spki as ArrayBuffer))
    .digest('hex');

export class KeyParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyParseError';
  }
}

/**
 * A private key from PEM text (PKCS#8, PKCS#1 RSA, SEC1 EC, or encrypted PKCS#8 with a passphrase). Only RSA and
 * ECDSA on P-256/P-384/P-521 are accepted: the PKI signs with nothing else. An encrypted key whose derivation is over
 * the limits of `pbeLimits.ts` is refused (a MaterialError on `private_key`) before it is derived. Decrypting is
 * CPU-heavy: encrypted keys go through the worker pool (`readPrivateKey` in `offThread.ts`).
 */
export function parsePrivateKey(pem: string, passphrase?: string): crypto.KeyObject {
  if (!/-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/.test(pem))
    throw new KeyParseError('not a PEM private key (expected a "BEGIN PRIVATE KEY" block)');
  for (const der of encryptedPkcs8Blocks(pem)) {
    const d = pkcs8Derivation(der);
    if (d) assertDerivations([d], 'private_key', 'private key');
  }
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey({ key: pem, format: 'pem', passphrase: passphrase ?? '' });
  } catch {
    throw new KeyParseError(
      pem.includes('ENCRYPTED')
        ? 'the private key cannot be decrypted: wrong or missing passphrase'
        : 'the private key cannot be read (truncated or damaged PEM)',
    );
  }
  if (!keyAlgorithm(key))
    throw new KeyParseError('only RSA and ECDSA (P-256, P-384, P-521) keys are supported');
  return key;
}

/** Sealed key storage in `pki_keys`. */
export class KeyStore {
  constructor(
    private readonly db: Db,
    private readonly sealingKey: Buffer,
    private readonly now: () => number,
  ) {}

  /** Stores a key; call inside the request's transaction. */
  put(key: crypto.KeyObject): string {
    const id = crypto.randomUUID();
    const der = key.export({ type: 'pkcs8', format: 'der' });
    this.db
      .prepare('INSERT INTO pki_keys (id, algorithm, sealed, spki_sha256, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, keyAlgorithm(key), seal(this.sealingKey, id, der), spkiFingerprint(spkiDer(key)), this.now());
    return id;
  }

  get(id: string): crypto.KeyObject {
    const row = this.db.prepare('SELECT sealed FROM pki_keys WHERE id = ?').get(id) as
      { sealed: Buffer } | undefined;
    if (!row) throw new Error(`key ${id} is missing`);
    return crypto.createPrivateKey({
      key: unseal(this.sealingKey, id, row.sealed),
      format: 'der',
      type: 'pkcs8',
    });
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM pki_keys WHERE id = ?').run(id);
  }
}

/** The WebCrypto key pair of a private key (for signing requests such as CSRs). */
export async function webKeyPair(
  key: crypto.KeyObject,
): Promise<{ pair: CryptoKeyPair; algorithm: Algorithm | EcdsaParams }> {
  const { importAlg, signAlg } = signingParams(key);
  const subtle = crypto.webcrypto.subtle;
  const privateKey = (await subtle.importKey(
    'pkcs8',
    key.export({ type: 'pkcs8', format: 'der' }),
    importAlg,
    false,
    ['sign'],
  )) as CryptoKey;
  const publicKey = (await subtle.importKey('spki', spkiDer(key), importAlg, true, ['verify'])) as CryptoKey;
  return { pair: { privateKey, publicKey }, algorithm: signAlg };
}
