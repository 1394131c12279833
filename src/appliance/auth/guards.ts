/**
 * Authentication hooks for any route of the server (the appliance's own and those of other modules mounted beside
 * it): `requireUser` answers 401 without a valid session, `requireAdmin` also 403 for non-admins. They work as
 * `onRequest` (what the appliance uses: refused before the body is read or validated, so an anonymous caller learns
 * nothing from validation errors) or as `preHandler`. Which `user` accounts may do more than read is decided by the
 * one privilege guard (areas.ts), which runs first and marks the requests it grants.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplianceContext } from '../context';
import { clearSessionCookies, presentedToken, userForToken, type SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin (or optionalUser) once the session is checked. */
    applianceUser?: SessionUser | null;
  }
}

const CONTEXT_KEY = 'rampartAppliance';

/** The body of every 401 a guard answers. */
export const NOT_AUTHENTICATED = Object.freeze({ detail: 'Not authenticated' });

export function attachContext(app: FastifyInstance, ctx: ApplianceContext): void {
  app.decorate(CONTEXT_KEY, ctx);
  app.decorateRequest('applianceUser', null);
}

/** The appliance context of a server; throws when the appliance is not mounted (a wiring mistake). */
export function applianceContext(app: FastifyInstance): ApplianceContext {
  const ctx = (app as unknown as Record<string, ApplianceContext | undefined>)[CONTEXT_KEY];
  if (!ctx) throw new Error('the appliance is not registered on this server');
  return ctx;
}

/** The user of the request's session, or null (and no error). */
export function sessionUser(req: FastifyRequest): SessionUser | null {
  if (req.applianceUser) return req.applianceUser;
  const token = presentedToken(req);
  if (!token) return null;
  const user = userForToken(applianceContext(req.server), token);
  req.applianceUser = user;
  return user;
}

export async function requireUser(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (sessionUser(req)) return;
  // A stale token: also drop the readable flag so the browser's route guard stops treating the visit as logged in.
  if (presentedToken(req)) clearSessionCookies(applianceContext(req.server), reply);
  await reply.code(401).send(NOT_AUTHENTICATED);
}

export async function requireAdmin(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = sessionUser(req);
  if (!user) {
    await requireUser(req, reply);
    return;
  }
  // A `user` account passes when the privilege guard (areas.ts) found the route's area privilege in its groups.
  if (user.role !== 'admin' && !req.privilegeGranted)
    await reply.code(403).send({ detail: 'You do not have permission to do this: it needs the admin role' });
}

/** The request's user, after a guard ran (throws if used on a route without one). */
export function currentUser(req: FastifyRequest): SessionUser {
  const user = req.applianceUser;
  if (!user) throw new Error('route is missing requireUser');
  return user;
}
