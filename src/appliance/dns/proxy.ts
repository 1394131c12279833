/**
 * The DNS proxy's saved configuration: settings (on/off, listen addresses, port, cache, DNSSEC) and four lists —
 * upstream servers (plain or DNS over TLS with the name to verify), host overrides, domain overrides and access
 * lists. Bodies are the contract's (src/shared/contracts/dns.ts), whose §5 formats the appliance's Ajv checks before
 * the lists' own rules here (duplicates, DNS over TLS names); the forms derive their rules from the same schemas.
 */
import { entriesListedTwice } from '../http/listedTwice';
import { singletonSettings } from '../db/singletonSettings';
import { isFqdn, isIpv6 } from '../../lib/validation/validators';

/** The shared §5 rule (IPv6 or not), for the lists' families. */
export { isIpv6 };
import * as dns from '../../shared/contracts/dns';
import type { ProxySettings } from '../../shared/contracts/dns';
import type { Db } from '../../storage/sqlite';
import {
  fieldError,
  readList,
  replaceList,
  type Item,
  type ListSpec,
  type Stored,
} from '../apply/collections';
import type { ErrorItem } from '../http/errors';

export const DNS_LISTS_TABLE = 'dns_lists';

/** The saved settings and list items: the contract's types (src/shared/contracts/dns.ts). */
export type DnsSettings = ProxySettings;
type Kept<T extends { id: number }> = Omit<T, 'id'> & Item;
export type Upstream = Kept<dns.Upstream>;
/** As stored: the description filled in (empty when the body had none). */
export type HostOverride = Kept<dns.HostOverride>;
export type DomainOverride = Kept<dns.DomainOverride>;
export type AccessRule = Kept<dns.AccessRule>;

export interface DnsSnapshot {
  settings: DnsSettings;
  upstreams: Array<Stored<Upstream>>;
  host_overrides: Array<Stored<HostOverride>>;
  domain_overrides: Array<Stored<DomainOverride>>;
  access_lists: Array<Stored<AccessRule>>;
}

export const DEFAULT_DNS_SETTINGS: DnsSettings = {
  enabled: true,
  listen_interfaces: ['127.0.0.1'],
  port: 53,
  cache_size_mb: 4,
  dnssec: true,
};

/**
 * Rules the schema cannot say: no listen address twice. (Each is an IPv4 or IPv6 address by the contract's
 * `ip-address` format, checked before.)
 */
export const checkSettings = (s: DnsSettings): ErrorItem[] =>
  entriesListedTwice('listen_interfaces', s.listen_interfaces, 'address listed twice');

const settingsRow = singletonSettings('dns_settings', DEFAULT_DNS_SETTINGS);
export const readSettings = settingsRow.read;
export const writeSettings = settingsRow.write;

const duplicate = (field: string, what: string) =>
  fieldError(field, `${what} already exists`, 'value_error.duplicate');

export const upstreamList: ListSpec<Upstream> = {
  table: DNS_LISTS_TABLE,
  list: 'upstreams',
  endpoints: dns.upstreams,
  auditService: 'dns',
  describe: (u) => `upstream server "${u.address}"`,
  check: (u, others) => {
    const errors: ErrorItem[] = [];
    if (u.tls && !isFqdn(u.tls_name))
      errors.push(
        fieldError(
          'tls_name',
          "DNS over TLS needs the fully qualified name the server's certificate carries",
          'value_error.fqdn',
        ),
      );
    if (!u.tls && u.tls_name !== '')
      errors.push(
        fieldError('tls_name', 'only DNS over TLS upstreams have a name to verify', 'value_error.extra'),
      );
    if (others.some((o) => o.address === u.address && o.port === u.port))
      errors.push(duplicate('address', 'this upstream server'));
    // unbound forwards one zone either all over TLS or all in plain DNS.
    if (others.length && others.some((o) => o.tls !== u.tls))
      errors.push(
        fieldError(
          'tls',
          'all upstream servers must use the same transport (DNS over TLS or plain DNS)',
          'value_error.mixed_transport',
        ),
      );
    return errors.length
      ? { errors }
      : {
          item: {
            address: u.address,
            port: u.port,
            tls: u.tls,
            tls_name: u.tls ? u.tls_name.toLowerCase() : '',
          },
        };
  },
};

export const hostOverrideList: ListSpec<HostOverride> = {
  table: DNS_LISTS_TABLE,
  list: 'host_overrides',
  endpoints: dns.hostOverrides,
  auditService: 'dns',
  describe: (h) => `host override "${h.host}.${h.domain}"`,
  check: (h, others) => {
    const errors: ErrorItem[] = [];
    const host = h.host.toLowerCase();
    const domain = h.domain.toLowerCase();
    const family = isIpv6(h.address) ? 6 : 4;
    if (others.some((o) => o.host === host && o.domain === domain && (isIpv6(o.address) ? 6 : 4) === family))
      errors.push(duplicate('host', `an IPv${family} override of ${host}.${domain}`));
    return errors.length
      ? { errors }
      : { item: { host, domain, address: h.address.toLowerCase(), description: h.description ?? '' } };
  },
};

export const domainOverrideList: ListSpec<DomainOverride> = {
  table: DNS_LISTS_TABLE,
  list: 'domain_overrides',
  endpoints: dns.domainOverrides,
  auditService: 'dns',
  describe: (d) => `domain override "${d.domain}"`,
  check: (d, others) => {
    const errors: ErrorItem[] = [];
    const domain = d.domain.toLowerCase();
    if (others.some((o) => o.domain === domain)) errors.push(duplicate('domain', `an override of ${domain}`));
    return errors.length
      ? { errors }
      : { item: { domain, server: d.server, port: d.port, description: d.description ?? '' } };
  },
};

export const accessList: ListSpec<AccessRule> = {
  table: DNS_LISTS_TABLE,
  list: 'access_lists',
  endpoints: dns.accessLists,
  auditService: 'dns',
  describe: (a) => `access rule "${a.subnet} ${a.action}"`,
  check: (a, others) => {
    const errors: ErrorItem[] = [];
    if (others.some((o) => o.subnet === a.subnet))
      errors.push(duplicate('subnet', 'a rule for this network'));
    return errors.length
      ? { errors }
      : { item: { subnet: a.subnet, action: a.action, description: a.description ?? '' } };
  },
};

export function readDnsSnapshot(db: Db): DnsSnapshot {
  return {
    settings: readSettings(db),
    upstreams: readList<Upstream>(db, DNS_LISTS_TABLE, 'upstreams'),
    host_overrides: readList<HostOverride>(db, DNS_LISTS_TABLE, 'host_overrides'),
    domain_overrides: readList<DomainOverride>(db, DNS_LISTS_TABLE, 'domain_overrides'),
    access_lists: readList<AccessRule>(db, DNS_LISTS_TABLE, 'access_lists'),
  };
}

export function restoreDnsSnapshot(db: Db, s: DnsSnapshot, now: number): void {
  writeSettings(db, s.settings, now);
  replaceList(db, DNS_LISTS_TABLE, 'upstreams', s.upstreams);
  replaceList(db, DNS_LISTS_TABLE, 'host_overrides', s.host_overrides);
  replaceList(db, DNS_LISTS_TABLE, 'domain_overrides', s.domain_overrides);
  replaceList(db, DNS_LISTS_TABLE, 'access_lists', s.access_lists);
}
