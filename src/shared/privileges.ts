/**
 * Privilege areas (issue 15, groups): what a group may grant a `user`-role account, read or write per area of the
 * console. The appliance enforces them per API route (each route declares its access, src/shared/access.ts and
 * src/appliance/http/routeAccess.ts); the console gates each page by its own line of src/shared/pageAccess.ts (the
 * menu shows the same) and disables the controls of areas it may not write. Admins may do everything.
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
  'fleet',
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
  fleet: 'Fleet (managed appliances, enrolment and removal)',
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
  fleet: 'Fleet',
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
