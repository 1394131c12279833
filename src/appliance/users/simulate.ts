/**
 * The lockout simulator: replays the recorded sign-ins and failures (login history) against a candidate policy, per
 * lower-cased name and client address like the real throttle (a success clears the pair's count; a lock lasts its
 * duration, during which attempts are not counted), and reports who would have been locked and when.
 */
import type { Db } from '../../storage/sqlite';

export interface CandidatePolicy {
  attempts: number;
  window_seconds: number;
  duration_seconds: number;
}

export interface SimulatedLock {
  username: string;
  source: string;
  /** Milliseconds since the epoch. */
  locked_at: number;
}

/** How far back the simulator looks. */
export const SIMULATION_DAYS = 7;

export function simulateLockout(
  db: Db,
  policy: CandidatePolicy,
  now: number,
): { since: number; failures: number; locks: SimulatedLock[] } {
  const since = now - SIMULATION_DAYS * 86_400_000;
  const rows = db
    .prepare('SELECT username, source, at, success FROM user_logins WHERE at >= ? ORDER BY at, id')
    .all(since) as Array<{ username: string; source: string; at: number; success: number }>;
  const pairs = new Map<string, { failures: number[]; lockedUntil: number }>();
  const locks: SimulatedLock[] = [];
  let failures = 0;
  for (const r of rows) {
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
      locks.push({ username: r.username.toLowerCase(), source: r.source, locked_at: r.at });
      pair.failures = [];
      pair.lockedUntil = r.at + policy.duration_seconds * 1000;
    }
  }
  return { since, failures, locks };
}
