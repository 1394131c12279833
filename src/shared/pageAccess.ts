/**
 * Who may open each console page (issue 39), one line per page, by its address: the route table (src/app/routes.tsx)
 * gates every page by its line, and the appliance shows a menu entry only to the accounts that may open the page it
 * leads to (src/appliance/console/routes.ts). One list, so the menu and the pages cannot disagree.
 *
 * - `public`: anyone, signed in or not (the network overview).
 * - `session`: any signed-in account.
 * - `admin`: the admin role only; anyone else gets the one "administrators only" page (src/app/errors/NoAccessPage.tsx).
 * - an area of src/shared/privileges.ts and the privilege the page needs in it (admins hold every privilege); without
 *   it the account gets the area's no-access page. A page that needs only reading shows its read-only notice to an
 *   account that may not write.
 *
 * This is what the console shows; the appliance refuses the API calls on its own (src/shared/access.ts).
 */
import { allows, type Area, type Privilege, type Privileges } from './privileges';

export type PageAccess = 'public' | 'session' | 'admin' | { readonly area: Area; readonly need: Privilege };

/** An access not every signed-in account holds: what a page's gate checks. */
export type GatedAccess = Exclude<PageAccess, 'public' | 'session'>;

const read = (area: Area) => ({ area, need: 'read' }) as const;

/** Address (no leading slash; a detail page `…/:id` shares its list's line) → who may open the page. */
export const PAGE_ACCESS = {
  '': 'session',
  'network/overview': 'public',
  'network/analytics': read('network'),
  'network/preferences': read('network'),
  'dns/proxy': read('dns'),
  'dns/dynamic': read('dns'),
  'dns/queries': read('dns'),
  'ssh/config': read('ssh'),
  'ssh/password': read('ssh'),
  'logs/overview': read('logs'),
  'updates/update': read('updates'),
  'settings/layout': read('settings'),
  'system/certificates': read('pki'),
  'system/certificate-authorities': read('pki'),
  'system/certificate-revocation-lists': read('pki'),
  'system/acme-orders': read('pki'),
  // Each account sees the revisions of the areas it may read.
  'system/history': 'session',
  // Settings of the appliance itself: the audit trail's destinations, alerting, backups of everything.
  'system/log-forwarding': 'admin',
  'system/alerts': 'admin',
  'system/alert-channels': 'admin',
  'system/backups': 'admin',
  // The fleet's settings and joining are for admins within the page (the appliance says so too).
  'system/fleet': read('fleet'),
  'authentication/users': read('authentication'),
  'authentication/groups': read('authentication'),
  'authentication/services': read('authentication'),
  'authentication/providers': read('authentication'),
  'authentication/lockout': read('authentication'),
  'messaging/agreements': read('messaging'),
  profile: 'session',
  help: 'session',
  'help/api': 'session',
  shop: 'session',
} as const satisfies Record<string, PageAccess>;

export type PagePath = keyof typeof PAGE_ACCESS;

/** The line of the page at `address` (`/dns/proxy`, `dns/proxy/`), or undefined for an address the console has none for. */
export function pageAccessAt(address: string): PageAccess | undefined {
  const path = address.replace(/^\/+|\/+$/g, '');
  return Object.prototype.hasOwnProperty.call(PAGE_ACCESS, path)
    ? (PAGE_ACCESS as Record<string, PageAccess>)[path]
    : undefined;
}

/** The signed-in account as the console knows it (null or undefined while who-am-I has not answered). */
export type Viewer = { role: 'admin' | 'user'; privileges?: Privileges } | null | undefined;

/**
 * Whether `viewer` may open a page of `access`. An unknown account (the who-am-I read failed) is let through: the
 * appliance answers for itself. Signing in is the login guard's business, not this.
 */
export function mayOpenPage(viewer: Viewer, access: PageAccess): boolean {
  if (access === 'public' || access === 'session' || !viewer || viewer.role === 'admin') return true;
  if (access === 'admin') return false;
  return allows(viewer.privileges, access.area, access.need);
}

/**
 * Whether the menu shows an entry leading to `address` to `viewer`: when the page there may be opened. An address
 * the console has no page for (an appliance's own menu) is shown to everyone: the API still guards what it leads to.
 */
export function menuShows(viewer: Viewer, address: string): boolean {
  const access = pageAccessAt(address);
  return access === undefined || mayOpenPage(viewer, access);
}
