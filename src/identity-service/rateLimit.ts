/**
 * Limits against brute force, account enumeration and mail flooding, persisted in the service's own database
 * (`rate_limits`, rate-limiter-flexible's SQLite store): a restart keeps every count. Failures are counted before the
 * slow check and refunded when the attempt was not a failure (src/service-kit/attemptCounter.ts), so parallel guesses
 * cannot all slip through. Refusals answer 429 with Retry-After.
 */
import type Database from 'better-sqlite3';
import { AttemptCounter, type CounterLimit } from '../service-kit/attemptCounter';
import { LoginThrottle, type LockoutPolicy } from '../service-kit/loginThrottle';

export const RATE_LIMIT_TABLE = 'rate_limits';

const MINUTE = 60;
/**
 * Failed sign-ins (password, TOTP, backup code, security key) per account and client address: 5 in 15 min lock that
 * pair for 15 min. An account also has the shared per-name ceiling (50 per 15 min from all addresses, with a growing
 * delay past 10), and a client address 30 failures per 15 min over all accounts.
 */
export const LOGIN_LOCKOUT: LockoutPolicy = {
  attempts: 5,
  window_seconds: 15 * MINUTE,
  duration_seconds: 15 * MINUTE,
};
export const LOGIN_FAILURES_PER_IP: CounterLimit = { points: 30, windowSeconds: 15 * MINUTE };
/** Recovery and verification mails: one per address per 30 s and 5 per hour; 20 per hour per client address. */
export const SEND_COOLDOWN_PER_ADDRESS: CounterLimit = { points: 1, windowSeconds: 30 };
export const SENDS_PER_ADDRESS: CounterLimit = { points: 5, windowSeconds: 60 * MINUTE };
export const SENDS_PER_IP: CounterLimit = { points: 20, windowSeconds: 60 * MINUTE };
/** Sign-ups with an address that already has an account, per client address (each one reveals an account). */
export const TAKEN_ADDRESS_SIGNUPS_PER_IP: CounterLimit = { points: 5, windowSeconds: 15 * MINUTE };
/** Wrong codes per recovery or verification flow before its code is retired. */
export const MAX_CODE_ATTEMPTS = 5;

export class IdentityLimits {
  readonly login: LoginThrottle;
  readonly sendCooldown: AttemptCounter;
  readonly sendsPerAddress: AttemptCounter;
  readonly sendsPerIp: AttemptCounter;
  readonly takenAddressSignups: AttemptCounter;

  constructor(db: Database.Database) {
    this.login = new LoginThrottle(db, {
      table: RATE_LIMIT_TABLE,
      policy: () => LOGIN_LOCKOUT,
      sourceCeiling: LOGIN_FAILURES_PER_IP,
    });
    const counter = (prefix: string, limit: CounterLimit) =>
      new AttemptCounter(db, RATE_LIMIT_TABLE, prefix, limit);
    this.sendCooldown = counter('send-cooldown', SEND_COOLDOWN_PER_ADDRESS);
    this.sendsPerAddress = counter('send-address', SENDS_PER_ADDRESS);
    this.sendsPerIp = counter('send-ip', SENDS_PER_IP);
    this.takenAddressSignups = counter('signup-taken', TAKEN_ADDRESS_SIGNUPS_PER_IP);
  }
}

/**
 * Counts one attempt on every (counter, key). When one refuses, the others are given back and the longest wait is
 * returned; 0 when all counted. With `enforce` false everything is counted and nothing refused.
 */
export async function takeAll(
  checks: ReadonlyArray<readonly [AttemptCounter, string]>,
  enforce = true,
): Promise<number> {
  const taken: Array<readonly [AttemptCounter, string]> = [];
  let wait = 0;
  for (const check of checks) {
    const res = await check[0].take(check[1]);
    if (res.ok) taken.push(check);
    else wait = Math.max(wait, res.retryAfter);
  }
  if (wait === 0 || !enforce) return 0;
  for (const [counter, key] of taken) await counter.refund(key);
  return wait;
}
