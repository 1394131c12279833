/**
 * `GET {api}dashboard`: the home page's facts in one answer, so the dashboard does not fetch five pages' worth of
 * lists (10,000 certificates to count the few that expire). Each part belongs to an area (src/shared/privileges.ts)
 * and is left out, not refused, when the account cannot read that area: the page then shows no card for it.
 */
import fs from 'node:fs';
import os from 'node:os';
import { allows, type Privileges } from '../../shared/privileges';
import type { Db } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import { INITIAL_APPLIANCE_VERSION, readState } from '../jobs/steps';
import { readSettings as readDnsSettings } from '../dns/proxy';
import { readSshSettings } from '../ssh/config';
import { compareVersions } from '../updates/package';
import { currentVersion, listPackages, readSettings as readUpdateSettings } from '../updates/store';
import { readPreferences } from './preferences';
import type { NetworkInterface } from './host';
import type { DashboardSummary } from '../../shared/dashboard';

export type { DashboardSummary };

/** Certificates expiring within this many days are "expiring soon" (the PKI page's own warning window). */
export const EXPIRY_WINDOW_DAYS = 30;
/** Failed sign-ins counted over this window. */
export const SIGN_IN_WINDOW_HOURS = 24;
const LIST_LIMIT = 5;
const DAY_MS = 86_400_000;

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
  const now = ctx.now();
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
  if (can('dns') && hasTable(db, 'dns_settings')) {
    const s = readDnsSettings(db);
    summary.dns = { enabled: s.enabled, port: s.port, dnssec: s.dnssec };
  }
  if (can('ssh') && hasTable(db, 'ssh_settings')) {
    const s = readSshSettings(db);
    summary.ssh = {
      enabled: s.enabled,
      port: s.port,
      password_authentication: s.password_authentication,
      permit_root_login: s.permit_root_login,
    };
  }
  if (can('updates') && hasTable(db, 'update_settings')) {
    const settings = readUpdateSettings(db);
    const current = currentVersion(db);
    const newer = listPackages(db)
      .filter((p) => p.manifest.channel === settings.channel && compareVersions(p.version, current) > 0)
      .sort((a, b) => compareVersions(b.version, a.version));
    summary.updates = {
      current_version: current,
      available: newer.length,
      security: newer.filter((p) => p.manifest.security).length,
      newest: newer[0]?.version ?? null,
      last_check_at: settings.last_check_at,
      last_check_error: settings.last_check_error,
    };
  }
  if (can('pki') && hasTable(db, 'pki_certificates')) {
    const until = now + EXPIRY_WINDOW_DAYS * DAY_MS;
    const count = (sql: string, ...args: number[]) =>
      (
        db
          .prepare(`SELECT COUNT(*) AS n FROM pki_certificates WHERE revoked_at IS NULL AND ${sql}`)
          .get(...args) as {
          n: number;
        }
      ).n;
    const soonest = db
      .prepare(
        `SELECT id, name, not_after FROM pki_certificates
         WHERE revoked_at IS NULL AND not_after >= ? AND not_after <= ? ORDER BY not_after LIMIT ?`,
      )
      .all(now, until, LIST_LIMIT) as Array<{ id: string; name: string; not_after: number }>;
    summary.certificates = {
      window_days: EXPIRY_WINDOW_DAYS,
      expiring: count('not_after >= ? AND not_after <= ?', now, until),
      expired: count('not_after < ?', now),
      soonest: soonest.map((c) => ({ ...c, not_after: new Date(c.not_after).toISOString() })),
    };
  }
  if (can('authentication') && hasTable(db, 'user_logins')) {
    const since = now - SIGN_IN_WINDOW_HOURS * 3_600_000;
    const failed = db
      .prepare('SELECT COUNT(*) AS n FROM user_logins WHERE success = 0 AND at >= ?')
      .get(since) as { n: number };
    summary.sign_ins = {
      window_hours: SIGN_IN_WINDOW_HOURS,
      failed: failed.n,
      recent: db
        .prepare(
          `SELECT username, at, source, method FROM user_logins
           WHERE success = 0 AND at >= ? ORDER BY at DESC, id DESC LIMIT ?`,
        )
        .all(since, LIST_LIMIT) as Array<{ username: string; at: number; source: string; method: string }>,
    };
  }
  return summary;
}
