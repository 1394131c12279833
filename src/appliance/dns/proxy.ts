/**
 * The DNS proxy's saved configuration: settings (on/off, listen addresses, port, cache, DNSSEC) and four lists —
 * upstream servers (plain or DNS over TLS with the name to verify), host overrides, domain overrides and access
 * lists. Addresses are checked with the console's own §5 validators, so the API refuses what the form refuses.
 */
import { hostBitsProblem } from '../../lib/validation/subnet';
import {
  isFqdn,
  isHostname,
  isIpAddress,
  isIpv6,
  isSubnet,
  isWildcard,
} from '../../lib/validation/validators';
import type { Db } from '../../storage/sqlite';
import { fieldError, readList, replaceList, type ListSpec, type Stored } from '../apply/collections';
import type { ErrorItem } from '../http/errors';

export const DNS_LISTS_TABLE = 'dns_lists';

export interface DnsSettings {
  enabled: boolean;
  listen_interfaces: string[];
  port: number;
  /** Message cache in MiB (the RRset cache gets twice as much, as unbound recommends). */
  cache_size_mb: number;
  dnssec: boolean;
}

export interface Upstream extends Record<string, unknown> {
  address: string;
  port: number;
  tls: boolean;
  /** Name the upstream's certificate must carry (DNS over TLS). */
  tls_name: string;
}

export interface HostOverride extends Record<string, unknown> {
  /** A host name, or `*` for every name of the domain. */
  host: string;
  domain: string;
  address: string;
  description: string;
}

export interface DomainOverride extends Record<string, unknown> {
  domain: string;
  server: string;
  port: number;
  description: string;
}

export interface AccessRule extends Record<string, unknown> {
  subnet: string;
  action: 'allow' | 'refuse';
  description: string;
}

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

/** The shared §5 rules, so the console's forms (`['ip', 'ipv6']`) accept exactly what is stored here. */
export { isIpv6 };
const isAddress = isIpAddress;

const port = { type: 'integer', minimum: 1, maximum: 65535 };
const description = { type: 'string', maxLength: 200, format: 'safe-text' };
const shortText = { type: 'string', minLength: 1, maxLength: 253 };

export const settingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'listen_interfaces', 'port', 'cache_size_mb', 'dnssec'],
  properties: {
    enabled: { type: 'boolean' },
    listen_interfaces: { type: 'array', minItems: 1, maxItems: 16, items: { type: 'string', maxLength: 45 } },
    port,
    cache_size_mb: { type: 'integer', minimum: 1, maximum: 1024 },
    dnssec: { type: 'boolean' },
  },
} as const;

/** Rules the schema cannot say: every listen address is an IPv4 or IPv6 address, none twice. */
export function checkSettings(s: DnsSettings): ErrorItem[] {
  const errors: ErrorItem[] = [];
  s.listen_interfaces.forEach((a, i) => {
    if (!isAddress(a))
      errors.push({
        loc: ['body', 'listen_interfaces', i],
        msg: 'value is not a valid IP address',
        type: 'value_error.ip',
      });
    else if (s.listen_interfaces.indexOf(a) !== i)
      errors.push({
        loc: ['body', 'listen_interfaces', i],
        msg: 'address listed twice',
        type: 'value_error.duplicate',
      });
  });
  return errors;
}

export function readSettings(db: Db): DnsSettings {
  const row = db.prepare('SELECT data FROM dns_settings WHERE id = 1').get() as { data: string } | undefined;
  return row
    ? { ...DEFAULT_DNS_SETTINGS, ...(JSON.parse(row.data) as Partial<DnsSettings>) }
    : DEFAULT_DNS_SETTINGS;
}

export function writeSettings(db: Db, s: DnsSettings, now: number): void {
  db.prepare(
    `INSERT INTO dns_settings (id, data, updated_at) VALUES (1, ?, ?)
     ON CONFLICT(id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
  ).run(JSON.stringify(s), now);
}

const ipError = (field: string) =>
  fieldError(field, 'value is not a valid IPv4 or IPv6 address', 'value_error.ip');
const duplicate = (field: string, what: string) =>
  fieldError(field, `${what} already exists`, 'value_error.duplicate');

export const upstreamList: ListSpec<Upstream> = {
  table: DNS_LISTS_TABLE,
  list: 'upstreams',
  path: '/dns/proxy/upstreams',
  auditService: 'dns',
  schema: {
    type: 'object',
    required: ['address', 'port', 'tls', 'tls_name'],
    properties: {
      address: { type: 'string', maxLength: 45 },
      port,
      tls: { type: 'boolean' },
      tls_name: { type: 'string', maxLength: 253 },
    },
  },
  describe: (u) => `upstream server "${u.address}"`,
  check: (u, others) => {
    const errors: ErrorItem[] = [];
    if (!isAddress(u.address)) errors.push(ipError('address'));
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
  path: '/dns/proxy/host_overrides',
  auditService: 'dns',
  schema: {
    type: 'object',
    required: ['host', 'domain', 'address'],
    properties: {
      host: { type: 'string', minLength: 1, maxLength: 63 },
      domain: shortText,
      address: { type: 'string', maxLength: 45 },
      description,
    },
  },
  describe: (h) => `host override "${h.host}.${h.domain}"`,
  check: (h, others) => {
    const errors: ErrorItem[] = [];
    if (!isHostname(h.host) && !isWildcard(h.host))
      errors.push(
        fieldError(
          'host',
          'value must be a host name or * for every name of the domain',
          'value_error.hostname',
        ),
      );
    if (!isFqdn(h.domain))
      errors.push(
        fieldError('domain', 'value is not a valid fully qualified domain name', 'value_error.fqdn'),
      );
    if (!isAddress(h.address)) errors.push(ipError('address'));
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
  path: '/dns/proxy/domain_overrides',
  auditService: 'dns',
  schema: {
    type: 'object',
    required: ['domain', 'server', 'port'],
    properties: { domain: shortText, server: { type: 'string', maxLength: 45 }, port, description },
  },
  describe: (d) => `domain override "${d.domain}"`,
  check: (d, others) => {
    const errors: ErrorItem[] = [];
    if (!isFqdn(d.domain))
      errors.push(
        fieldError('domain', 'value is not a valid fully qualified domain name', 'value_error.fqdn'),
      );
    if (!isAddress(d.server)) errors.push(ipError('server'));
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
  path: '/dns/proxy/access_lists',
  auditService: 'dns',
  schema: {
    type: 'object',
    required: ['subnet', 'action'],
    properties: {
      subnet: { type: 'string', maxLength: 18 },
      action: { type: 'string', enum: ['allow', 'refuse'] },
      description,
    },
  },
  describe: (a) => `access rule "${a.subnet} ${a.action}"`,
  check: (a, others) => {
    const errors: ErrorItem[] = [];
    if (!isSubnet(a.subnet))
      errors.push(
        fieldError(
          'subnet',
          // The one host-bits rule of every CIDR field (src/lib/validation/subnet.ts) names the network meant.
          hostBitsProblem(a.subnet) ?? 'value is not a valid IPv4 network (address/prefix)',
          'value_error.subnet',
        ),
      );
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
