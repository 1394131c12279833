/**
 * The one route table (spec §2). Every page loads on demand: one chunk per page (a list and its detail page share
 * one), named so the server can link the chunk's script and styles into the page it renders; small areas whose
 * pages share most of their code keep one chunk for the area. Protected routes carry the login guard; the public
 * network overview and the account pages do not. Each console page is gated by its own line of src/shared/pageAccess.ts
 * (an area and a privilege, or administrators only), the list the appliance's menu is filtered by too.
 */
import type { LoaderFunction, RouteObject } from 'react-router';
import { PAGE_ACCESS, type GatedAccess, type PageAccess, type PagePath } from '../shared/pageAccess';
import { NotFoundPage, RouteErrorPage } from './errors/RouteErrorPage';
import { Root } from './Root';
import { gated } from './routing/areaGate';
import { withChunkReload } from './routing/chunkReload';
import { isEntityId, notFound, requireLogin, withValidity } from './routing/guards';
import type { AreaModule } from './routing/types';

/**
 * The chunks' route modules. A chunk's name is `area-<key>`: the first page of an area keeps the area's name.
 * The sagas an area starts (sagas/areas/) are imported under the chunk name of each of its pages, so they ship
 * with whichever page loads first and start once; the area's views import slices only, never sagas.
 */
const chunks = {
  home: () =>
    withSagas(
      import(/* webpackChunkName: "area-home" */ './pages/home'),
      import(/* webpackChunkName: "area-home" */ '../../sagas/areas/home'),
    ),
  dns: () =>
    withSagas(
      import(/* webpackChunkName: "area-dns" */ './pages/dns/routes/proxy'),
      import(/* webpackChunkName: "area-dns" */ '../../sagas/areas/dns'),
    ),
  'dns-dynamic': () =>
    withSagas(
      import(/* webpackChunkName: "area-dns-dynamic" */ './pages/dns/routes/dynamic'),
      import(/* webpackChunkName: "area-dns-dynamic" */ '../../sagas/areas/dns'),
    ),
  'dns-queries': () =>
    withSagas(
      import(/* webpackChunkName: "area-dns-queries" */ './pages/dns/routes/queries'),
      import(/* webpackChunkName: "area-dns-queries" */ '../../sagas/areas/dns'),
    ),
  ssh: () => import(/* webpackChunkName: "area-ssh" */ './pages/ssh'),
  logs: () =>
    withSagas(
      import(/* webpackChunkName: "area-logs" */ './pages/logs'),
      import(/* webpackChunkName: "area-logs" */ '../../sagas/areas/logs'),
    ),
  updates: () => import(/* webpackChunkName: "area-updates" */ './pages/updates'),
  settings: () => import(/* webpackChunkName: "area-settings" */ './pages/settings'),
  network: () =>
    withSagas(
      import(/* webpackChunkName: "area-network" */ './pages/network/routes/overview'),
      import(/* webpackChunkName: "area-network" */ '../../sagas/areas/network'),
    ),
  'network-analytics': () =>
    withSagas(
      import(/* webpackChunkName: "area-network-analytics" */ './pages/network/routes/analytics'),
      import(/* webpackChunkName: "area-network-analytics" */ '../../sagas/areas/network'),
    ),
  'network-preferences': () =>
    withSagas(
      import(/* webpackChunkName: "area-network-preferences" */ './pages/network/routes/preferences'),
      import(/* webpackChunkName: "area-network-preferences" */ '../../sagas/areas/network'),
    ),
  system: () =>
    withSagas(
      import(/* webpackChunkName: "area-system" */ './pages/system/routes/certificates'),
      import(/* webpackChunkName: "area-system" */ '../../sagas/areas/system'),
    ),
  'system-authorities': () =>
    withSagas(
      import(/* webpackChunkName: "area-system-authorities" */ './pages/system/routes/authorities'),
      import(/* webpackChunkName: "area-system-authorities" */ '../../sagas/areas/system'),
    ),
  'system-revocation-lists': () =>
    withSagas(
      import(/* webpackChunkName: "area-system-revocation-lists" */ './pages/system/routes/revocationLists'),
      import(/* webpackChunkName: "area-system-revocation-lists" */ '../../sagas/areas/system'),
    ),
  'system-acme': () =>
    withSagas(
      import(/* webpackChunkName: "area-system-acme" */ './pages/system/routes/acme'),
      import(/* webpackChunkName: "area-system-acme" */ '../../sagas/areas/system'),
    ),
  'system-forwarding': () =>
    withSagas(
      import(/* webpackChunkName: "area-system-forwarding" */ './pages/system/routes/forwarding'),
      import(/* webpackChunkName: "area-system-forwarding" */ '../../sagas/areas/system'),
    ),
  'system-backups': () =>
    withSagas(
      import(/* webpackChunkName: "area-system-backups" */ './pages/system/routes/backups'),
      import(/* webpackChunkName: "area-system-backups" */ '../../sagas/areas/system'),
    ),
  'system-fleet': () =>
    withSagas(
      import(/* webpackChunkName: "area-system-fleet" */ './pages/system/routes/fleet'),
      import(/* webpackChunkName: "area-system-fleet" */ '../../sagas/areas/system'),
    ),
  authentication: () =>
    import(/* webpackChunkName: "area-authentication" */ './pages/authentication/routes/users'),
  'authentication-groups': () =>
    import(/* webpackChunkName: "area-authentication-groups" */ './pages/authentication/routes/groups'),
  'authentication-services': () =>
    import(/* webpackChunkName: "area-authentication-services" */ './pages/authentication/routes/services'),
  'authentication-providers': () =>
    import(/* webpackChunkName: "area-authentication-providers" */ './pages/authentication/routes/providers'),
  'authentication-lockout': () =>
    import(/* webpackChunkName: "area-authentication-lockout" */ './pages/authentication/routes/lockout'),
  account: () => import(/* webpackChunkName: "area-account" */ './pages/account'),
  // The login page's chunk: the account screens without the action pages (bundle budget of /account/login).
  'account-screens': () => import(/* webpackChunkName: "area-account-screens" */ './pages/account/screens'),
  messaging: () => import(/* webpackChunkName: "area-messaging" */ './pages/messaging'),
  sections: () => import(/* webpackChunkName: "area-sections" */ './pages/sections/help'),
  'sections-shop': () => import(/* webpackChunkName: "area-sections-shop" */ './pages/sections/shop'),
  'sections-api': () => import(/* webpackChunkName: "area-sections-api" */ './pages/sections/apiReference'),
  profile: () => import(/* webpackChunkName: "area-profile" */ './pages/profile'),
  // Open to every signed-in account: the appliance answers the revisions of the areas it may read.
  history: () => import(/* webpackChunkName: "area-history" */ './pages/history'),
  // The alerts, their thresholds and channels (administrators only, src/shared/pageAccess.ts).
  alerts: () => import(/* webpackChunkName: "area-alerts" */ './pages/alerts/routes/alerts'),
  'alerts-channels': () =>
    import(/* webpackChunkName: "area-alerts-channels" */ './pages/alerts/routes/channels'),
} satisfies Record<string, () => Promise<AreaModule>>;
type Chunk = keyof typeof chunks;

/** A chunk's route modules, once the sagas that ship in it have started. */
async function withSagas(pages: Promise<AreaModule>, sagas: Promise<unknown>): Promise<AreaModule> {
  const [mod] = await Promise.all([pages, sagas]);
  return mod;
}

/** Route id → the webpack chunk of its area, so the server links a rendered page's chunk assets. */
export const routeChunks: Record<string, string> = { core: 'core-layout' };

/**
 * Route id → who may open its page, for the pages some accounts may not (src/shared/pageAccess.ts): anyone else
 * gets the no-access or "administrators only" page (403) instead. The server render and the browser ask this map.
 */
export const routeAccess: Record<string, GatedAccess> = {};

/**
 * A lazy route: loads its chunk, picks the route's module and runs the guard before the module's own loader.
 * With an access that not every signed-in account holds, the page is behind its gate.
 */
function lazyRoute(
  id: string,
  path: string | null,
  chunk: Chunk,
  name: string,
  access: PageAccess,
  guard?: LoaderFunction,
): RouteObject {
  routeChunks[id] = `area-${chunk}`;
  const gate = access === 'public' || access === 'session' ? null : access;
  if (gate) routeAccess[id] = gate;
  const lazy = withChunkReload(async () => {
    const mod = (await chunks[chunk]()).routes[name];
    if (!mod) throw new Error(`route module ${chunk}/${name} is missing`);
    const own = mod.loader;
    const loader: LoaderFunction | undefined =
      guard && own ? async (args) => (await guard(args)) ?? own(args) : (guard ?? own);
    const Component = gate ? gated(mod.Component, gate) : mod.Component;
    const handle = gate ? { ...mod.handle, access: gate } : mod.handle;
    return { Component, handle, ...(loader ? { loader } : {}) };
  });
  return path === null ? { id, index: true, lazy } : { id, path, lazy };
}

/** A protected page at its address, gated by the address's line of the page access list. */
const guarded = (id: PagePath, chunk: Chunk, name: string) =>
  lazyRoute(id, id, chunk, name, PAGE_ACCESS[id], requireLogin);
const detailGuard = withValidity(isEntityId, requireLogin);

/** A protected list page and its `{id}` detail variant (the id must look like an id, else 404), gated alike. */
const withDetail = (base: PagePath, chunk: Chunk, list: string, detail: string): RouteObject[] => [
  guarded(base, chunk, list),
  lazyRoute(`${base}/:id`, `${base}/:id`, chunk, detail, PAGE_ACCESS[base], detailGuard),
];

export const protectedRoutes: RouteObject[] = [
  lazyRoute('home', null, 'home', 'home', PAGE_ACCESS[''], requireLogin),
  guarded('dns/proxy', 'dns', 'proxy'),
  guarded('dns/dynamic', 'dns-dynamic', 'dynamic'),
  guarded('dns/queries', 'dns-queries', 'queries'),
  guarded('ssh/config', 'ssh', 'config'),
  guarded('ssh/password', 'ssh', 'password'),
  guarded('logs/overview', 'logs', 'overview'),
  guarded('updates/update', 'updates', 'update'),
  guarded('settings/layout', 'settings', 'layout'),
  guarded('network/analytics', 'network-analytics', 'analytics'),
  guarded('network/preferences', 'network-preferences', 'preferences'),
  ...withDetail('system/acme-orders', 'system-acme', 'acmeOrders', 'acmeOrder'),
  ...withDetail('system/certificates', 'system', 'certificates', 'certificate'),
  ...withDetail(
    'system/certificate-authorities',
    'system-authorities',
    'certificateAuthorities',
    'certificateAuthority',
  ),
  ...withDetail(
    'system/certificate-revocation-lists',
    'system-revocation-lists',
    'revocationLists',
    'revocationList',
  ),
  ...withDetail('system/history', 'history', 'history', 'revision'),
  guarded('system/log-forwarding', 'system-forwarding', 'logForwarding'),
  guarded('system/backups', 'system-backups', 'backups'),
  ...withDetail('system/fleet', 'system-fleet', 'fleet', 'appliance'),
  ...withDetail('authentication/users', 'authentication', 'users', 'user'),
  ...withDetail('authentication/groups', 'authentication-groups', 'groups', 'group'),
  ...withDetail('authentication/services', 'authentication-services', 'services', 'service'),
  ...withDetail('authentication/providers', 'authentication-providers', 'providers', 'provider'),
  guarded('authentication/lockout', 'authentication-lockout', 'lockout'),
  guarded('shop', 'sections-shop', 'shop'),
  guarded('help', 'sections', 'help'),
  guarded('help/api', 'sections-api', 'apiReference'),
  guarded('profile', 'profile', 'profile'),
  guarded('messaging/agreements', 'messaging', 'agreements'),
  guarded('system/alerts', 'alerts', 'alerts'),
  guarded('system/alert-channels', 'alerts-channels', 'channels'),
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
          lazyRoute(
            'network/overview',
            'network/overview',
            'network',
            'overview',
            PAGE_ACCESS['network/overview'],
          ),
          ...protectedRoutes,
        ],
      },
      // The account screens (login, recovery, the agreements' text) are everyone's.
      lazyRoute('account/:type', 'account/:type', 'account-screens', 'screen', 'public'),
      lazyRoute('terms', 'terms', 'account', 'terms', 'public'),
      lazyRoute(':action', ':action', 'account', 'action', 'public'),
      // Any other path (API probes, `/self-service/...` without the identity prefix, `/.well-known/...`) is a 404:
      // the loader answers the status, and the leaf has the page to show so the router never renders an empty leaf.
      { id: 'not-found', path: '*', loader: ({ request }) => notFound(request), Component: NotFoundPage },
    ],
  },
];
