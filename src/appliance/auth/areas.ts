/**
 * Privilege enforcement, in one place. Every route under the API base, the auth base and `/eos/` is mapped here to
 * what it needs: `public` (anyone), `session` (any signed-in account: who am I, the menu, job progress), `admin`
 * (the admin role; not grantable: managing accounts and groups hands out privileges, so it stays with admins), or an
 * area of src/shared/privileges.ts. For an area, GET/HEAD need its read privilege and every other method its write
 * privilege (a rule may say a POST only reads). Admins hold every privilege; a `user` account holds the union of its
 * groups' privileges (users/groupsStore.ts).
 *
 * `installPrivilegeGuard` adds one root `onRequest` hook that applies the map before any route's own hooks: 401
 * without a session, 403 (`You do not have permission to do this: …`) without the privilege. A granted request is
 * marked, so the routes' `requireAdmin` lets it through. A route under those bases that no rule covers is admin-only
 * (fail closed) and logged; test/appliance/users/privileges.test.ts fails for it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows, confirmationArea, type Area, type Privilege } from '../../shared/privileges';
import type { ApplianceContext } from '../context';
import { privilegesOf } from './privileges';
import { sessionUser, requireUser } from './guards';
import type { SessionUser } from './sessions';

export type Access =
  | 'public'
  | 'session'
  | 'admin'
  | { area: Area; need?: Privilege }
  /** The area is known only from the request (a safe-apply confirmation belongs to its service's area). */
  | { resolve: (req: FastifyRequest, ctx: ApplianceContext) => Area | null };

type Base = 'api' | 'auth' | 'eos';

interface Rule {
  base: Base;
  /** A route template under the base: exact, or a prefix when it ends with `/` or `*`. */
  path: string;
  /** Access of GET/HEAD and of the other methods, when they differ. */
  read: Access;
  write?: Access;
}

const area = (a: Area, need?: Privilege): Access => ({ area: a, need });

/** The service of a pending confirmation → the area whose write privilege may keep it (src/shared/privileges.ts). */
const confirmationAreaOf = (req: FastifyRequest, ctx: ApplianceContext): Area | null => {
  const id = (req.params as { id?: unknown }).id;
  if (typeof id !== 'string') return null;
  const row = ctx.db.prepare('SELECT service FROM apply_confirmations WHERE id = ?').get(id) as
    { service: string } | undefined;
  return row ? confirmationArea(row.service) : null;
};

/** The route → access map. First match wins; exact templates come before the prefixes they fall under. */
export function routeRules(config: { authLoginPath: string; authChangePasswordPath: string }): Rule[] {
  return [
    // Local authentication itself.
    { base: 'auth', path: '/setup', read: 'public' },
    { base: 'auth', path: config.authLoginPath, read: 'public' },
    // The security-key step of the login: its ticket proves the password step.
    { base: 'auth', path: `${config.authLoginPath.replace(/\/+$/, '')}/webauthn`, read: 'public' },
    { base: 'auth', path: config.authChangePasswordPath, read: 'public' },
    { base: 'auth', path: '/logout', read: 'public' },
    // API tokens and the SSH helper's check: they authenticate the caller themselves (serviceAuthRoutes.ts).
    { base: 'auth', path: '/token', read: 'public' },
    { base: 'auth', path: '/internal/ssh-auth', read: 'public' },
    { base: 'auth', path: '/lockouts*', read: area('authentication') },
    // The session's own status (its route checks the session without counting the poll as activity), extending it
    // and re-authenticating.
    { base: 'auth', path: '/session', read: 'public', write: 'session' },
    { base: 'auth', path: '/session/extend', read: 'session' },
    { base: 'auth', path: '/reauth', read: 'session' },
    // Sign-in through an OpenID provider: anyone may start it; the callback proves itself (state, PKCE, nonce).
    { base: 'auth', path: '/oidc/', read: 'public' },
    // Layout: colours and images are public (login screen); changing them is the settings area.
    { base: 'api', path: '/config/settings', read: 'public', write: area('settings') },
    { base: 'api', path: '/config/lockout', read: area('authentication') },
    { base: 'api', path: '/config/:slot', read: 'public', write: area('settings') },
    // The signed-in account's own things.
    { base: 'api', path: '/menu/', read: 'session' },
    { base: 'api', path: '/users/me*', read: 'session' },
    { base: 'api', path: '/system/status', read: 'session' },
    // The dashboard's summary: its parts are filtered by area inside the route (network/dashboard.ts).
    { base: 'api', path: '/dashboard', read: 'session' },
    { base: 'api', path: '/jobs', read: 'session', write: area('settings') },
    { base: 'api', path: '/jobs/:id', read: 'session' },
    { base: 'eos', path: '/jobs/', read: 'session' },
    // Accounts and groups: readable with the authentication area, changed by admins only.
    { base: 'api', path: '/users/lockout-simulation', read: area('authentication', 'read') },
    { base: 'api', path: '/users*', read: area('authentication'), write: 'admin' },
    { base: 'api', path: '/groups*', read: area('authentication'), write: 'admin' },
    // Where accounts come from (providers, services): readable with the authentication area like accounts (secrets
    // are never read back); they decide who signs in, so only admins change or test them.
    { base: 'api', path: '/authentication/', read: area('authentication'), write: 'admin' },
    { base: 'api', path: '/messages/', read: area('messaging') },
    { base: 'api', path: '/logs', read: area('logs') },
    { base: 'eos', path: '/system/logs/', read: area('logs') },
    { base: 'api', path: '/updates*', read: area('updates') },
    { base: 'api', path: '/dns/', read: area('dns') },
    { base: 'api', path: '/ssh/', read: area('ssh') },
    { base: 'api', path: '/network/interfaces', read: 'public' },
    { base: 'eos', path: '/network/stream', read: 'public' },
    { base: 'api', path: '/network/', read: area('network') },
    { base: 'api', path: '/apply/confirmations', read: 'session' },
    {
      base: 'api',
      path: '/apply/confirmations/:id/confirm',
      read: { resolve: confirmationAreaOf },
    },
    {
      base: 'api',
      path: '/apply/confirmations/:id/revert',
      read: { resolve: confirmationAreaOf },
    },
    { base: 'api', path: '/pki/public/', read: 'public' },
    { base: 'api', path: '/pki/', read: area('pki') },
    { base: 'eos', path: '/pki/', read: area('pki') },
  ];
}

function matches(rulePath: string, path: string): boolean {
  if (rulePath.endsWith('*')) {
    const stem = rulePath.slice(0, -1);
    return path === stem || path.startsWith(`${stem}/`);
  }
  return rulePath.endsWith('/') ? path.startsWith(rulePath) : path === rulePath;
}

const SAFE = new Set(['GET', 'HEAD']);

export interface Bases {
  apiPrefix: string;
  authPrefix: string;
}

/**
 * What a route needs: `undefined` when the route is outside the guarded bases (pages, assets, the identity
 * service), null when it is inside but no rule covers it.
 */
export function accessOf(
  method: string,
  template: string,
  bases: Bases,
  rules: Rule[],
): Access | null | undefined {
  const under = (prefix: string) =>
    template === prefix || template.startsWith(`${prefix}/`) ? template.slice(prefix.length) || '/' : null;
  // The auth base usually lies under the API base (`/api/auth`): look at it first.
  const candidates: Array<[Base, string | null]> = [
    ['auth', under(bases.authPrefix)],
    ['api', under(bases.apiPrefix)],
    ['eos', under('/eos')],
  ];
  const found = candidates.find(([, rest]) => rest !== null);
  if (!found) return undefined;
  const [base, rest] = found as [Base, string];
  const rule = rules.find((r) => r.base === base && matches(r.path, rest));
  if (!rule) return null;
  return SAFE.has(method) ? rule.read : (rule.write ?? rule.read);
}

export { privilegesOf };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the privilege guard when a `user` account holds the privilege the route needs. */
    privilegeGranted?: boolean;
  }
}

export const forbidden = (what: string) => ({ detail: `You do not have permission to do this: ${what}` });

export function installPrivilegeGuard(app: FastifyInstance, ctx: ApplianceContext): void {
  const rules = routeRules(ctx.config);
  const bases = { apiPrefix: ctx.apiPrefix, authPrefix: ctx.authPrefix };
  const warned = new Set<string>();
  app.decorateRequest('privilegeGranted', false);
  app.addHook('onRequest', async (req, reply) => {
    const template = req.routeOptions.url;
    // Unmatched paths (404s) have no template: the not-found handlers answer them.
    if (!template) return;
    let access = accessOf(req.method, template, bases, rules);
    if (access === undefined || access === 'public' || access === 'session') return;
    if (access === null) {
      const key = `${req.method} ${template}`;
      if (!warned.has(key)) {
        warned.add(key);
        req.log.error({ route: key }, 'route has no privilege area; only admins may call it');
      }
      access = 'admin';
    }
    await requireUser(req, reply);
    if (reply.sent) return;
    const user = sessionUser(req) as SessionUser;
    if (user.role === 'admin') return;
    if (access === 'admin') {
      await reply.code(403).send(forbidden('this action needs the admin role'));
      return;
    }
    const target = 'resolve' in access ? access.resolve(req, ctx) : access.area;
    const need: Privilege =
      'resolve' in access ? 'write' : (access.need ?? (SAFE.has(req.method) ? 'read' : 'write'));
    if (target && allows(privilegesOf(ctx, user), target, need)) {
      req.privilegeGranted = true;
      return;
    }
    await reply
      .code(403)
      .send(forbidden(target ? `this needs the ${need} privilege of the ${target} area` : 'unknown area'));
  });
}
