/**
 * The DNS area's endpoints (src/appliance/dns): the proxy's settings and its four lists, the preview and Apply, the
 * dynamic DNS accounts and the query log. Addresses and names use the §5 formats (src/lib/validation/formats.ts),
 * so the forms accept exactly what the appliance stores.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ApplyStatus, ConfigPreview, IdParams, JobProgress, listEndpoints, stored } from './apply';
import { endpoint } from './endpoint';
import { nullable, stringEnum } from './fields';
import { listPage } from './listing';
import { DnsQueryRecord, DnsQueryTop, queriesQuery, streamQuery, topQuery } from '../dnsQueries';
import { stream } from './stream';

const port = (description: string) => Type.Integer({ minimum: 1, maximum: 65535, description });
const description = Type.String({ maxLength: 200, format: 'safe-text', description: 'A note for people.' });
const address = (what: string) => Type.String({ maxLength: 45, format: 'ip-address', description: what });
const fqdn = (what: string) =>
  Type.String({ minLength: 1, maxLength: 253, format: 'fqdn', description: what });

// ---- The proxy ------------------------------------------------------------------------------------------------

export const ProxySettings = Type.Object(
  {
    enabled: Type.Boolean({ description: 'The proxy answers questions.' }),
    listen_interfaces: Type.Array(address('An address the proxy listens on (IPv4 or IPv6).'), {
      minItems: 1,
      maxItems: 16,
    }),
    port: port('The port it listens on.'),
    cache_size_mb: Type.Integer({
      minimum: 1,
      maximum: 1024,
      description: 'Message cache in MiB (the record cache gets twice as much).',
    }),
    dnssec: Type.Boolean({ description: 'Validate DNSSEC.' }),
  },
  { additionalProperties: false },
);
export type ProxySettings = Static<typeof ProxySettings>;

export const UpstreamBody = Type.Object(
  {
    address: address('The server’s address (IPv4 or IPv6).'),
    port: port('53 for plain DNS, 853 for DNS over TLS.'),
    tls: Type.Boolean({ description: 'DNS over TLS.' }),
    tls_name: Type.String({
      maxLength: 253,
      description: 'The name the server’s certificate carries (DNS over TLS only; empty otherwise).',
    }),
  },
  { additionalProperties: false },
);
export const Upstream = stored(UpstreamBody);
export type Upstream = Static<typeof Upstream>;

export const HostOverrideBody = Type.Object(
  {
    host: Type.String({
      minLength: 1,
      maxLength: 63,
      format: 'host-label-or-wildcard',
      description: 'A host name, or * for every name of the domain.',
    }),
    domain: fqdn('The domain.'),
    address: address('The address answered (IPv4 or IPv6).'),
    description: Type.Optional(description),
  },
  { additionalProperties: false },
);
export const HostOverride = Type.Object({ ...stored(HostOverrideBody).properties, description });
export type HostOverride = Static<typeof HostOverride>;

export const DomainOverrideBody = Type.Object(
  {
    domain: fqdn('Questions under this domain go to the server.'),
    server: address('The server’s address (IPv4 or IPv6).'),
    port: port('The server’s port.'),
    description: Type.Optional(description),
  },
  { additionalProperties: false },
);
export const DomainOverride = Type.Object({ ...stored(DomainOverrideBody).properties, description });
export type DomainOverride = Static<typeof DomainOverride>;

export const AccessRuleBody = Type.Object(
  {
    subnet: Type.String({
      maxLength: 18,
      format: 'ipv4-subnet',
      description: 'An IPv4 network (address/prefix).',
    }),
    action: stringEnum(['allow', 'refuse'], { description: 'Allow or refuse the network’s questions.' }),
    description: Type.Optional(description),
  },
  { additionalProperties: false },
);
export const AccessRule = Type.Object({ ...stored(AccessRuleBody).properties, description });
export type AccessRule = Static<typeof AccessRule>;

export const DnsProxy = Type.Object({
  settings: ProxySettings,
  upstreams: Type.Array(Upstream),
  host_overrides: Type.Array(HostOverride),
  domain_overrides: Type.Array(DomainOverride),
  access_lists: Type.Array(AccessRule),
  status: ApplyStatus,
});
export type DnsProxy = Static<typeof DnsProxy>;

export const getProxy = endpoint({
  method: 'GET',
  path: 'dns/proxy',
  response: DnsProxy,
  summary: 'The DNS proxy’s saved settings and lists',
});

export const putProxySettings = endpoint({
  method: 'PUT',
  path: 'dns/proxy/settings',
  body: ProxySettings,
  response: ProxySettings,
  summary: 'Change the DNS proxy’s general settings',
});

export const upstreams = listEndpoints('dns/proxy/upstreams', 'an upstream server', UpstreamBody, Upstream);
export const hostOverrides = listEndpoints(
  'dns/proxy/host_overrides',
  'a host override',
  HostOverrideBody,
  HostOverride,
);
export const domainOverrides = listEndpoints(
  'dns/proxy/domain_overrides',
  'a domain override',
  DomainOverrideBody,
  DomainOverride,
);
export const accessLists = listEndpoints(
  'dns/proxy/access_lists',
  'an access rule',
  AccessRuleBody,
  AccessRule,
);

export const getProxyPreview = endpoint({
  method: 'GET',
  path: 'dns/proxy/preview',
  response: ConfigPreview,
  summary: 'The unbound.conf Apply would write',
});

export const applyProxy = endpoint({
  method: 'POST',
  path: 'dns/proxy/apply',
  response: JobProgress,
  status: 202,
  summary: 'Apply the saved DNS proxy configuration (a job)',
});

// ---- Dynamic DNS ----------------------------------------------------------------------------------------------

export const DDNS_PROTOCOLS = ['dyndns2', 'duckdns', 'custom'] as const;
export const DDNS_PROVIDER_IDS = ['dyndns', 'noip', 'desec', 'duckdns', 'custom'] as const;

export const DdnsProvider = Type.Object({
  id: Type.String(),
  name: Type.String(),
  protocol: stringEnum(DDNS_PROTOCOLS),
});
export type DdnsProvider = Static<typeof DdnsProvider>;

const httpUrlOrEmpty = (what: string) =>
  Type.Union(
    [Type.String({ maxLength: 0 }), Type.String({ maxLength: 1024, pattern: '^https?://[^\\s]+$' })],
    {
      description: what,
    },
  );

const accountFields = {
  provider: stringEnum(DDNS_PROVIDER_IDS),
  hostname: Type.String({
    minLength: 1,
    maxLength: 253,
    format: 'fqdn',
    description: 'The name to keep up to date.',
  }),
  username: Type.String({ maxLength: 128, format: 'safe-text' }),
  update_url: httpUrlOrEmpty('The update URL of a custom provider (%IP% is replaced), empty otherwise.'),
  ip_source: stringEnum(['web', 'interface'], { description: 'Where the public address is found.' }),
  check_url: httpUrlOrEmpty('The address-check URL (web source), empty for the default.'),
  interface: Type.String({
    maxLength: 15,
    description: 'The interface whose address is used (interface source).',
  }),
  interval_seconds: Type.Integer({ minimum: 60, maximum: 86400 }),
  ttl: Type.Integer({ minimum: 30, maximum: 86400 }),
  enabled: Type.Boolean(),
};
const secret = Type.String({ maxLength: 256, format: 'safe-text', description: 'The password or token.' });

/** A change: an absent or empty secret keeps the stored one (while the account still points where it was saved for). */
export const DdnsAccountBody = Type.Object(
  { ...accountFields, secret: Type.Optional(secret) },
  { additionalProperties: false },
);
export type DdnsAccountBody = Static<typeof DdnsAccountBody>;
/** A new account: the secret is required (it may be empty for a custom URL that carries its own token). */
export const DdnsAccountCreate = Type.Object({ ...accountFields, secret }, { additionalProperties: false });

export const DdnsFailure = Type.Object({
  stage: stringEnum(['check', 'update']),
  kind: stringEnum([
    'dns',
    'refused',
    'timeout',
    'network',
    'tls',
    'http',
    'provider',
    'interface',
    'secret',
    'other',
  ]),
  message: Type.String(),
});
export type DdnsFailure = Static<typeof DdnsFailure>;

export const DdnsAccount = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  ...accountFields,
  provider: Type.String(),
  has_secret: Type.Boolean(),
  last_ip: nullable(Type.String()),
  last_result: nullable(Type.String()),
  last_update_at: nullable(Type.Integer()),
  next_check_at: nullable(Type.Integer()),
  failing_since: nullable(Type.Integer(), { description: 'When the current run of failed updates began.' }),
  failure: nullable(DdnsFailure, {
    description: 'What the last update’s failure was (null unless it failed).',
  }),
});
export type DdnsAccount = Static<typeof DdnsAccount>;

export const DynamicDns = Type.Object({
  providers: Type.Array(DdnsProvider),
  accounts: Type.Array(DdnsAccount),
});
export type DynamicDns = Static<typeof DynamicDns>;

export const getDynamic = endpoint({
  method: 'GET',
  path: 'dns/dynamic',
  response: DynamicDns,
  summary: 'The dynamic DNS providers and accounts',
});

export const dynamicAccounts = listEndpoints(
  'dns/dynamic/accounts',
  'a dynamic DNS account',
  DdnsAccountBody,
  DdnsAccount,
  DdnsAccountCreate,
);

export const updateDynamicAccount = endpoint({
  method: 'POST',
  path: 'dns/dynamic/accounts/:id/update',
  params: IdParams,
  response: DdnsAccount,
  summary: 'Update a dynamic DNS account now',
});

// ---- The query log --------------------------------------------------------------------------------------------

export const listQueries = endpoint({
  method: 'GET',
  path: 'dns/queries',
  query: queriesQuery,
  response: listPage(DnsQueryRecord),
  summary: 'The DNS query log, newest first, filtered and paged',
});

export const getQueryTop = endpoint({
  method: 'GET',
  path: 'dns/queries/top',
  query: topQuery,
  response: DnsQueryTop,
  summary: 'The most asked names and the most asking clients of a time range',
});

export const queryStream = stream({
  path: 'dns/queries/stream',
  query: streamQuery,
  events: {
    ready: Type.Object(
      { last_id: Type.Integer({ description: 'The newest record stored when the stream opened.' }) },
      { description: 'The stream is open (sent first; a resuming client gets what it missed after it).' },
    ),
    message: Type.Object(
      {
        queries: Type.Array(DnsQueryRecord, {
          description: 'Oldest first; the event id is the last one’s id.',
        }),
      },
      { description: 'Records stored since the last event that match the filters.' },
    ),
    end: Type.Object({}, { description: 'The console is stopping: nothing more comes.' }),
    reconnect: Type.Object(
      {},
      { description: 'Come back with Last-Event-ID (a slow client, an expired session).' },
    ),
  },
  summary: 'Follow the DNS queries answered from now on (with Last-Event-ID: the ones after it first)',
});
