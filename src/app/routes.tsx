/**
 * The one route table (spec §2). Every page loads on demand: one chunk per route area, named so the server can
 * link the chunk's script and styles into the page it renders. Protected routes carry the login guard; the public
 * network overview and the account pages do not.
 */
import type { LoaderFunction, RouteObject } from 'react-router';
import type { Area as PrivilegeArea } from '../shared/privileges';
import { NotFoundPage, RouteErrorPage } from './errors/RouteErrorPage';
import { Root } from './Root';
import { gated } from './routing/areaGate';
import { withChunkReload } from './routing/chunkReload';
import { isEntityId, notFound, requireLogin, withValidity } from './routing/guards';
import type { AreaModule } from './routing/types';

const areas = {
  home: () => import(/* webpackChunkName: "area-home" */ './pages/home'),
  dns: () => import(/* webpackChunkName: "area-dns" */ './pages/dns'),
  ssh: () => import(/* webpackChunkName: "area-ssh" */ './pages/ssh'),
  logs: () => import(/* webpackChunkName: "area-logs" */ './pages/logs'),
  updates: () => import(/* webpackChunkName: "area-updates" */ './pages/updates'),
  settings: () => import(/* webpackChunkName: "area-settings" */ './pages/settings'),
  network: () => import(/* webpackChunkName: "area-network" */ './pages/network'),
  system: () => import(/* webpackChunkName: "area-system" */ './pages/system'),
  authentication: () => import(/* webpackChunkName: "area-authentication" */ './pages/authentication'),
  account: () => import(/* webpackChunkName: "area-account" */ './pages/account'),
  // The login page's chunk: the account screens without the action pages (bundle budget of /account/login).
  'account-screens': () => import(/* webpackChunkName: "area-account-screens" */ './pages/account/screens'),
  messaging: () => import(/* webpackChunkName: "area-messaging" */ './pages/messaging'),
  sections: () => import(/* webpackChunkName: "area-sections" */ './pages/sections'),
  profile: () => import(/* webpackChunkName: "area-profile" */ './pages/profile'),
  // Open to every signed-in account: the appliance answers the revisions of the areas it may read.
  history: () => import(/* webpackChunkName: "area-history" */ './pages/history'),
  // Administrators only (the pages say so to anyone else): the alerts, their thresholds and channels.
  alerts: () => import(/* webpackChunkName: "area-alerts" */ './pages/alerts'),
} satisfies Record<string, () => Promise<AreaModule>>;
type Area = keyof typeof areas;

/**
 * The sagas an area's chunk starts when it loads (sagas/areas/): imported under the area's chunk name, so they ship
 * in that chunk, while the area's views import slices only, never sagas.
 */
const areaSagas: Partial<Record<Area, () => Promise<unknown>>> = {
  home: () => import(/* webpackChunkName: "area-home" */ '../../sagas/areas/home'),
  logs: () => import(/* webpackChunkName: "area-logs" */ '../../sagas/areas/logs'),
  network: () => import(/* webpackChunkName: "area-network" */ '../../sagas/areas/network'),
  system: () => import(/* webpackChunkName: "area-system" */ '../../sagas/areas/system'),
  dns: () => import(/* webpackChunkName: "area-dns" */ '../../sagas/areas/dns'),
};

/** Route id → the webpack chunk of its area, so the server links a rendered page's chunk assets. */
export const routeChunks: Record<string, string> = { core: 'core-layout' };

/**
 * Route id → the privilege area whose read privilege its page needs (src/shared/privileges.ts). An account without
 * it gets the no-access page (403) instead: the server render and the browser ask this same map.
 */
export const routeAreas: Record<string, PrivilegeArea> = {};

/** The privilege area of the protected pages of a chunk (none: every signed-in account may open them). */
const PRIVILEGE_OF: Partial<Record<Area, PrivilegeArea>> = {
  dns: 'dns',
  ssh: 'ssh',
  logs: 'logs',
  updates: 'updates',
  settings: 'settings',
  network: 'network',
  system: 'pki',
  authentication: 'authentication',
  messaging: 'messaging',
};

/**
 * A lazy route: loads its area chunk, picks the route's module and runs the guard before the module's own loader.
 * With a privilege area, the page is behind its gate.
 */
function lazyRoute(
  id: string,
  path: string | null,
  area: Area,
  name: string,
  guard?: LoaderFunction,
  privilege?: PrivilegeArea,
): RouteObject {
  routeChunks[id] = `area-${area}`;
  if (privilege) routeAreas[id] = privilege;
  const lazy = withChunkReload(async () => {
    const [chunk] = await Promise.all([areas[area](), areaSagas[area]?.()]);
    const mod = chunk.routes[name];
    if (!mod) throw new Error(`route module ${area}/${name} is missing`);
    const own = mod.loader;
    const loader: LoaderFunction | undefined =
      guard && own ? async (args) => (await guard(args)) ?? own(args) : (guard ?? own);
    const Component = privilege ? gated(mod.Component, privilege) : mod.Component;
    const handle = privilege ? { ...mod.handle, area: privilege } : mod.handle;
    return { Component, handle, ...(loader ? { loader } : {}) };
  });
  return path === null ? { id, index: true, lazy } : { id, path, lazy };
}

const guarded = (id: string, area: Area, name: string) =>
  lazyRoute(id, id, area, name, requireLogin, PRIVILEGE_OF[area]);
const detailGuard = withValidity(isEntityId, requireLogin);

/** A protected list page and its `{id}` detail variant (the id must look like an id, else 404). */
const withDetail = (base: string, area: Area, list: string, detail: string): RouteObject[] => [
  guarded(base, area, list),
  lazyRoute(`${base}/:id`, `${base}/:id`, area, detail, detailGuard, PRIVILEGE_OF[area]),
];

export const protectedRoutes: RouteObject[] = [
  lazyRoute('home', null, 'home', 'home', requireLogin),
  guarded('dns/proxy', 'dns', 'proxy'),
  guarded('dns/dynamic', 'dns', 'dynamic'),
  guarded('dns/queries', 'dns', 'queries'),
  guarded('ssh/config', 'ssh', 'config'),
  guarded('ssh/password', 'ssh', 'password'),
  guarded('logs/overview', 'logs', 'overview'),
  guarded('updates/update', 'updates', 'update'),
  guarded('settings/layout', 'settings', 'layout'),
  guarded('network/analytics', 'network', 'analytics'),
  guarded('network/preferences', 'network', 'preferences'),
  ...withDetail('system/acme-orders', 'system', 'acmeOrders', 'acmeOrder'),
  ...withDetail('system/certificates', 'system', 'certificates', 'certificate'),
  ...withDetail('system/certificate-authorities', 'system', 'certificateAuthorities', 'certificateAuthority'),
  ...withDetail('system/certificate-revocation-lists', 'system', 'revocationLists', 'revocationList'),
  ...withDetail('system/history', 'history', 'history', 'revision'),
  guarded('system/log-forwarding', 'system', 'logForwarding'),
  guarded('system/backups', 'system', 'backups'),
  ...withDetail('authentication/users', 'authentication', 'users', 'user'),
  ...withDetail('authentication/groups', 'authentication', 'groups', 'group'),
  ...withDetail('authentication/services', 'authentication', 'services', 'service'),
  ...withDetail('authentication/providers', 'authentication', 'providers', 'provider'),
  guarded('authentication/lockout', 'authentication', 'lockout'),
  guarded('shop', 'sections', 'shop'),
  guarded('help', 'sections', 'help'),
  guarded('help/api', 'sections', 'apiReference'),
  guarded('profile', 'profile', 'profile'),
  guarded('messaging/agreements', 'messaging', 'agreements'),
  guarded('system/alerts', 'alerts', 'alerts'),
  guarded('system/alert-channels', 'alerts', 'channels'),
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // The core layout (bars, windows, progress overlay) is a chunk of its own: account pages never load it.
        id: 'core',
        lazy: withChunkReload(async () => {
          const [layout] = await Promise.all([
            import(/* webpackChunkName: "core-layout" */ './layout/CoreLayout'),
            import(/* webpackChunkName: "core-layout" */ '../../sagas/areas/core'),
          ]);
          return { Component: layout.CoreLayout };
        }),
        errorElement: <RouteErrorPage />,
        children: [
          lazyRoute('network/overview', 'network/overview', 'network', 'overview'),
          ...protectedRoutes,
        ],
      },
      lazyRoute('account/:type', 'account/:type', 'account-screens', 'screen'),
      lazyRoute('terms', 'terms', 'account', 'terms'),
      lazyRoute(':action', ':action', 'account', 'action'),
      // Any other path (API probes, `/self-service/...` without the identity prefix, `/.well-known/...`) is a 404:
      // the loader answers the status, and the leaf has the page to show so the router never renders an empty leaf.
      { id: 'not-found', path: '*', loader: ({ request }) => notFound(request), Component: NotFoundPage },
    ],
  },
];
