/**
 * Trusted update keys: Ed25519 public keys (PEM, SPKI) in `<dataDir>/updates/trusted-keys/*.pem`. Only packages
 * signed by one of them are accepted. Read at each verification, so adding or removing a key needs no restart.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../../service-kit/atomicFile';

export interface TrustedKey {
  name: string;
  /** First 16 hex digits of the SHA-256 of the key's DER form: what an admin compares. */
  fingerprint: string;
  key: crypto.KeyObject;
}

export const trustedKeysDir = (dataDir: string) => path.join(dataDir, 'updates', 'trusted-keys');

export function keyFingerprint(key: crypto.KeyObject): string {
  return crypto
    .createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

/** The trusted keys; files that are not Ed25519 public keys are skipped and reported through `onBadKey`. */
export function readTrustedKeys(dataDir: string, onBadKey: (file: string) => void = () => {}): TrustedKey[] {
  const dir = trustedKeysDir(dataDir);
  let files: string[];
  try {
    files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.pem'))
      .sort();
  } catch {
    return [];
  }
  const keys: TrustedKey[] = [];
  for (const file of files) {
    try {
      const key = crypto.createPublicKey(fs.readFileSync(path.join(dir, file)));
      if (key.asymmetricKeyType !== 'ed25519') throw new Error('not ed25519');
      keys.push({ name: file.replace(/\.pem$/, ''), fingerprint: keyFingerprint(key), key });
    } catch {
      onBadKey(file);
    }
  }
  return keys;
}

/** A key's file name: letters, digits, `.`, `_`, `-`; 1–64 characters, not starting with a dot. */
export { KEY_NAME_PATTERN } from '../../shared/contracts/system';

/** Why a pasted or uploaded text cannot be installed as a trusted key (null when it can), and the key. */
export function parsePublicKey(pem: string): { key: crypto.KeyObject } | { problem: string } {
  if (/PRIVATE KEY/.test(pem))
    return {
      problem: 'this is a private key: install the public key only (the private key stays with the signer)',
    };
  let key: crypto.KeyObject;
  try {
    key = crypto.createPublicKey(pem);
  } catch {
    return { problem: 'not a PEM public key (-----BEGIN PUBLIC KEY-----)' };
  }
  if (key.asymmetricKeyType !== 'ed25519')
    return {
      problem: `an ${key.asymmetricKeyType ?? 'unknown'} key: update packages are signed with Ed25519 keys`,
    };
  return { key };
}

/**
 * Writes a trusted key as `<name>.pem` (its SPKI PEM, whatever form was given), created exclusively: an existing
 * name is never overwritten. Written to a temporary file and renamed, so a verification never reads half a key.
 */
export function writeTrustedKey(dataDir: string, name: string, key: crypto.KeyObject): void {
  const dir = trustedKeysDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `${name}.pem`);
  if (fs.existsSync(target)) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
  writeFileAtomicSync(target, key.export({ type: 'spki', format: 'pem' }), { mode: 0o644 });
}
