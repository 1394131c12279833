/**
 * Trusted update keys: Ed25519 public keys (PEM, SPKI) in `<dataDir>/updates/trusted-keys/*.pem`. Only packages
 * signed by one of them are accepted. Read at each verification, so adding or removing a key needs no restart.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
