/**
 * The lockout simulator: replays the recorded sign-ins and failures (login history) against a candidate policy, per
 * lower-cased name and client address like the real throttle (one count over every entry point: console, token
 * endpoint, SSH; a success clears the count; a lock lasts its duration, during which attempts are not counted), and
 * reports who would have been locked, where, through which service the locking failure came, and when.
 */
import type { Db } from '../../storage/sqlite';
import type { LockoutSimulation, LockoutSimulationBody } from '../../shared/contracts/authentication';

export type CandidatePolicy = LockoutSimulationBody;

export type SignInService = 'console' | 'ssh' | 'api';

export interface SimulatedLock {
  username: string;
  source: string;
  service: SignInService;
  /** Milliseconds since the epoch. */
  locked_at: number;
}

/** The service a history row's sign-in came through (console sign-ins and re-authentication carry no prefix). */
export function serviceOfMethod(method: string): SignInService {
  const prefix = method.slice(0, method.indexOf(':'));
  return prefix === 'ssh' || prefix === 'api' ? prefix : 'console';
}

/** How far back the simulator looks. */
export const SIMULATION_DAYS = 7;

export function simulateLockout(db: Db, policy: CandidatePolicy, now: number): LockoutSimulation {
  const since = now - SIMULATION_DAYS * 86_400_000;
  const rows = db
    .prepare('SELECT username, source, method, at, success FROM user_logins WHERE at >= ? ORDER BY at, id')
    .all(since) as Array<{ username: string; source: string; method: string; at: number; success: number }>;
  const pairs = new Map<string, { failures: number[]; lockedUntil: number }>();
  const locks: SimulatedLock[] = [];
  let failures = 0;
  for (const r of rows) {
    const service = serviceOfMethod(r.method);
    const key = `${r.username.toLowerCase()}\u0000${r.source}`;
    const pair = pairs.get(key) ?? { failures: [], lockedUntil: 0 };
    pairs.set(key, pair);
    if (r.at < pair.lockedUntil) continue;
    if (r.success) {
      pair.failures = [];
      continue;
    }
    failures += 1;
    pair.failures = [...pair.failures.filter((t) => t > r.at - policy.window_seconds * 1000), r.at];
    if (pair.failures.length >= policy.attempts) {
      locks.push({ username: r.username.toLowerCase(), source: r.source, service, locked_at: r.at });
      pair.failures = [];
      pair.lockedUntil = r.at + policy.duration_seconds * 1000;
    }
  }
  return { since, failures, locks };
}
