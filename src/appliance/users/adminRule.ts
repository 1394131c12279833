/**
 * The last-admin rule, the one place that decides it: after any change to accounts at least one admin must remain
 * who can sign in now and tomorrow — role `admin`, enabled, `expires_at` null or later than tomorrow (UTC days;
 * `expires_at` is the last day the account works, so such an admin has at least one more full day after tomorrow),
 * and a way in to the console: its local password (not linked to a provider), or a link to an enabled provider on
 * the console's list (a linked account's local password does not count, auth/serviceAuth.ts).
 *
 * It is checked inside the write's own transaction on the state the write leaves (`guardAccountWrite`): the write
 * runs, the rule reads the would-be rows, and a refusal throws, which rolls the transaction back. Nothing has to
 * predict what a route does. A change is refused only when it leaves no such admin *and* takes something away from
 * an admin who could sign in before (removed, demoted, disabled, or an earlier last day): when the appliance is
 * already without one (an expiry date simply came), every change that does not make it worse stays possible, and
 * the break-glass command (`npm run admin`) restores an admin.
 *
 * Paths: users (create, edit, delete, bulk), providers (change, remove) and the console's provider list. Groups give
 * `user` accounts privileges and never change a role, so they cannot break it. A provider's own sign-in (role from
 * its admin group, link by verified e-mail) is the directory's decision and is not refused here.
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
  /** Whether the account has a way in to the console (see above). */
  signs_in: boolean;
}

export interface Conflict {
  id: number;
  username: string;
  reason: string;
}

export const NO_USABLE_ADMIN =
  'no admin who can still sign in after tomorrow would remain (enabled, with a way in and no expiry before the day after tomorrow)';

/** The last day (`YYYY-MM-DD`) an admin's `expires_at` must be later than to count, at time `now`. */
export const usableAfterDay = (now: number): string => dayOf(now + DAY_MS);

/** Whether an account is an admin who can sign in now and tomorrow (the rule's definition). */
export const isUsableAdmin = (a: AdminRow, now: number): boolean =>
  a.role === 'admin' &&
  a.enabled &&
  a.signs_in &&
  (a.expires_at === null || a.expires_at > usableAfterDay(now));

/** An admin who can sign in at all today (expires_at is the last day that still works). */
const signsInAsAdmin = (a: AdminRow, now: number): boolean =>
  a.role === 'admin' && a.enabled && a.signs_in && (a.expires_at === null || a.expires_at >= dayOf(now));

/** Whether `after` takes something away from the admin `before` (null: the account is gone). */
function weakened(before: AdminRow, after: AdminRow | undefined): boolean {
  if (!after || after.role !== 'admin' || !after.enabled || !after.signs_in) return true;
  if (before.expires_at === null) return after.expires_at !== null;
  return after.expires_at !== null && after.expires_at < before.expires_at;
}

const hasProviders = (db: Db) =>
  !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'provider_accounts'").get();

/** Linked accounts sign in only through a provider of theirs that is enabled and on the console's list. */
const SIGNS_IN = `NOT EXISTS (SELECT 1 FROM provider_accounts pa WHERE pa.user_id = u.id)
  OR EXISTS (SELECT 1 FROM provider_accounts pa
    JOIN auth_providers p ON p.id = pa.provider_id AND p.enabled = 1
    JOIN auth_service_providers s ON s.provider_id = p.id AND s.service = 'console'
    WHERE pa.user_id = u.id)`;

/** Every account as the rule sees it; `noWayIn` are accounts known to have no usable credential left. */
export function readAdminRows(db: Db, noWayIn: ReadonlySet<number> = new Set()): AdminRow[] {
  const signsIn = hasProviders(db) ? SIGNS_IN : '1';
  return (
    db
      .prepare(
        `SELECT u.id, u.username, u.role, u.enabled, u.expires_at, (${signsIn}) AS signs_in FROM users u ORDER BY u.id`,
      )
      .all() as Array<Omit<AdminRow, 'enabled' | 'signs_in'> & { enabled: number; signs_in: number }>
  ).map((r) => ({ ...r, enabled: r.enabled === 1, signs_in: r.signs_in === 1 && !noWayIn.has(r.id) }));
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
 * `noWayIn` is filled by the write with accounts it leaves without any credential the rule can see (the accounts a
 * removed provider created: their local password is a random one nobody knows).
 * Every path that changes accounts writes through this.
 */
export function guardAccountWrite<T>(
  db: Db,
  now: number,
  loc: Array<string | number>,
  write: () => T,
  {
    refusals = [],
    order = [],
    noWayIn = new Set(),
  }: { refusals?: Conflict[]; order?: number[]; noWayIn?: ReadonlySet<number> } = {},
): T {
  return inTransaction(db, () => {
    const before = readAdminRows(db);
    const result = write();
    const ruled = lastAdminConflicts(before, readAdminRows(db, noWayIn), now);
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
