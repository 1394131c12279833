/**
 * Privilege areas (issue 15, groups): what a group may grant a `user`-role account, read or write per area of the
 * console. The appliance enforces them per API route (each route declares its access, src/shared/access.ts and
 * src/appliance/http/routeAccess.ts); the console hides menu entries
 * of areas the user may not read and disables the controls of areas it may not write. Admins may do everything.
 */

export const AREAS = [
  'dns',
  'ssh',
  'network',
  'logs',
  'updates',
  'settings',
  'pki',
  'authentication',
  'messaging',
] as const;

export type Area = (typeof AREAS)[number];
export type Privilege = 'read' | 'write';
export type Privileges = Partial<Record<Area, Privilege>>;

export const AREA_LABELS: Record<Area, string> = {
  dns: 'DNS (proxy, dynamic DNS)',
  ssh: 'SSH (configuration, shell password)',
  network: 'Network (analytics, preferences)',
  logs: 'Logs (live log report)',
  updates: 'Updates',
  settings: 'Settings (layout, configuration jobs)',
  pki: 'PKI (certificates, authorities, revocation lists, ACME)',
  authentication: 'Authentication (lockout policy and locks; reading users and groups)',
  messaging: 'Messaging (agreement acceptances)',
};

/** The area's short name, as the main menu names it ("You do not have access to DNS"). */
export const AREA_NAMES: Record<Area, string> = {
  dns: 'DNS',
  ssh: 'SSH',
  network: 'Network',
  logs: 'Logs',
  updates: 'Updates',
  settings: 'Settings',
  pki: 'Certificates (PKI)',
  authentication: 'Authentication',
  messaging: 'Messaging',
};

export const isArea = (v: unknown): v is Area =>
  typeof v === 'string' && (AREAS as readonly string[]).includes(v);

/** Whether `privileges` allow `need` in `area` (write implies read). */
export function allows(privileges: Privileges | undefined, area: Area, need: Privilege): boolean {
  const held = privileges?.[area];
  return held === 'write' || (held === 'read' && need === 'read');
}

/**
 * The area of a safe-apply confirmation's service (src/appliance/apply): keeping a change (the "Keep changes"
 * banner) needs the write privilege of that area; a service not listed here is kept by admins only.
 */
export const CONFIRMATION_AREAS: Readonly<Record<string, Area>> = {
  dns: 'dns',
  ssh: 'ssh',
  network: 'network',
  auth: 'authentication',
};

/** The area of a confirmation's service, or null when only admins may keep it. */
export const confirmationArea = (service: string): Area | null =>
  Object.prototype.hasOwnProperty.call(CONFIRMATION_AREAS, service) ? CONFIRMATION_AREAS[service] : null;

/** Everything: what the admin role holds. */
export const ALL_PRIVILEGES: Privileges = Object.fromEntries(AREAS.map((a) => [a, 'write'])) as Privileges;

/** The union of several grants: per area the stronger of read and write. */
export function unionOf(grants: Iterable<Privileges>): Privileges {
  const out: Privileges = {};
  for (const g of grants)
    for (const area of AREAS) {
      const p = g[area];
      if (p && out[area] !== 'write') out[area] = p;
    }
  return out;
}

/**
 * Whether a signed-in account may open the pages of `area`: reading it is enough (a read-only notice then says why
 * nothing can be changed). Admins may open everything; an unknown account (the who-am-I read failed) is let through
 * and the appliance answers for itself.
 */
export function mayOpen(
  user: { role: 'admin' | 'user'; privileges?: Privileges } | null | undefined,
  area: Area,
): boolean {
  return !user || user.role === 'admin' || allows(user.privileges, area, 'read');
}

/** Menu entries only administrators see: settings of the appliance itself, behind admin-only routes. */
const ADMIN_MENU_ENTRIES: Readonly<Record<string, readonly string[]>> = {
  system: ['alerts', 'alert-channels', 'log-forwarding', 'backups'],
};

/**
 * Who sees a menu entry (group id, child id of src/shared/menu.ts): the area whose read privilege shows it, `admin`
 * for administrators only, or null for entries every signed-in user sees (the public network overview). Unknown
 * groups (an appliance's own menu) are shown to everyone: the pages they lead to are still guarded by the API.
 */
export function menuArea(groupId: string, childId?: string): Area | 'admin' | null {
  if (childId && ADMIN_MENU_ENTRIES[groupId]?.includes(childId)) return 'admin';
  if (groupId === 'network' && childId === 'overview') return null;
  // The configuration's history is for every signed-in account (each sees the areas it may read).
  if (groupId === 'system') return childId === 'history' ? null : 'pki';
  return isArea(groupId) ? groupId : null;
}
