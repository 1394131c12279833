/**
 * Login history of local accounts (namespace `users`): every sign-in and failed attempt with its time, source
 * address and method, written by the login route. Kept to the newest entries per name so guessing cannot fill the disk.
 */
import type { Db } from '../../storage/sqlite';

/** Entries kept per login name. */
export const HISTORY_PER_NAME = 200;

export interface LoginRecord {
  at: number;
  source: string;
  method: string;
  success: boolean;
}

export function recordLogin(
  db: Db,
  entry: { username: string; source: string; method: string; success: boolean; at: number },
): void {
  const name = entry.username.trim().slice(0, 128);
  if (!name) return;
  db.prepare('INSERT INTO user_logins (username, at, source, method, success) VALUES (?, ?, ?, ?, ?)').run(
    name,
    entry.at,
    entry.source.slice(0, 64),
    entry.method,
    entry.success ? 1 : 0,
  );
  db.prepare(
    `DELETE FROM user_logins WHERE username = ? AND id NOT IN
       (SELECT id FROM user_logins WHERE username = ? ORDER BY id DESC LIMIT ?)`,
  ).run(name, name, HISTORY_PER_NAME);
}

export function loginHistory(db: Db, username: string, limit = 50): LoginRecord[] {
  const rows = db
    .prepare(
      'SELECT at, source, method, success FROM user_logins WHERE username = ? ORDER BY id DESC LIMIT ?',
    )
    .all(username, limit) as Array<{ at: number; source: string; method: string; success: number }>;
  return rows.map((r) => ({ ...r, success: r.success === 1 }));
}

/** Failed attempts since the last successful sign-in (all of them when there was none). */
export function failuresSinceSuccess(db: Db, username: string): number {
  const row = db
    .prepare(
      `SELECT COUNT(*) AS n FROM user_logins WHERE username = ? AND success = 0 AND id >
         COALESCE((SELECT MAX(id) FROM user_logins WHERE username = ? AND success = 1), 0)`,
    )
    .get(username, username) as { n: number };
  return row.n;
}

export function lastSuccess(db: Db, username: string): number | null {
  const row = db
    .prepare('SELECT MAX(at) AS at FROM user_logins WHERE username = ? AND success = 1')
    .get(username) as {
    at: number | null;
  };
  return row.at;
}
