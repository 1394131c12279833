/**
 * The privileges of a signed-in account: everything for admins, the union of its groups' privileges for a `user`
 * account (the groups themselves are the users feature's, users/groupsStore.ts; every guarded request reads their
 * privileges here, so the kernel does). Which route needs which is declared on the route (http/routeAccess.ts).
 */
import { ALL_PRIVILEGES, isArea, unionOf, type Privilege, type Privileges } from '../../shared/privileges';
import type { ApplianceContext } from '../context';
import { keptReads, type Db } from '../../storage/sqlite';
import type { SessionUser } from './sessions';

/** The union of the privileges of an account's groups (its role is not looked at: see auth/privileges.ts). */
export function privilegesOfUser(
  db: Db,
  userId: number,
  exceptGroups: ReadonlySet<number> = new Set(),
): Privileges {
  const rows = db
    .prepare(
      `SELECT p.group_id, p.area, p.access FROM user_group_privileges p
       JOIN user_group_members m ON m.group_id = p.group_id WHERE m.user_id = ?`,
    )
    .all(userId) as Array<{ group_id: number; area: string; access: Privilege }>;
  return unionOf(
    rows.filter((r) => !exceptGroups.has(r.group_id) && isArea(r.area)).map((r) => ({ [r.area]: r.access })),
  );
}

const keptPrivileges = keptReads((db: Db, userId: number) => privilegesOfUser(db, userId));

/**
 * Privileges of a signed-in account, kept while the database is unchanged (every signed-in render and guarded
 * request asks). Frozen and shared: never change them.
 */
export function privilegesOf(ctx: ApplianceContext, user: SessionUser): Privileges {
  return user.role === 'admin' ? ALL_PRIVILEGES : keptPrivileges(ctx.db, user.id);
}
