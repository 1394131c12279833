/**
 * Network preferences (host name, domain, DNS and NTP servers, time zone): checks beyond the route schema's shape,
 * storage, and the defaults read from the host when none were saved yet.
 */
import { listedTwice, repeatedEntries } from '../http/listedTwice';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { isFqdn, isHostname, isIpAddress } from '../../lib/validation/validators';
import type { ErrorItem } from '../http/errors';
import type { Db } from '../../storage/sqlite';
import { MAX_DNS_SERVERS, MAX_NTP_SERVERS, type NetworkPreferences } from '../../shared/contracts/system';

export { MAX_DNS_SERVERS, MAX_NTP_SERVERS, type NetworkPreferences };

/** The platform's time zones (IANA names known to this Node's ICU) plus `UTC`. */
export function timeZones(): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  return [...zones].sort();
}

/** Item-level checks the JSON schema cannot express; an empty list means valid. */
export function checkPreferences(p: NetworkPreferences, zones: ReadonlySet<string>): ErrorItem[] {
  const items: ErrorItem[] = [];
  const at = (...loc: Array<string | number>) => ['body', ...loc];
  if (!isHostname(p.hostname))
    items.push({
      loc: at('hostname'),
      msg: 'not a valid host name: letters, digits and inner hyphens, at most 63 characters',
      type: 'value_error.hostname',
    });
  if (p.domain !== '' && !isFqdn(p.domain))
    items.push({ loc: at('domain'), msg: 'not a valid domain name', type: 'value_error.fqdn' });
  const dnsRepeated = repeatedEntries(p.dns_servers);
  p.dns_servers.forEach((s, i) => {
    if (!isIpAddress(s))
      items.push({ loc: at('dns_servers', i), msg: 'not a valid IP address', type: 'value_error.ip' });
    else if (dnsRepeated(i)) items.push(listedTwice(at('dns_servers', i)));
  });
  const ntpRepeated = repeatedEntries(p.ntp_servers);
  p.ntp_servers.forEach((s, i) => {
    if (!isIpAddress(s) && !isFqdn(s))
      items.push({
        loc: at('ntp_servers', i),
        msg: 'not a valid host name or IP address',
        type: 'value_error.host',
      });
    else if (ntpRepeated(i)) items.push(listedTwice(at('ntp_servers', i)));
  });
  if (!zones.has(p.timezone))
    items.push({ loc: at('timezone'), msg: 'unknown time zone', type: 'value_error.timezone' });
  return items;
}

/** `nameserver` lines of a resolv.conf text. */
export function parseResolvConf(text: string): { nameservers: string[]; search: string } {
  const nameservers: string[] = [];
  let search = '';
  for (const line of text.split('\n')) {
    const [key, ...rest] = line.trim().split(/\s+/);
    if (key === 'nameserver' && rest[0] && net.isIP(rest[0])) nameservers.push(rest[0]);
    if ((key === 'search' || key === 'domain') && rest[0] && !search) search = rest[0];
  }
  return { nameservers: nameservers.slice(0, MAX_DNS_SERVERS), search };
}

/** What the host runs with now: the starting point before the preferences are first saved. */
export function hostPreferences(resolvConf = '/etc/resolv.conf'): NetworkPreferences {
  let resolv = { nameservers: [] as string[], search: '' };
  try {
    resolv = parseResolvConf(fs.readFileSync(resolvConf, 'utf8'));
  } catch {
    // No resolver file (another platform): no servers to show.
  }
  const [hostname, ...domainParts] = os.hostname().split('.');
  const domain = domainParts.join('.') || resolv.search;
  return {
    hostname: isHostname(hostname) ? hostname : '',
    domain: domain === '' || isFqdn(domain) ? domain : '',
    dns_servers: resolv.nameservers,
    ntp_servers: [],
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
}

export interface StoredPreferences {
  value: NetworkPreferences;
  updatedAt: number | null;
  updatedBy: string | null;
}

export function readPreferences(db: Db): StoredPreferences {
  const row = db
    .prepare('SELECT value, updated_at, updated_by FROM network_preferences WHERE id = 1')
    .get() as { value: string; updated_at: number; updated_by: string } | undefined;
  if (!row) return { value: hostPreferences(), updatedAt: null, updatedBy: null };
  return {
    value: JSON.parse(row.value) as NetworkPreferences,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

export function writePreferences(db: Db, value: NetworkPreferences, at: number, by: string): void {
  db.prepare(
    `INSERT INTO network_preferences (id, value, updated_at, updated_by) VALUES (1, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  ).run(JSON.stringify(value), at, by);
}

/** Back to the host's own preferences: nothing the console configured. */
export function clearPreferences(db: Db): void {
  db.prepare('DELETE FROM network_preferences WHERE id = 1').run();
}
