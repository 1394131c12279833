/**
 * The lockout model of both embedded services. A guesser must not be able to lock the owner out, so:
 * - failures are counted per (name, source address): `attempts` failures within `window_seconds` lock that pair for
 *   `duration_seconds` (the lockout policy); the owner can still sign in from another address;
 * - a much higher ceiling per name from any address (50 per 15 min) stops a spread-out attack, and past 10 failures
 *   each attempt on the name waits a little longer (capped at a few seconds) before its password is checked; the wait
 *   is a timer, so no worker is held;
 * - optionally a ceiling per source address over all names (the identity service's 30 per 15 min).
 * Counting follows AttemptCounter: count first, check, then clear or refund when it was not a failure.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type Database from 'better-sqlite3';
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

export type BeginResult =
  { ok: true; attempt: LoginAttempt } | { ok: false; retryAfter: number; refusedBy: RefusedBy };

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
}

const enc = encodeURIComponent;
const pairKey = (name: string, source: string) => `${enc(name)}@${source}`;

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
   * Counts an attempt on `name` from `source` before anything is checked. Refused when the pair is locked, the name
   * is over its ceiling, or the address over its own; nothing stays counted for a refused attempt. `lockScope` names
   * what the policy lock applies to: the client address (the default), or one fixed scope for every address where
   * only someone already holding the password can try (second factors), so rotating addresses gains nothing.
   */
  async begin(name: string, source: string, lockScope = source): Promise<BeginResult> {
    const pairs = this.pairs();
    const pk = pairKey(name, lockScope);
    if (this.settings.exempt?.(source))
      return { ok: true, attempt: new LoginAttempt(this, pairs, pk, enc(name), source, 0, 0, 0, true) };
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
      attempt: new LoginAttempt(this, pairs, pk, enc(name), source, pair.count, named.count, delayMs),
    };
  }

  /** @internal used by LoginAttempt */
  counters() {
    return { names: this.names, sources: this.sources, policy: this.settings.policy() };
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
        return { name: decodeURIComponent(key.slice(0, at)), source: key.slice(at + 1), until };
      });
    const names = this.names
      .refusing(nowMs)
      .map(({ key, until }) => ({ name: decodeURIComponent(key), source: null, until }));
    const sources = (this.sources?.refusing(nowMs, true) ?? []).map(({ key, until }) => ({
      name: '',
      source: key,
      until,
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

  /** Forgets every failure of `name` (all addresses and the ceiling); returns how many locks that lifted. */
  unlock(name: string, nowMs: number): number {
    return (
      this.pairs().clearStartingWith(`${enc(name)}@`, nowMs) + this.names.clearStartingWith(enc(name), nowMs)
    );
  }
}

export class LoginAttempt {
  constructor(
    private readonly throttle: LoginThrottle,
    private readonly pairs: AttemptCounter,
    private readonly pairKey: string,
    private readonly nameKey: string,
    private readonly source: string,
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
    await names.refund(this.nameKey);
    if (sources) await sources.refund(this.source);
  }

  /** A failure (already counted): locks the pair or the name when this one reached their limit. */
  async failed(): Promise<FailureOutcome> {
    if (this.exempt) return { lockedPair: false, lockedName: false };
    const { names, policy } = this.throttle.counters();
    const lockedPair = this.pairCount >= this.pairs.limit.points;
    if (lockedPair) await this.pairs.block(this.pairKey, policy.duration_seconds);
    const lockedName = this.nameCount >= names.limit.points;
    if (lockedName) await names.block(this.nameKey, names.limit.windowSeconds);
    return { lockedPair, lockedName };
  }
}
