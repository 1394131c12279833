/**
 * Limits against brute force, account enumeration and mail flooding, persisted in the service's own database
 * (`rate_limits`, rate-limiter-flexible's SQLite store): a restart keeps every count. Failures are counted before the
 * slow check and refunded when the attempt was not a failure (src/service-kit/attemptCounter.ts), so parallel guesses
 * cannot all slip through. Refusals answer 429 with Retry-After.
 */
import type Database from 'better-sqlite3';
import { AttemptCounter, type CounterLimit } from '../service-kit/attemptCounter';
import {
  LoginThrottle,
  throttleName,
  type BeginResult,
  type LockoutPolicy,
  type SignInAttempt,
  type SignInGate,
} from '../service-kit/loginThrottle';

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
  /** The service's own throttle: second factors (per account from every address) and the per-address ceiling. */
  readonly login: LoginThrottle;
  readonly sendCooldown: AttemptCounter;
  readonly sendsPerAddress: AttemptCounter;
  readonly sendsPerIp: AttemptCounter;
  readonly takenAddressSignups: AttemptCounter;
  /** The per-address ceiling's counter, kept by `login` (the same rows). */
  private readonly failuresPerIp: AttemptCounter;

  /**
   * `passwords`: the throttle password sign-ins count in. Mounted beside the appliance (src/server/embedded.ts) it
   * is the appliance's, shared with the console, the token endpoint and SSH: one (name, address) lock and one
   * per-name ceiling under the admin's lockout policy. Alone, the service's own throttle with LOGIN_LOCKOUT.
   */
  constructor(
    db: Database.Database,
    private readonly passwords?: SignInGate,
  ) {
    this.login = new LoginThrottle(db, {
      table: RATE_LIMIT_TABLE,
      policy: () => LOGIN_LOCKOUT,
      sourceCeiling: LOGIN_FAILURES_PER_IP,
    });
    const counter = (prefix: string, limit: CounterLimit) =>
      new AttemptCounter(db, RATE_LIMIT_TABLE, prefix, limit);
    this.failuresPerIp = counter('source', LOGIN_FAILURES_PER_IP);
    this.sendCooldown = counter('send-cooldown', SEND_COOLDOWN_PER_ADDRESS);
    this.sendsPerAddress = counter('send-address', SENDS_PER_ADDRESS);
    this.sendsPerIp = counter('send-ip', SENDS_PER_IP);
    this.takenAddressSignups = counter('signup-taken', TAKEN_ADDRESS_SIGNUPS_PER_IP);
  }

  /** The throttle password sign-ins count in (for the audit line of a lock). */
  passwordGate(): SignInGate {
    return this.passwords ?? this.login;
  }

  /**
   * Counts a password sign-in of `identifier` from `ip` before the password is checked: in the shared throttle
   * (when there is one) plus this service's per-address ceiling, which the shared policy does not have.
   */
  async beginPassword(identifier: string, ip: string): Promise<BeginResult> {
    const name = throttleName(identifier);
    if (!this.passwords) return this.login.begin(name, ip, { service: 'identity' });
    const begun = await this.passwords.begin(name, ip, { service: 'identity' });
    if (!begun.ok) return begun;
    const perIp = await this.failuresPerIp.take(ip);
    if (!perIp.ok) {
      await begun.attempt.refund();
      return { ok: false, retryAfter: perIp.retryAfter, refusedBy: 'source' };
    }
    return { ok: true, attempt: withPerIp(begun.attempt, this.failuresPerIp, ip) };
  }
}

/** A shared attempt that also gives back this service's per-address count when it was not a failure. */
function withPerIp(attempt: SignInAttempt, perIp: AttemptCounter, ip: string): SignInAttempt {
  return {
    delayMs: attempt.delayMs,
    wait: () => attempt.wait(),
    failed: () => attempt.failed(),
    refund: async () => {
      await attempt.refund();
      await perIp.refund(ip);
    },
    succeeded: async () => {
      await attempt.succeeded();
      await perIp.refund(ip);
    },
  };
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
