/**
 * The last-admin rule, the one place that decides it: after any change to accounts at least one admin must remain
 * who can sign in now and tomorrow — role `admin`, enabled, and `expires_at` null or later than tomorrow (UTC days;
 * `expires_at` is the last day the account works, so such an admin has at least one more full day after tomorrow).
 *
 * It is checked inside the write's own transaction on the state the write leaves (`guardAccountWrite`): the write
 * runs, the rule reads the would-be rows, and a refusal throws, which rolls the transaction back. Nothing has to
 * predict what a route does. A change is refused only when it leaves no such admin *and* takes something away from
 * an admin who could sign in before (removed, demoted, disabled, or an earlier last day): when the appliance is
 * already without one (an expiry date simply came), every change that does not make it worse stays possible, and
 * the break-glass command (`npm run admin`) restores an admin.
 */
import type { Role } from '../../shared/authentication';
import type { Db } from '../../storage/sqlite';
import { inTransaction } from '../context';
import { HttpError } from '../http/errors';
import { dayOf } from './store';

const DAY_MS = 86_400_000;

export interface AdminRow {
  id: number;
  username: string;
  role: Role;
  enabled: boolean;
  expires_at: string | null;
}

export interface Conflict {
  id: number;
  username: string;
  reason: string;
}

export const NO_USABLE_ADMIN =
  'no admin who can still sign in after tomorrow would remain (enabled, with no expiry before the day after tomorrow)';

/** The last day (`YYYY-MM-DD`) an admin's `expires_at` must be later than to count, at time `now`. */
export const usableAfterDay = (now: number): string => dayOf(now + DAY_MS);

/** Whether an account is an admin who can sign in now and tomorrow (the rule's definition). */
export const isUsableAdmin = (a: AdminRow, now: number): boolean =>
  a.role === 'admin' && a.enabled && (a.expires_at === null || a.expires_at > usableAfterDay(now));

/** An admin who can sign in at all today (expires_at is the last day that still works). */
const signsInAsAdmin = (a: AdminRow, now: number): boolean =>
  a.role === 'admin' && a.enabled && (a.expires_at === null || a.expires_at >= dayOf(now));

/** Whether `after` takes something away from the admin `before` (null: the account is gone). */
function weakened(before: AdminRow, after: AdminRow | undefined): boolean {
  if (!after || after.role !== 'admin' || !after.enabled) return true;
  if (before.expires_at === null) return after.expires_at !== null;
  return after.expires_at !== null && after.expires_at < before.expires_at;
}

export function readAdminRows(db: Db): AdminRow[] {
  return (
    db.prepare('SELECT id, username, role, enabled, expires_at FROM users ORDER BY id').all() as Array<
      Omit<AdminRow, 'enabled'> & { enabled: number }
    >
  ).map((r) => ({ ...r, enabled: r.enabled === 1 }));
}

/**
 * The admins a change from `before` to `after` would cost the appliance its last usable admin through (empty when
 * the change is allowed). Pure, so the rule is testable without a database.
 */
export function lastAdminConflicts(before: AdminRow[], after: AdminRow[], now: number): Conflict[] {
  if (after.some((a) => isUsableAdmin(a, now))) return [];
  const afterById = new Map(after.map((a) => [a.id, a]));
  return before
    .filter((a) => signsInAsAdmin(a, now) && weakened(a, afterById.get(a.id)))
    .map((a) => ({ id: a.id, username: a.username, reason: NO_USABLE_ADMIN }));
}

/** One §8 conflict item listing every account in conflict (the console shows it 2,500 ms per listed account). */
export const conflictError = (loc: Array<string | number>, list: Conflict[]): HttpError =>
  new HttpError(409, [
    {
      loc,
      msg: list.map((c) => `"${c.username}" cannot be changed: ${c.reason}`).join('; '),
      type: 'status_error.conflicting_users',
      ctx: { conflicting_users: list },
    },
  ]);

/**
 * Runs `write` in one immediate transaction and keeps it only if the last-admin rule holds on what it leaves;
 * otherwise rolls it back and throws the 409 `status_error.conflicting_users` item (on `loc`). `refusals` are the
 * caller's own conflicts (e.g. removing one's own account): they refuse too and are listed in the same item, first
 * for their account. `order` lists account ids in the order the request named them (the item follows it).
 * Every path that changes accounts writes through this.
 */
export function guardAccountWrite<T>(
  db: Db,
  now: number,
  loc: Array<string | number>,
  write: () => T,
  { refusals = [], order = [] }: { refusals?: Conflict[]; order?: number[] } = {},
): T {
  return inTransaction(db, () => {
    const before = readAdminRows(db);
    const result = write();
    const ruled = lastAdminConflicts(before, readAdminRows(db), now);
    const all = [...refusals, ...ruled.filter((c) => !refusals.some((r) => r.id === c.id))];
    const rank = (id: number) => (order.includes(id) ? order.indexOf(id) : order.length + id);
    if (all.length)
      throw conflictError(
        loc,
        all.sort((a, b) => rank(a.id) - rank(b.id)),
      );
    return result;
  });
}
