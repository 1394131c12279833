/** Sliding-window counters (in memory, per process) against brute force and mail flooding. */

export interface Limit {
  max: number;
  windowMs: number;
}

/** Longest window in use; a key untouched for longer holds nothing and is dropped by the sweep. */
const MAX_WINDOW_MS = 60 * 60_000;
const SWEEP_EVERY = 1000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private sinceSweep = 0;

  /** Seconds until `key` may be used again, or 0 when it is within `limit`. Does not record a hit. */
  retryAfter(key: string, limit: Limit, now = Date.now()): number {
    const times = this.prune(key, limit, now);
    if (times.length < limit.max) return 0;
    return Math.max(1, Math.ceil((times[0] + limit.windowMs - now) / 1000));
  }

  hit(key: string, limit: Limit, now = Date.now()): void {
    const times = this.prune(key, limit, now);
    times.push(now);
    this.hits.set(key, times);
    // Keys made of typed identifiers would otherwise pile up for ever.
    if (++this.sinceSweep >= SWEEP_EVERY) {
      this.sinceSweep = 0;
      for (const [k, t] of this.hits) if (t[t.length - 1] <= now - MAX_WINDOW_MS) this.hits.delete(k);
    }
  }

  get size(): number {
    return this.hits.size;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(key: string, limit: Limit, now: number): number[] {
    const times = (this.hits.get(key) ?? []).filter((t) => t > now - limit.windowMs);
    if (times.length === 0) this.hits.delete(key);
    else this.hits.set(key, times);
    return times;
  }
}

const MINUTE = 60_000;
/** Failed sign-in attempts (password, TOTP, backup code) per account and per client address. */
export const LOGIN_FAILURES_PER_ACCOUNT: Limit = { max: 5, windowMs: 15 * MINUTE };
export const LOGIN_FAILURES_PER_IP: Limit = { max: 30, windowMs: 15 * MINUTE };
/** Recovery and verification mails: one per address per 30 s and 5 per hour; 20 per hour per client address. */
export const SEND_COOLDOWN_PER_ADDRESS: Limit = { max: 1, windowMs: 30_000 };
export const SENDS_PER_ADDRESS: Limit = { max: 5, windowMs: 60 * MINUTE };
export const SENDS_PER_IP: Limit = { max: 20, windowMs: 60 * MINUTE };
/** Wrong codes per recovery or verification flow before its code is retired. */
export const MAX_CODE_ATTEMPTS = 5;
