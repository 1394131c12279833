/**
 * The one shape of sign-in lines in the audit trail, for every entry point of both embedded services: each line
 * names the account, then the fields `[service=… method=… source=…]`, then the reason. The spec's log entry has only
 * a message (§3) and the log report filters by service and searches message text (§5), so the fields live in the
 * message in a fixed `key=value` form: searching `source=203.0.113.7 ` or `method=otp` in the report finds every
 * sign-in from that address or by that method, whichever service saw it. The same fields go to the server log as
 * structured properties (`signIn`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SignInMethod, SignInService } from '../shared/signIns';
import type { CounterLimit } from './attemptCounter';
import type { FailureOutcome, LockoutPolicy } from './loginThrottle';

export interface SignInFields {
  service: SignInService;
  method: SignInMethod;
  /** The client address the lockout counts (for SSH the SSH client's, PAM_RHOST). */
  source: string;
}

/**
 * Characters that break a line or reorder what a reader sees: C0 and C1 controls, DEL, the line and paragraph
 * separators, and the bidirectional embeddings, overrides and isolates (a name that reads backwards in the log view).
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Printable, one line, bounded: user-supplied parts cannot forge a line or a field, each shown as "?". */
export function printable(value: string, max = 64): string {
  const clean = value.replace(UNPRINTABLE, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** `[service=ssh method=password source=203.0.113.7]`; an address is never blank (`unknown`), nor holds a space. */
export function signInTag(f: SignInFields): string {
  const source = printable(f.source.trim() || 'unknown').replace(/[\s\]]/g, '?');
  return `[service=${f.service} method=${f.method} source=${source}]`;
}

/**
 * `login failed for "alice" [service=… method=… source=…]: wrong credentials`; without a name (an OpenID sign-in
 * that failed before anyone was known) `provider sign-in failed [service=…]: …`.
 */
export function signInLine(event: string, name: string | null, f: SignInFields, reason?: string): string {
  const who = name === null ? '' : ` for "${printable(name)}"`;
  return `${event}${who} ${signInTag(f)}${reason ? `: ${printable(reason, 200)}` : ''}`;
}

/** The lines of the locks a failure caused (the fields are those of the failure that locked). */
export function lockLines(
  name: string,
  f: SignInFields,
  outcome: FailureOutcome,
  policy: LockoutPolicy,
  nameLimit: CounterLimit,
): string[] {
  const lines: string[] = [];
  const who = `account "${printable(name)}"`;
  if (outcome.lockedPair)
    lines.push(
      `${who} locked for ${policy.duration_seconds} s after ${policy.attempts} failed attempts ${signInTag(f)}`,
    );
  if (outcome.lockedName)
    lines.push(
      `${who} locked for every address for ${nameLimit.windowSeconds} s after ${nameLimit.points} failed attempts ${signInTag(f)}`,
    );
  return lines;
}

/** The same event in the server log, with the fields as properties (the name stays in the message only). */
export function logSignIn(
  log: FastifyBaseLogger,
  level: 'info' | 'warn',
  line: string,
  f: SignInFields,
  outcome: 'succeeded' | 'failed' | 'refused' | 'locked',
): void {
  log[level]({ signIn: { outcome, service: f.service, method: f.method, source: f.source } }, line);
}
