/**
 * The privileges of a signed-in account: everything for admins, the union of its groups' privileges for a `user`
 * account (users/groupsStore.ts). Which route needs which is declared on the route (http/routeAccess.ts).
 */
import { ALL_PRIVILEGES, type Privileges } from '../../shared/privileges';
import type { ApplianceContext } from '../context';
import { privilegesOfUser } from '../users/groupsStore';
import { keptReads, type Db } from '../../storage/sqlite';
import type { SessionUser } from './sessions';

const keptPrivileges = keptReads((db: Db, userId: number) => privilegesOfUser(db, userId));

/**
 * Privileges of a signed-in account, kept while the database is unchanged (every signed-in render and guarded
 * request asks). Frozen and shared: never change them.
 */
export function privilegesOf(ctx: ApplianceContext, user: SessionUser): Privileges {
  return user.role === 'admin' ? ALL_PRIVILEGES : keptPrivileges(ctx.db, user.id);
}
