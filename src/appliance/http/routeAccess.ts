/**
 * Access on the route (issue 27 §2). Every route under the API base, the auth base and `/eos/` declares, in its own
 * registration, who may call it and what else it needs:
 *
 * ```ts
 * scope.put('/dns/proxy/settings', { config: { access: area('dns') } }, handler);
 * scope.post('/users', { config: { access: 'admin', reauth: true } }, handler);
 * ```
 *
 * - `access` (src/shared/access.ts): `public`, `session`, `admin`, an area (`area('dns')`: GET/HEAD need its read
 *   privilege, other methods its write privilege; `area('authentication', 'read')` for a POST that only reads), or
 *   `{resolve, what}` when the area is known only from the request (a safe-apply confirmation: its service's area,
 *   write privilege).
 * - `reauth`: a sensitive change (SSH, certificates and keys, accounts and their second factors, groups, the lockout
 *   policy); a session whose last sign-in or re-authentication is older than `reauthMaxAgeSeconds` gets 403
 *   `{detail: {code: 'reauth_required', message}}` (auth/guards.ts `requireRecentAuth`). Never asked of GET/HEAD.
 * - `cookieless` (with the reason): the route neither sets nor reads a cookie, so a request without any `Cookie`
 *   header needs no XSRF header (http/xsrf.ts). Only the API token endpoint and the SSH helper's check.
 * - `passive`: the session is checked without counting the request as the user's activity (`GET {auth}/session`, the
 *   console's heartbeat).
 *
 * `installRouteAccess` adds, at the root, an `onRoute` hook that refuses (throws, so the server does not start) a route
 * under those bases that declares no `access`, and one `onRequest` hook, before any route's own, that reads
 * `req.routeOptions.config`: 401 without a session (`Not authenticated`), 403 `You do not have permission to do this:
 * …` without the privilege, then the recent-authentication check. It sets `req.applianceUser`, which handlers read
 * with `currentUser(req)`.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { describeAccess, neededPrivilege, type Access } from '../../shared/access';
import { allows, type Area, type Privilege } from '../../shared/privileges';
import type { ApplianceContext } from '../context';
import { requireRecentAuth, requireUser, requireUserQuietly, sessionUser } from '../auth/guards';
import { privilegesOf } from '../auth/privileges';
import type { SessionUser } from '../auth/sessions';

/** The area of a request, when the route cannot name it (null: unknown, refused for non-admins). */
export interface ResolvedArea {
  resolve: (req: FastifyRequest, ctx: ApplianceContext) => Area | null;
  /** How the area is found, for people and the OpenAPI document. */
  what: string;
}

/** What a route declares: `Access`, with a resolver instead of the resolved description. */
export type RouteAccess = Exclude<Access, { resolved: string }> | ResolvedArea;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required under the API, auth and event-stream bases (see routeAccess.ts). */
    access?: RouteAccess;
    /** A sensitive change: needs a recent sign-in or re-authentication (never asked of GET/HEAD). */
    reauth?: boolean;
    /** The route neither sets nor reads cookies (why): a request without any Cookie header needs no XSRF header. */
    cookieless?: string;
    /** Checks the session without counting the request as the user's activity (the console's heartbeat). */
    passive?: boolean;
  }
}

/** An area's access: read on GET/HEAD, write otherwise, unless `need` says. */
export const area = (a: Area, need?: Privilege): RouteAccess => (need ? { area: a, need } : { area: a });

/** The declared access as data (what the console and the OpenAPI document state). */
export function accessData(access: RouteAccess): Access {
  return typeof access === 'object' && 'resolve' in access ? { resolved: access.what } : access;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** Who may call it, in words. */
  who: string;
  reauth: boolean;
  cookieless: boolean;
  /** The route's request schemas (body, querystring, params), for the OpenAPI document. */
  schema?: FastifySchema;
  /** The route's own body limit, when it sets one. */
  bodyLimit?: number;
}

const declared = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** The routes under the guarded bases and what each declares (for tests and the OpenAPI document). */
export function declaredRoutes(app: FastifyInstance): DeclaredRoute[] {
  return declared.get(app) ?? [];
}

/** Whether a route template lies under the API base, the auth base or `/eos/` (the bases whose routes declare access). */
export function isGuarded(
  template: string,
  ctx: Pick<ApplianceContext, 'apiPrefix' | 'authPrefix'>,
): boolean {
  return [ctx.authPrefix, ctx.apiPrefix, '/eos'].some((p) => template === p || template.startsWith(`${p}/`));
}

/** Methods that change nothing: never asked for a recent authentication. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const methodsOf = (route: RouteOptions): string[] =>
  Array.isArray(route.method) ? route.method : [route.method as string];

export const forbidden = (what: string) => ({ detail: `You do not have permission to do this: ${what}` });

/** Both root hooks. Call before any route is registered: an `onRoute` hook sees only routes registered after it. */
export function installRouteAccess(app: FastifyInstance, ctx: ApplianceContext): void {
  requireDeclaredAccess(app, ctx);
  installAccessGuard(app, ctx);
}

/** Refuses (throws at registration) a route under the guarded bases that declares no access; records the others. */
export function requireDeclaredAccess(app: FastifyInstance, ctx: ApplianceContext): void {
  const list: DeclaredRoute[] = [];
  declared.set(app, list);
  app.addHook('onRoute', (route) => {
    if (!isGuarded(route.url, ctx)) return;
    const config = route.config ?? {};
    const methods = methodsOf(route).join(', ');
    if (!config.access)
      throw new Error(
        `route ${methods} ${route.url} declares no access: add config.access (src/appliance/http/routeAccess.ts)`,
      );
    if (config.cookieless !== undefined && !config.cookieless.trim())
      throw new Error(`route ${methods} ${route.url}: config.cookieless needs its reason`);
    const access = accessData(config.access);
    for (const method of methodsOf(route))
      list.push({
        method,
        url: route.url,
        access,
        who: describeAccess(access, method),
        reauth: config.reauth === true && !SAFE.has(method),
        cookieless: config.cookieless !== undefined,
        schema: route.schema,
        bodyLimit: route.bodyLimit,
      });
  });
}

/** The one `onRequest` hook that enforces what the matched route declares. */
export function installAccessGuard(app: FastifyInstance, ctx: ApplianceContext): void {
  const warned = new Set<string>();
  app.addHook('onRequest', async (req, reply) => {
    const template = req.routeOptions.url;
    // Unmatched paths (404s) have no template: the not-found handlers answer them.
    if (!template) return;
    const config = req.routeOptions.config;
    let access = config.access;
    if (!access) {
      if (!isGuarded(template, ctx)) return;
      // Registered before the onRoute hook (a wiring mistake): fail closed.
      const key = `${req.method} ${template}`;
      if (!warned.has(key)) {
        warned.add(key);
        req.log.error({ route: key }, 'route declares no access; only admins may call it');
      }
      access = 'admin';
    }
    if (access === 'public') return;
    await (config.passive ? requireUserQuietly : requireUser)(req, reply);
    if (reply.sent) return;
    const user = sessionUser(req) as SessionUser;
    if (access !== 'session' && user.role !== 'admin') {
      if (access === 'admin') {
        await reply.code(403).send(forbidden('this action needs the admin role'));
        return;
      }
      const target = 'resolve' in access ? access.resolve(req, ctx) : access.area;
      const need: Privilege = 'resolve' in access ? 'write' : neededPrivilege(access, req.method);
      if (!target || !allows(privilegesOf(ctx, user), target, need)) {
        await reply
          .code(403)
          .send(
            forbidden(target ? `this needs the ${need} privilege of the ${target} area` : 'unknown area'),
          );
        return;
      }
    }
    if (config.reauth && !SAFE.has(req.method)) await requireRecentAuth(req, reply);
  });
}
