/**
 * The appliance secret — a random file created on first start in the data directory (`pki-secret.key`, mode 0600) —
 * and sealing with AES-256-GCM under a key derived from it (HKDF-SHA256, each user with its own label). The PKI's
 * private keys and the identity providers' secrets are sealed with it, so it lives in the kernel. A sealed value is
 * bound to its id (GCM additional data), so rows cannot be swapped.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ApplianceContext } from './context';

export const SECRET_FILE = 'pki-secret.key';
const SECRET_BYTES = 32;
const SEAL_VERSION = 1;

/** Reads the appliance secret, creating it (0600, exclusive create) on first start. */
export function loadApplianceSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const fd = fs.openSync(file, 'wx', 0o600);
    try {
      fs.writeSync(fd, crypto.randomBytes(SECRET_BYTES));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  // Whatever created it, nobody but the server's user may read it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file);
  if (secret.length !== SECRET_BYTES)
    throw new Error(`${file} is not a PKI secret (expected ${SECRET_BYTES} bytes); restore it from backup`);
  return secret;
}

export function seal(key: Buffer, id: string, plaintext: Buffer): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(id, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([SEAL_VERSION]), iv, cipher.getAuthTag(), body]);
}

export function unseal(key: Buffer, id: string, sealed: Buffer): Buffer {
  if (sealed[0] !== SEAL_VERSION) throw new Error('unknown sealed key format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
  decipher.setAAD(Buffer.from(id, 'utf8'));
  decipher.setAuthTag(sealed.subarray(13, 29));
  return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]);
}

/** A key derived from the appliance secret for one use: `info` is its label, which no two uses share. */
export const deriveKey = (secret: Buffer, info: string): Buffer =>
  Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));

/**
 * A column of secrets sealed under a derived key (`info`), each row bound to `aad(id)`. Each feature declares its
 * own (registerSealedColumn); backups re-seal every declared one when an archive of another appliance comes back.
 */
export interface SealedColumn {
  table: string;
  column: string;
  /** The column `aad` is computed from. */
  id: string;
  info: string;
  aad: (id: unknown) => string;
}

const sealedColumns = new WeakMap<ApplianceContext, Map<string, SealedColumn>>();

/** Declares a feature's sealed column (once per table and column). */
export function registerSealedColumn(ctx: ApplianceContext, column: SealedColumn): void {
  let map = sealedColumns.get(ctx);
  if (!map) sealedColumns.set(ctx, (map = new Map()));
  map.set(`${column.table}.${column.column}`, column);
}

export const sealedColumnsOf = (ctx: ApplianceContext): SealedColumn[] => [
  ...(sealedColumns.get(ctx)?.values() ?? []),
];
