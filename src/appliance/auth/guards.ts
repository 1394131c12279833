/**
 * Authentication hooks for any route of the server (the appliance's own and those of other modules mounted beside
 * it): `requireUser` answers 401 without a valid session, `requireAdmin` also 403 for non-admins. They work as
 * `onRequest` (refused before the body is read or validated, so an anonymous caller learns nothing from validation
 * errors) or as `preHandler`. The appliance's own routes use neither: each declares its access and the one hook of
 * http/routeAccess.ts calls `requireUser` and decides privileges before any route's own hooks.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplianceContext } from '../context';
import { PASSIVE_HEADER, REAUTH_REQUIRED, SESSION_TIMEOUT } from '../../shared/http';
import {
  clearSessionCookies,
  deleteSession,
  presentedToken,
  recentlyAuthenticated,
  sessionTimedOut,
  touchSession,
  userForToken,
  type SessionUser,
} from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the session is checked (the access hook, requireUser, requireAdmin); read it with `currentUser`. */
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

/** Requests that are not the user's activity: the console's own polling, marked with the passive header. */
export function isPassive(req: FastifyRequest): boolean {
  return req.headers[PASSIVE_HEADER.toLowerCase()] === '1';
}

/**
 * The user of the request's session, or null (and no error). A request that is not marked passive counts as the
 * user's activity and restarts the session's idle timer.
 */
export function sessionUser(req: FastifyRequest): SessionUser | null {
  if (req.applianceUser) return req.applianceUser;
  const token = presentedToken(req);
  if (!token) return null;
  const ctx = applianceContext(req.server);
  const user = userForToken(ctx, token);
  if (user && !isPassive(req)) touchSession(ctx, user.session);
  req.applianceUser = user;
  return user;
}

/** 401 for a request without a live session; a session that timed out is removed and named as such. */
export async function refuseUnauthenticated(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = presentedToken(req);
  const ctx = applianceContext(req.server);
  const timedOut = !!token && sessionTimedOut(ctx, token);
  if (timedOut && token) deleteSession(ctx, token);
  // A stale token: also drop the readable flag so the browser's route guard stops treating the visit as logged in.
  if (token) clearSessionCookies(ctx, reply);
  await reply
    .code(401)
    .send(timedOut ? { detail: 'Not authenticated', code: SESSION_TIMEOUT } : NOT_AUTHENTICATED);
}

export async function requireUser(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (sessionUser(req)) return;
  await refuseUnauthenticated(req, reply);
}

/** `requireUser` for requests that never count as activity (the session status the console polls). */
export async function requireUserQuietly(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = presentedToken(req);
  const user = token ? userForToken(applianceContext(req.server), token) : null;
  if (user) {
    req.applianceUser = user;
    return;
  }
  await refuseUnauthenticated(req, reply);
}

/**
 * For sensitive changes (passwords, second factors, lockout policy, SSH, certificates and keys, accounts): after the
 * role check, a session whose last sign-in or re-authentication is older than `reauthMaxAgeSeconds` gets 403
 * `{detail: {code: 'reauth_required', message}}`; the console then asks for the password or code and retries.
 */
export async function requireRecentAuth(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = sessionUser(req);
  if (!user || reply.sent) return;
  if (recentlyAuthenticated(applianceContext(req.server), user.session)) return;
  await reply.code(403).send({
    detail: { code: REAUTH_REQUIRED, message: 'Confirm your password or one-time code to make this change' },
  });
}

export async function requireAdmin(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = sessionUser(req);
  if (!user) {
    await requireUser(req, reply);
    return;
  }
  if (user.role !== 'admin')
    await reply.code(403).send({ detail: 'You do not have permission to do this: it needs the admin role' });
}

/** The request's user, after a guard ran (throws if used on a route without one). */
export function currentUser(req: FastifyRequest): SessionUser {
  const user = req.applianceUser;
  if (!user) throw new Error('route declares no signed-in access (config.access) and has no requireUser');
  return user;
}
