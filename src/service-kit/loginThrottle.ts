/**
 * The lockout model of both embedded services. A guesser must not be able to lock the owner out, so:
 * - failures are counted per (name, source address): `attempts` failures within `window_seconds` lock that pair for
 *   `duration_seconds` (the lockout policy); the owner can still sign in from another address;
 * - a much higher ceiling per name from any address (50 per 15 min) stops a spread-out attack, and past 10 failures
 *   each attempt on the name waits a little longer (capped at a few seconds) before its password is checked; the wait
 *   is a timer, so no worker is held;
 * - optionally a ceiling per source address over all names (the identity service's 30 per 15 min).
 * Counting follows AttemptCounter: count first, check, then clear or refund when it was not a failure.
 *
 * One throttle serves every entry point that checks a password (console login, token endpoint, SSH helper, the
 * embedded identity service): the count of a (name, address) is one, whichever service saw the attempts, so each
 * entry point is not a fresh budget. Each failure also notes the service that saw it (`seen` rows beside the
 * counters), so the lockout list can say where the failures came from.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import type { SignInService } from '../shared/signIns';
import { AttemptCounter, type CounterLimit } from '../service-kit/attemptCounter';

export interface LockoutPolicy {
  attempts: number;
  window_seconds: number;
  duration_seconds: number;
}

/** Failures of one name from all addresses before the name is refused for everyone for the rest of the window. */
export const NAME_CEILING: CounterLimit = { points: 50, windowSeconds: 15 * 60 };
/** Past `after` failures of a name, each attempt waits `stepMs` more than the last, at most `capMs`. */
export const PROGRESSIVE_DELAY = { after: 10, stepMs: 250, capMs: 3000 };

export interface ThrottleSettings {
  /** Table of the service's database (created by its migrations with attemptTableSql). */
  table: string;
  policy: () => LockoutPolicy;
  /** Failures of one name from every address (per-account rule); a function is read at every attempt. */
  nameCeiling?: CounterLimit | (() => CounterLimit);
  /** Failures from one address over every name (per-source rule); null or absent: no such rule. */
  sourceCeiling?: CounterLimit | (() => CounterLimit | null);
  /** Addresses never counted nor locked (an allow-listed network). */
  exempt?: (source: string) => boolean;
  delay?: typeof PROGRESSIVE_DELAY;
}

/** What refused an attempt: the (name, address) lock, the per-name ceiling, or the per-address ceiling. */
export type RefusedBy = 'pair' | 'name' | 'source';

/** A counted attempt: wait out the delay, check, then settle it exactly once. */
export interface SignInAttempt {
  readonly delayMs: number;
  wait(): Promise<void>;
  /** Not a failure after all (e.g. second factor still to come): the counts are given back. */
  refund(): Promise<void>;
  /** Signed in: the (name, address) count starts afresh. */
  succeeded(): Promise<void>;
  /** A failure: locks what reached its limit. */
  failed(): Promise<FailureOutcome>;
}

export type BeginResult =
  { ok: true; attempt: SignInAttempt } | { ok: false; retryAfter: number; refusedBy: RefusedBy };

export interface BeginOptions {
  /**
   * What the policy lock applies to: the client address (the default), or one fixed scope for every address where
   * only someone already holding the password can try (second factors), so rotating addresses gains nothing.
   */
  lockScope?: string;
  /** The entry point that saw the attempt; a failure is noted under it for the lockout list. */
  service?: SignInService;
}

/** The throttle as another service sees it (the identity service is handed the appliance's, src/server/embedded.ts). */
export interface SignInGate {
  begin(name: string, source: string, options?: BeginOptions): Promise<BeginResult>;
  /** The (name, address) rule in force (for the audit line of a lock). */
  policy(): LockoutPolicy;
  /** The per-name ceiling in force. */
  nameLimit(): CounterLimit;
}

/** Failures one service saw toward a lock. */
export interface SeenBy {
  service: SignInService;
  failures: number;
}

export interface FailureOutcome {
  /** This failure locked the (name, address) pair for the policy duration. */
  lockedPair: boolean;
  /** This failure reached the per-name ceiling: the name is refused from every address. */
  lockedName: boolean;
}

export interface Lock {
  name: string;
  /** Null when the name is refused from every address (per-name ceiling). */
  source: string | null;
  /** Milliseconds since the epoch. */
  until: number;
  /** Services whose failures count toward the lock, most failures first (empty for the per-source rule). */
  seenBy: SeenBy[];
}

/** The one form of a login name for counting: trimmed, lower-cased, bounded (an e-mail address fits). */
export const throttleName = (name: string) => name.trim().toLowerCase().slice(0, 320);

const enc = encodeURIComponent;
const pairKey = (name: string, source: string) => `${enc(name)}@${source}`;
/** Rows noting which service saw failures: `seen:<pair key>#<service>` in the counters' table. */
const SEEN = 'seen';

export class LoginThrottle {
  private pairCounter: AttemptCounter | null = null;
  private pairPolicy = '';
  private readonly counterCache = new Map<string, AttemptCounter>();
  readonly delay: typeof PROGRESSIVE_DELAY;

  constructor(
    private readonly db: Database.Database,
    private readonly settings: ThrottleSettings,
  ) {
    this.delay = settings.delay ?? PROGRESSIVE_DELAY;
  }

  /** The counter of `prefix` for a limit, rebuilt when an admin changes the limit (counts stay in the table). */
  private counter(prefix: string, limit: CounterLimit): AttemptCounter {
    const cached = this.counterCache.get(prefix);
    if (cached && cached.limit.points === limit.points && cached.limit.windowSeconds === limit.windowSeconds)
      return cached;
    const next = new AttemptCounter(this.db, this.settings.table, prefix, limit);
    this.counterCache.set(prefix, next);
    return next;
  }

  private get names(): AttemptCounter {
    const c = this.settings.nameCeiling;
    return this.counter('name', (typeof c === 'function' ? c() : c) ?? NAME_CEILING);
  }

  private get sources(): AttemptCounter | null {
    const c = this.settings.sourceCeiling;
    const limit = typeof c === 'function' ? c() : c;
    return limit ? this.counter('source', limit) : null;
  }

  /** The per-account rule in force. */
  nameLimit(): CounterLimit {
    return this.names.limit;
  }

  /** The (name, address) rule in force. */
  policy(): LockoutPolicy {
    return this.settings.policy();
  }

  /** The pair counter of the policy in force (an admin may change it at any time). */
  private pairs(): AttemptCounter {
    const policy = this.settings.policy();
    const signature = `${policy.attempts}/${policy.window_seconds}`;
    if (!this.pairCounter || signature !== this.pairPolicy) {
      this.pairCounter = new AttemptCounter(this.db, this.settings.table, 'pair', {
        points: policy.attempts,
        windowSeconds: policy.window_seconds,
      });
      this.pairPolicy = signature;
    }
    return this.pairCounter;
  }

  /**
   * Counts an attempt on `name` (see throttleName) from `source` before anything is checked. Refused when the pair
   * is locked, the name is over its ceiling, or the address over its own; nothing stays counted for a refused
   * attempt.
   */
  async begin(name: string, source: string, options: BeginOptions = {}): Promise<BeginResult> {
    const pairs = this.pairs();
    const pk = pairKey(name, options.lockScope ?? source);
    const service = options.service ?? null;
    if (this.settings.exempt?.(source))
      return {
        ok: true,
        attempt: new LoginAttempt(this, pairs, pk, enc(name), source, service, 0, 0, 0, true),
      };
    const pair = await pairs.take(pk);
    if (!pair.ok) return { ok: false, retryAfter: pair.retryAfter, refusedBy: 'pair' };
    const named = await this.names.take(enc(name));
    if (!named.ok) {
      await pairs.refund(pk);
      return { ok: false, retryAfter: named.retryAfter, refusedBy: 'name' };
    }
    if (this.sources) {
      const src = await this.sources.take(source);
      if (!src.ok) {
        await pairs.refund(pk);
        await this.names.refund(enc(name));
        return { ok: false, retryAfter: src.retryAfter, refusedBy: 'source' };
      }
    }
    const earlier = named.count - 1;
    const { after, stepMs, capMs } = this.delay;
    const delayMs = earlier >= after ? Math.min(capMs, (earlier - after + 1) * stepMs) : 0;
    return {
      ok: true,
      attempt: new LoginAttempt(
        this,
        pairs,
        pk,
        enc(name),
        source,
        service,
        pair.count,
        named.count,
        delayMs,
      ),
    };
  }

  /** @internal used by LoginAttempt */
  counters() {
    return { names: this.names, sources: this.sources, policy: this.settings.policy() };
  }

  /**
   * @internal Notes one failure of `service` on a pair. The row outlives any lock that failure can cause (window
   * plus duration from the latest failure), so a lock always shows where its failures came from.
   */
  noteFailure(pk: string, service: SignInService): void {
    const policy = this.settings.policy();
    const now = Date.now();
    const expire = now + (policy.window_seconds + policy.duration_seconds) * 1000;
    this.db
      .prepare(
        `INSERT INTO ${this.settings.table} (key, points, expire) VALUES (?, 1, ?)
         ON CONFLICT(key) DO UPDATE SET points = CASE WHEN expire > ? THEN points + 1 ELSE 1 END, expire = excluded.expire`,
      )
      .run(`${SEEN}:${pk}#${service}`, expire, now);
  }

  /** @internal Forgets the services noted on keys starting with `keyStart` (a pair, or every pair of a name). */
  forgetSeen(keyStart: string): void {
    const start = `${SEEN}:${keyStart}`;
    this.db
      .prepare(`DELETE FROM ${this.settings.table} WHERE substr(key, 1, ?) = ?`)
      .run(start.length, start);
  }

  /** Services that saw failures on keys starting with `keyStart`, summed per service, most first. */
  private seenBy(keyStart: string, nowMs: number): SeenBy[] {
    const start = `${SEEN}:${keyStart}`;
    const rows = this.db
      .prepare(`SELECT key, points FROM ${this.settings.table} WHERE substr(key, 1, ?) = ? AND expire > ?`)
      .all(start.length, start, nowMs) as Array<{ key: string; points: number }>;
    const sums = new Map<SignInService, number>();
    for (const r of rows) {
      const service = r.key.slice(r.key.lastIndexOf('#') + 1) as SignInService;
      sums.set(service, (sums.get(service) ?? 0) + r.points);
    }
    return [...sums]
      .map(([service, failures]) => ({ service, failures }))
      .sort((a, b) => b.failures - a.failures || a.service.localeCompare(b.service));
  }

  /**
   * Names refused now: per address (pair locks), from everywhere (ceiling), and addresses refused for every name
   * (per-source rule; `name` empty), soonest end first.
   */
  locks(nowMs: number): Lock[] {
    const pairs = this.pairs()
      .refusing(nowMs)
      .map(({ key, until }) => {
        const at = key.indexOf('@');
        const name = decodeURIComponent(key.slice(0, at));
        return { name, source: key.slice(at + 1), until, seenBy: this.seenBy(`${key}#`, nowMs) };
      });
    const names = this.names.refusing(nowMs).map(({ key, until }) => ({
      name: decodeURIComponent(key),
      source: null,
      until,
      seenBy: this.seenBy(`${key}@`, nowMs),
    }));
    const sources = (this.sources?.refusing(nowMs, true) ?? []).map(({ key, until }) => ({
      name: '',
      source: key,
      until,
      seenBy: [],
    }));
    return [...pairs, ...names, ...sources].sort((a, b) => a.until - b.until);
  }

  /** Forgets the failures of one address under the per-source rule; true when that lifted a lock. */
  async unlockSource(source: string, nowMs: number): Promise<boolean> {
    const sources = this.sources;
    if (!sources) return false;
    const locked = sources.refusing(nowMs, true).some((r) => r.key === source);
    await sources.clear(source);
    return locked;
  }

  /**
   * Forgets every failure of `name` (all addresses, every service, and the ceiling); returns how many locks that
   * lifted. The name's ceiling key is cleared exactly (a prefix would also clear longer names).
   */
  unlock(name: string, nowMs: number): number {
    const names = this.names;
    const ceilingLocked = names.refusing(nowMs).some((r) => r.key === enc(name)) ? 1 : 0;
    const lifted = this.pairs().clearStartingWith(`${enc(name)}@`, nowMs);
    this.forgetSeen(`${enc(name)}@`);
    names.clearKey(enc(name));
    return lifted + ceilingLocked;
  }
}

export class LoginAttempt implements SignInAttempt {
  constructor(
    private readonly throttle: LoginThrottle,
    private readonly pairs: AttemptCounter,
    private readonly pairKey: string,
    private readonly nameKey: string,
    private readonly source: string,
    private readonly service: SignInService | null,
    private readonly pairCount: number,
    private readonly nameCount: number,
    /** The progressive delay this attempt must wait before its password is checked. */
    readonly delayMs: number,
    /** From an allow-listed address: nothing was counted, nothing is locked. */
    private readonly exempt = false,
  ) {}

  /** Waits out the progressive delay (a timer: other requests go on meanwhile). */
  async wait(): Promise<void> {
    if (this.delayMs > 0) await sleep(this.delayMs);
  }

  /** Not a failure after all (right password, second factor still to come): gives the counts back. */
  async refund(): Promise<void> {
    if (this.exempt) return;
    const { names, sources } = this.throttle.counters();
    await this.pairs.refund(this.pairKey);
    await names.refund(this.nameKey);
    if (sources) await sources.refund(this.source);
  }

  /** Signed in: this address starts afresh; the name and address ceilings only give this attempt back. */
  async succeeded(): Promise<void> {
    if (this.exempt) return;
    const { names, sources } = this.throttle.counters();
    await this.pairs.clear(this.pairKey);
    this.throttle.forgetSeen(`${this.pairKey}#`);
    await names.refund(this.nameKey);
    if (sources) await sources.refund(this.source);
  }

  /** A failure (already counted): locks the pair or the name when this one reached their limit. */
  async failed(): Promise<FailureOutcome> {
    if (this.exempt) return { lockedPair: false, lockedName: false };
    const { names, policy } = this.throttle.counters();
    if (this.service) this.throttle.noteFailure(this.pairKey, this.service);
    const lockedPair = this.pairCount >= this.pairs.limit.points;
    if (lockedPair) await this.pairs.block(this.pairKey, policy.duration_seconds);
    const lockedName = this.nameCount >= names.limit.points;
    if (lockedName) await names.block(this.nameKey, names.limit.windowSeconds);
    return { lockedPair, lockedName };
  }
}
