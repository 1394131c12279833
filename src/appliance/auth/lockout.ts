/**
 * Account lockout (the model is in src/service-kit/loginThrottle.ts): after `attempts` failures within `window_seconds`
 * from one address, a login name is locked for `duration_seconds` for that address; a per-name ceiling with a
 * progressive delay covers guesses spread over many addresses. Names are tracked whether or not an account exists,
 * so the answer never reveals which names are real accounts.
 */
import type { Db } from '../../storage/sqlite';
import { parseSubnet, subnetContains, type Subnet } from '../../lib/validation/subnet';
import {
  NAME_CEILING,
  LoginThrottle,
  throttleName,
  type LockoutPolicy,
  type SignInGate,
} from '../../service-kit/loginThrottle';

import { LOCKOUT_LIMITS, type LockoutPolicy as FullPolicy } from '../../shared/contracts/authentication';

export type { LockoutPolicy };

/**
 * The whole policy an admin edits: the (account, address) rule above; the per-account rule (failures of one name
 * from every address lock the name everywhere for the rest of the window); the per-source rule (failures from one
 * address over every name refuse that address for the rest of the window; null = off); and allow-listed networks,
 * whose addresses are never counted nor locked (the lock model of the README).
 */
export type FullLockoutPolicy = FullPolicy;

export const DEFAULT_ACCOUNT_RULE = {
  attempts: NAME_CEILING.points,
  window_seconds: NAME_CEILING.windowSeconds,
};

/** Counters of login attempts (rate-limiter-flexible's SQLite layout; migration 5). */
export const LOGIN_ATTEMPTS_TABLE = 'login_attempts';

export const DEFAULT_LOCKOUT_POLICY: LockoutPolicy = {
  attempts: 5,
  window_seconds: 900,
  duration_seconds: 900,
};

/** Bounds of the editable policy (the contract's). */
export { LOCKOUT_LIMITS };

/** The counted form of a name, the same in both services (src/service-kit/loginThrottle.ts). */
export const throttleKey = throttleName;

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

/** The full policy; the columns and the allow-list table come with the users namespace (migration 3). */
export function readFullPolicy(db: Db): FullLockoutPolicy {
  const base = readPolicy(db);
  const row = db
    .prepare(
      `SELECT account_attempts, account_window_seconds, source_attempts, source_window_seconds
       FROM lockout_policy WHERE id = 1`,
    )
    .get() as
    | {
        account_attempts: number;
        account_window_seconds: number;
        source_attempts: number | null;
        source_window_seconds: number | null;
      }
    | undefined;
  const allow = db.prepare('SELECT subnet FROM lockout_allow_list ORDER BY position').all() as Array<{
    subnet: string;
  }>;
  return {
    attempts: base.attempts,
    window_seconds: base.window_seconds,
    duration_seconds: base.duration_seconds,
    account: row
      ? { attempts: row.account_attempts, window_seconds: row.account_window_seconds }
      : { ...DEFAULT_ACCOUNT_RULE },
    source:
      row && row.source_attempts && row.source_window_seconds
        ? { attempts: row.source_attempts, window_seconds: row.source_window_seconds }
        : null,
    allow_list: allow.map((a) => a.subnet),
  };
}

/** Stores the full policy; runs inside the caller's transaction. */
export function writeFullPolicy(db: Db, policy: FullLockoutPolicy): void {
  writePolicy(db, policy);
  db.prepare(
    `UPDATE lockout_policy SET account_attempts = ?, account_window_seconds = ?, source_attempts = ?,
       source_window_seconds = ? WHERE id = 1`,
  ).run(
    policy.account.attempts,
    policy.account.window_seconds,
    policy.source?.attempts ?? null,
    policy.source?.window_seconds ?? null,
  );
  db.prepare('DELETE FROM lockout_allow_list').run();
  const insert = db.prepare('INSERT INTO lockout_allow_list (subnet, position) VALUES (?, ?)');
  policy.allow_list.forEach((subnet, i) => insert.run(subnet, i));
}

/** Whether the full policy's tables exist yet (the users namespace migrates after the auth routes mount). */
const hasFullPolicy = (db: Db) =>
  Boolean(
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'lockout_allow_list'").get(),
  );

const throttles = new WeakMap<Db, LoginThrottle>();

/**
 * The login throttle of the appliance database (counters in `login_attempts`, see src/service-kit/loginThrottle.ts):
 * the one every entry point shares, the embedded identity service's password sign-ins included (`signInGate`).
 */
export function loginThrottle(db: Db): LoginThrottle {
  let throttle = throttles.get(db);
  if (!throttle) {
    let cached: { key: string; subnets: Subnet[] } = { key: '', subnets: [] };
    const full = () => (hasFullPolicy(db) ? readFullPolicy(db) : null);
    throttle = new LoginThrottle(db, {
      table: LOGIN_ATTEMPTS_TABLE,
      policy: () => readPolicy(db),
      nameCeiling: () => {
        const p = full();
        return p ? { points: p.account.attempts, windowSeconds: p.account.window_seconds } : NAME_CEILING;
      },
      sourceCeiling: () => {
        const p = full()?.source;
        return p ? { points: p.attempts, windowSeconds: p.window_seconds } : null;
      },
      exempt: (source) => {
        const list = full()?.allow_list ?? [];
        const key = list.join(',');
        if (key !== cached.key)
          cached = { key, subnets: list.map(parseSubnet).filter((s): s is Subnet => s !== null) };
        return cached.subnets.some((s) => subnetContains(s, source));
      },
    });
    throttles.set(db, throttle);
  }
  return throttle;
}

/**
 * The shared throttle as the identity service is handed it (src/server/embedded.ts): its password sign-ins count
 * toward the same (name, address) lock and per-name ceiling as the console's, under the admin's lockout policy, and
 * an admin's unlock clears them too. The appliance holds the data directory's lock, so one process owns the counts.
 */
export function signInGate(db: Db): SignInGate {
  const throttle = loginThrottle(db);
  return {
    begin: (name, source, options) => throttle.begin(throttleName(name), source, options),
    policy: () => throttle.policy(),
    nameLimit: () => throttle.nameLimit(),
  };
}
