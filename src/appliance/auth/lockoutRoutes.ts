/**
 * Lockouts for admins, under the auth base: `GET /lockouts` lists the names refused now (per address, or from every
 * address once the per-name ceiling is reached) with the time left; `DELETE /lockouts/{name}` lifts every lock and
 * forgets every failure of a name. Admin role; XSRF like every other mutating request. Both actions are audited.
 */
import type { FastifyInstance } from 'fastify';
import { AuditService, auditText } from '../audit';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { currentUser, requireAdmin } from './guards';
import { loginThrottle, throttleKey } from './lockout';

const USERNAME_MAX = 128;

export interface LockoutEntry {
  username: string;
  /** Client address the lock applies to; null = every address (per-name ceiling). */
  source: string | null;
  locked_until: string;
  seconds_left: number;
}

export function registerLockoutRoutes(scope: FastifyInstance, ctx: ApplianceContext): void {
  const { db, audit } = ctx;
  const throttle = loginThrottle(db);

  scope.get('/lockouts', { onRequest: requireAdmin }, async () => {
    const now = ctx.now();
    const data: LockoutEntry[] = throttle.locks(now).map((l) => ({
      username: l.name,
      source: l.source,
      locked_until: new Date(l.until).toISOString(),
      seconds_left: Math.max(1, Math.ceil((l.until - now) / 1000)),
    }));
    return { data };
  });

  scope.delete<{ Params: { name: string } }>(
    '/lockouts/:name',
    {
      onRequest: requireAdmin,
      schema: {
        params: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { name: { type: 'string', minLength: 1, maxLength: USERNAME_MAX } },
        },
      },
    },
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
  );
}
