/**
 * Account lockout (the model is in src/service-kit/loginThrottle.ts): after `attempts` failures within `window_seconds`
 * from one address, a login name is locked for `duration_seconds` for that address; a per-name ceiling with a
 * progressive delay covers guesses spread over many addresses. Names are tracked whether or not an account exists,
 * so the answer never reveals which names are real accounts.
 */
import type { Db } from '../../storage/sqlite';
import { LoginThrottle, type LockoutPolicy } from '../../service-kit/loginThrottle';

export type { LockoutPolicy };

/** Counters of login attempts (rate-limiter-flexible's SQLite layout; migration 5). */
export const LOGIN_ATTEMPTS_TABLE = 'login_attempts';

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

const throttles = new WeakMap<Db, LoginThrottle>();

/** The login throttle of the appliance database (counters in `login_attempts`, see src/service-kit/loginThrottle.ts). */
export function loginThrottle(db: Db): LoginThrottle {
  let throttle = throttles.get(db);
  if (!throttle) {
    throttle = new LoginThrottle(db, { table: LOGIN_ATTEMPTS_TABLE, policy: () => readPolicy(db) });
    throttles.set(db, throttle);
  }
  return throttle;
}
