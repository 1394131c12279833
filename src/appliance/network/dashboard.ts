/**
 * `GET {api}dashboard`: the home page's facts in one answer, so the dashboard does not fetch five pages' worth of
 * lists (10,000 certificates to count the few that expire). Each part belongs to an area (src/shared/privileges.ts)
 * and is left out, not refused, when the account cannot read that area: the page then shows no card for it. The host
 * and network parts are answered here; the other areas' parts are their features' (registered in ../dashboard.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import { allows, type Privileges } from '../../shared/privileges';
import type { Db } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import { INITIAL_APPLIANCE_VERSION, readState } from '../jobs/steps';
import { dashboardParts } from '../dashboard';
import { readPreferences } from './preferences';
import type { NetworkInterface } from './host';
import type { DashboardSummary } from '../../shared/dashboard';

export type { DashboardSummary };

const hasTable = (db: Db, name: string): boolean =>
  Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name));

/** The default IPv4 route's gateway from `/proc/net/route` (hex, little-endian), or null. */
export function parseDefaultGateway(text: string): string | null {
  for (const line of text.split('\n').slice(1)) {
    const [, destination, gateway] = line.trim().split(/\s+/);
    if (destination !== '00000000' || !gateway || !/^[0-9A-Fa-f]{8}$/.test(gateway)) continue;
    const n = parseInt(gateway, 16);
    return [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255].join('.');
  }
  return null;
}

function readGateway(file = '/proc/net/route'): string | null {
  try {
    return parseDefaultGateway(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

export interface DashboardSources {
  interfaces: () => NetworkInterface[];
  gateway?: () => string | null;
  hostname?: () => string;
}

export function dashboardSummary(
  ctx: ApplianceContext,
  privileges: Privileges,
  sources: DashboardSources,
): DashboardSummary {
  const { db } = ctx;
  const can = (area: Parameters<typeof allows>[1]) => allows(privileges, area, 'read');
  const summary: DashboardSummary = {
    host: {
      hostname: (sources.hostname ?? os.hostname)(),
      version: readState(ctx, 'appliance_version') ?? INITIAL_APPLIANCE_VERSION,
    },
  };
  if (can('network')) {
    const prefs = hasTable(db, 'network_preferences') ? readPreferences(db).value : null;
    summary.network = {
      interfaces: sources
        .interfaces()
        .filter((i) => !i.loopback)
        .map((i) => ({
          name: i.name,
          state: i.state,
          addresses: i.addresses.map((a) => (a.prefix === null ? a.address : `${a.address}/${a.prefix}`)),
        })),
      gateway: (sources.gateway ?? readGateway)(),
      dns_servers: prefs?.dns_servers ?? [],
    };
  }
  // Every other area's part comes from its feature (../dashboard.ts), asked only when the account reads that area.
  for (const { area, part } of dashboardParts(ctx)) if (can(area)) Object.assign(summary, part(ctx));
  return summary;
}
