/**
 * Persisted attempt counters of both embedded services, on rate-limiter-flexible's SQLite store in its
 * better-sqlite3 mode: every operation is one synchronous statement in a transaction, so parallel requests in this
 * process (and another process on the same file) see each other's counts at once. Counters are kept in each service's
 * own database, so a restart remembers them.
 *
 * The one approach for failures: count first, then do the slow check (password hash, TOTP), then refund when the
 * attempt turned out not to be a failure. Checking first and recording afterwards lets parallel guesses all pass the
 * check while their hashes run.
 */
import type Database from 'better-sqlite3';
import { RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible';

/** The store's table (the library's own layout); created by each service's migrations. */
export function attemptTableSql(table: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`;
}

export interface CounterLimit {
  /** Attempts allowed within the window. */
  points: number;
  windowSeconds: number;
}

/** A counted attempt (`count` includes it), or a refusal with the seconds to wait. */
export type Take = { ok: true; count: number } | { ok: false; retryAfter: number };

/** Expired rows are swept once in this many counts (the table would otherwise keep every name ever typed). */
const SWEEP_EVERY = 500;

export const secondsLeft = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class AttemptCounter {
  private readonly limiter: RateLimiterSQLite;
  private sinceSweep = 0;

  constructor(
    private readonly db: Database.Database,
    readonly table: string,
    /** Namespace of this counter's keys in the table. */
    readonly prefix: string,
    readonly limit: CounterLimit,
  ) {
    this.limiter = new RateLimiterSQLite({
      storeClient: db,
      storeType: 'better-sqlite3',
      tableName: table,
      tableCreated: true,
      keyPrefix: prefix,
      points: limit.points,
      duration: limit.windowSeconds,
    });
  }

  /** Counts one attempt; refused (and still counted, harmlessly) once the window holds `points` attempts. */
  async take(key: string): Promise<Take> {
    if (++this.sinceSweep >= SWEEP_EVERY) {
      this.sinceSweep = 0;
      this.db.prepare(`DELETE FROM ${this.table} WHERE expire < ?`).run(Date.now());
    }
    try {
      const res = await this.limiter.consume(key);
      return { ok: true, count: res.consumedPoints };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { ok: false, retryAfter: secondsLeft(err.msBeforeNext) };
      throw err;
    }
  }

  /** Gives back one counted attempt that was not a failure (never below zero, never into a new window). */
  async refund(key: string): Promise<void> {
    const current = await this.limiter.get(key);
    if (current && current.consumedPoints > 0) await this.limiter.reward(key);
  }

  /** Refuses the key for `seconds` from now, whatever its count. */
  async block(key: string, seconds: number): Promise<void> {
    await this.limiter.block(key, seconds);
  }

  async clear(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  /** Deletes one key now (inside the caller's transaction; `clear` goes through the limiter). */
  clearKey(key: string): void {
    this.db.prepare(`DELETE FROM ${this.table} WHERE key = ?`).run(this.storedKey(key));
  }

  /** Attempts counted in the current window. */
  async count(key: string): Promise<number> {
    return (await this.limiter.get(key))?.consumedPoints ?? 0;
  }

  /** The table key of `key` (the library joins prefix and key with a colon). */
  storedKey(key: string): string {
    return `${this.prefix}:${key}`;
  }

  /**
   * Keys of this counter (prefix removed) that refuse attempts now, with the time their refusal ends (ms). A key
   * refuses once over its limit (blocked, or refused already); with `atLimit`, once it reached it (a counter that is
   * never blocked refuses the next attempt then).
   */
  refusing(nowMs: number, atLimit = false): Array<{ key: string; until: number }> {
    const rows = this.db
      .prepare(
        `SELECT key, expire FROM ${this.table} WHERE substr(key, 1, ?) = ? AND points > ? AND expire > ? ORDER BY expire`,
      )
      .all(this.prefix.length + 1, `${this.prefix}:`, this.limit.points - (atLimit ? 1 : 0), nowMs) as Array<{
      key: string;
      expire: number;
    }>;
    return rows.map((r) => ({ key: r.key.slice(this.prefix.length + 1), until: r.expire }));
  }

  /** Deletes every key of this counter that starts with `keyStart`; returns how many were refusing attempts. */
  clearStartingWith(keyStart: string, nowMs: number): number {
    const start = this.storedKey(keyStart);
    const match = `FROM ${this.table} WHERE substr(key, 1, ?) = ?`;
    const refusing = (
      this.db
        .prepare(`SELECT COUNT(*) AS n ${match} AND points > ? AND expire > ?`)
        .get(start.length, start, this.limit.points, nowMs) as { n: number }
    ).n;
    this.db.prepare(`DELETE ${match}`).run(start.length, start);
    return refusing;
  }
}
