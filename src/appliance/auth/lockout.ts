/**
 * Account lockout: after `attempts` failures within `window_seconds`, a login name is locked for
 * `duration_seconds`. Names are tracked whether or not an account exists, so the answer never reveals which names
 * are real accounts.
 */
import type { Db } from '../../storage/sqlite';

export interface LockoutPolicy {
  attempts: number;
  window_seconds: number;
  duration_seconds: number;
}

export const DEFAULT_LOCKOUT_POLICY: LockoutPolicy = {
  attempts: 5,
  window_seconds: 900,
  duration_seconds: 900,
};

/** Bounds of the editable policy. */
export const LOCKOUT_LIMITS = {
  attempts: { minimum: 1, maximum: 100 },
  window_seconds: { minimum: 1, maximum: 86400 },
  duration_seconds: { minimum: 1, maximum: 86400 },
} as const;

export const throttleKey = (username: string) => username.trim().toLowerCase().slice(0, 128);

export function readPolicy(db: Db): LockoutPolicy {
  const row = db
    .prepare('SELECT attempts, window_seconds, duration_seconds FROM lockout_policy WHERE id = 1')
    .get() as LockoutPolicy | undefined;
  return row ?? DEFAULT_LOCKOUT_POLICY;
}

export function writePolicy(db: Db, policy: LockoutPolicy): void {
  db.prepare(
    `INSERT INTO lockout_policy (id, attempts, window_seconds, duration_seconds) VALUES (1, @attempts, @window_seconds, @duration_seconds)
     ON CONFLICT(id) DO UPDATE SET attempts = excluded.attempts, window_seconds = excluded.window_seconds, duration_seconds = excluded.duration_seconds`,
  ).run(policy);
}

/** Seconds until the name is unlocked, or 0. */
export function lockedFor(db: Db, key: string, nowMs: number): number {
  const row = db.prepare('SELECT locked_until FROM login_throttle WHERE key = ?').get(key) as
    { locked_until: number } | undefined;
  return row && row.locked_until > nowMs ? Math.ceil((row.locked_until - nowMs) / 1000) : 0;
}

/**
 * Counts an attempt as a failure; returns true when it locked the name. Login counts each attempt before checking
 * the password (parallel guesses cannot all slip past the lock while their hashes run) and refunds it or clears the
 * count when the attempt turns out not to have failed.
 */
export function recordFailure(db: Db, key: string, nowMs: number): boolean {
  const policy = readPolicy(db);
  // Forget names whose window and lock are both over (keeps the table small under random-name guessing).
  db.prepare('DELETE FROM login_throttle WHERE first_failure_at < ? AND locked_until < ?').run(
    nowMs - policy.window_seconds * 1000,
    nowMs,
  );
  const row = db.prepare('SELECT failures, first_failure_at FROM login_throttle WHERE key = ?').get(key) as
    { failures: number; first_failure_at: number } | undefined;
  const failures = row ? row.failures + 1 : 1;
  const first = row ? row.first_failure_at : nowMs;
  const locks = failures >= policy.attempts;
  if (locks) {
    // A lock starts a fresh window once it ends.
    db.prepare(
      `INSERT INTO login_throttle (key, failures, first_failure_at, locked_until) VALUES (?, 0, ?, ?)
       ON CONFLICT(key) DO UPDATE SET failures = 0, first_failure_at = excluded.first_failure_at, locked_until = excluded.locked_until`,
    ).run(key, nowMs, nowMs + policy.duration_seconds * 1000);
  } else {
    db.prepare(
      `INSERT INTO login_throttle (key, failures, first_failure_at, locked_until) VALUES (?, ?, ?, 0)
       ON CONFLICT(key) DO UPDATE SET failures = excluded.failures, first_failure_at = excluded.first_failure_at`,
    ).run(key, failures, first);
  }
  return locks;
}

/** Gives back one counted attempt that was not a failure (right password, one-time code still to come). */
export function refundAttempt(db: Db, key: string, lockedByIt: boolean): void {
  if (lockedByIt) {
    db.prepare('UPDATE login_throttle SET locked_until = 0, failures = ? WHERE key = ?').run(
      Math.max(readPolicy(db).attempts - 1, 0),
      key,
    );
  } else {
    db.prepare('UPDATE login_throttle SET failures = MAX(failures - 1, 0) WHERE key = ?').run(key);
  }
}

export function clearFailures(db: Db, key: string): void {
  db.prepare('DELETE FROM login_throttle WHERE key = ?').run(key);
}
