/**
 * Who may call an appliance route (issue 27 §2). Every route under the API base, the auth base and `/eos/` declares
 * one in its own registration (`config.access`, src/appliance/http/routeAccess.ts); the server refuses to start with
 * a route that declares none. Pure data, so the console and the OpenAPI document can state it too.
 *
 * - `public`: anyone, signed in or not (the login itself, the login screen's colours and images).
 * - `session`: any signed-in account (who am I, the menu, job progress, the account's own things).
 * - `admin`: the admin role only; not grantable (managing accounts and groups hands out privileges).
 * - an area of src/shared/privileges.ts: GET/HEAD need its read privilege, other methods its write privilege, unless
 *   `need` says otherwise (a POST that only reads). Admins hold every privilege.
 * - `resolved`: the area is known only from the request (a safe-apply confirmation belongs to its service's area);
 *   its write privilege is needed. `what` says how the area is found.
 */
import type { Area, Privilege } from './privileges';

export type Access = 'public' | 'session' | 'admin' | { area: Area; need?: Privilege } | { resolved: string };

/** The privilege an area access needs for a method. */
export function neededPrivilege(access: { need?: Privilege }, method: string): Privilege {
  return access.need ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');
}

/** One line for people (and the OpenAPI document's `x-access`): who may call the route with this method. */
export function describeAccess(access: Access, method: string): string {
  if (access === 'public') return 'anyone';
  if (access === 'session') return 'any signed-in account';
  if (access === 'admin') return 'admins only';
  if ('resolved' in access) return `the write privilege of ${access.resolved} (admins always)`;
  return `the ${neededPrivilege(access, method)} privilege of the ${access.area} area (admins always)`;
}
