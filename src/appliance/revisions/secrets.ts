/**
 * Secrets in revisions: a secret is recorded as a marker (`{"$secret": "<8 hex>"}`, an HMAC of the stored value under
 * a per-install key kept in `system_state`), so a changed secret reads as "changed" and its value, or a guessable
 * hash of it, never lands in the history. Unset secrets are `null`.
 */
import crypto from 'node:crypto';
import type { Db } from '../../storage/sqlite';

export interface SecretMarker {
  $secret: string;
}

const KEY = 'revisions.secret_key';

export function secretKey(db: Db): Buffer {
  const row = db.prepare('SELECT value FROM system_state WHERE key = ?').get(KEY) as
    { value: string } | undefined;
  if (row) return Buffer.from(row.value, 'base64');
  const key = crypto.randomBytes(32);
  db.prepare('INSERT OR IGNORE INTO system_state (key, value) VALUES (?, ?)').run(
    KEY,
    key.toString('base64'),
  );
  const stored = db.prepare('SELECT value FROM system_state WHERE key = ?').get(KEY) as { value: string };
  return Buffer.from(stored.value, 'base64');
}

/** The marker of a stored secret (any stored form: plain, sealed, hashed), or null when none is set. */
export function secretMarker(key: Buffer, value: string | Buffer | null | undefined): SecretMarker | null {
  if (value === null || value === undefined || value.length === 0) return null;
  return { $secret: crypto.createHmac('sha256', key).update(value).digest('hex').slice(0, 8) };
}

export const isSecretMarker = (v: unknown): v is SecretMarker =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as SecretMarker).$secret === 'string';

/** Markers under the install's key, read once on first use (a section's reader calls it for every secret it shows). */
export function secretMarkers(db: Db): (value: string | Buffer | null | undefined) => SecretMarker | null {
  let key: Buffer | null = null;
  return (value) => secretMarker((key ??= secretKey(db)), value);
}
