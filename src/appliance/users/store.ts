/**
 * Local accounts as the users module manages them: reading (as the API shows them, src/shared/authentication.ts),
 * the account checks at login (the last-admin rule is `adminRule.ts`).
 */
import type { Account, Role } from '../../shared/authentication';
import type { Db } from '../../storage/sqlite';
import { endSessionsOf } from '../auth/sessions';

interface Row {
  id: number;
  username: string;
  email: string;
  full_name: string;
  role: Role;
  enabled: number;
  expires_at: string | null;
  must_change_password: number;
  created_at: number;
  password_changed_at: number | null;
  totp_secret: string | null;
  totp_created_at: number | null;
}

const COLUMNS = `id, username, email, full_name, role, enabled, expires_at, must_change_password, created_at,
  password_changed_at, totp_secret, totp_created_at`;

function toAccount(r: Row, locked: ReadonlySet<string>): Account {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    full_name: r.full_name,
    role: r.role,
    enabled: r.enabled === 1,
    locked: locked.has(r.username.toLowerCase()),
    expires_at: r.expires_at,
    must_change_password: r.must_change_password === 1,
    created_at: r.created_at,
    password_changed_at: r.password_changed_at,
    second_factors: r.totp_secret ? [{ type: 'totp', created_at: r.totp_created_at }] : [],
  };
}

export function findAccount(db: Db, id: number, locked: ReadonlySet<string>): Account | null {
  const row = db.prepare(`SELECT ${COLUMNS} FROM users WHERE id = ?`).get(id) as Row | undefined;
  return row ? toAccount(row, locked) : null;
}

/** The UTC calendar day of a time, `YYYY-MM-DD`. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Why an account that proved its credentials may still not sign in, or null. */
export function accountRefusal(db: Db, userId: number, now: number): 'disabled' | 'expired' | null {
  const row = db.prepare('SELECT enabled, expires_at FROM users WHERE id = ?').get(userId) as
    { enabled: number; expires_at: string | null } | undefined;
  if (!row) return null;
  if (row.enabled !== 1) return 'disabled';
  if (row.expires_at && row.expires_at < dayOf(now)) return 'expired';
  return null;
}

/** What an admin edits on an existing account (the Users page, a configuration document). */
export interface AccountFields {
  email: string;
  full_name: string;
  role: Role;
  enabled: boolean;
  expires_at: string | null;
}

/** Writes an account's editable fields; a disabled account, or one whose role changed, signs in again. */
export function writeAccountFields(db: Db, id: number, body: AccountFields, previousRole: string): void {
  db.prepare(
    'UPDATE users SET email = ?, full_name = ?, role = ?, enabled = ?, expires_at = ? WHERE id = ?',
  ).run(body.email, body.full_name, body.role, body.enabled ? 1 : 0, body.expires_at, id);
  if (!body.enabled || body.role !== previousRole) endSessionsOf(db, id);
}
