/**
 * Lockouts for admins, under the auth base: `GET /lockouts` lists the names refused now (per address, or from every
 * address once the per-name ceiling is reached) and the addresses refused for every name (per-source rule, username
 * null) with the time left; `DELETE /lockouts/{name}` lifts every lock and forgets every failure of a name,
 * `DELETE /lockouts/source/{address}` those of an address. Admin role; XSRF like every other mutating request. Both actions are audited.
 */
import type { FastifyInstance } from 'fastify';
import { AuditService, auditText } from '../audit';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { currentUser } from './guards';
import { loginThrottle, throttleKey } from './lockout';
import {
  getLockouts,
  unlockName,
  unlockSource,
  type LockoutEntry,
} from '../../shared/contracts/authentication';
import { area } from '../http/routeAccess';
import { contractRoute } from '../http/contractRoute';

export type { LockoutEntry };

export function registerLockoutRoutes(scope: FastifyInstance, ctx: ApplianceContext): void {
  const { db, audit } = ctx;
  const throttle = loginThrottle(db);

  // The auth scope's prefix holds the contract's `auth/` (the auth base, `{api}auth` by default).
  const under = 'auth/';

  contractRoute(
    scope,
    getLockouts,
    { access: area('authentication') },
    async () => {
      const now = ctx.now();
      const data: LockoutEntry[] = throttle.locks(now).map((l) => ({
        username: l.name || null,
        source: l.source,
        service: l.seenBy[0]?.service ?? null,
        services: l.seenBy,
        locked_until: new Date(l.until).toISOString(),
        seconds_left: Math.max(1, Math.ceil((l.until - now) / 1000)),
      }));
      return { data };
    },
    { under },
  );

  // An address refused for every name by the per-source rule: forget its failures.
  contractRoute(
    scope,
    unlockSource,
    { access: area('authentication') },
    async (req, reply) => {
      const user = currentUser(req);
      const { address } = req.params;
      if (!(await throttle.unlockSource(address, ctx.now())))
        throw new HttpError(404, `No lock on the address "${auditText(address)}"`);
      audit.record(
        AuditService.auth,
        `address ${auditText(address)} unlocked by "${auditText(user.username)}"`,
      );
      return reply.code(204).send();
    },
    { under },
  );

  contractRoute(
    scope,
    unlockName,
    { access: area('authentication') },
    async (req, reply) => {
      const user = currentUser(req);
      const name = throttleKey(req.params.name);
      const lifted = inTransaction(db, () => throttle.unlock(name, ctx.now()));
      if (lifted === 0) throw new HttpError(404, `No lock on "${auditText(name)}"`);
      audit.record(
        AuditService.auth,
        `account "${auditText(name)}" unlocked by "${auditText(user.username)}" (${lifted} lock${lifted === 1 ? '' : 's'} lifted)`,
      );
      return reply.code(204).send();
    },
    { under },
  );
}
