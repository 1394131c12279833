/** What the appliance answers for the DNS pages (see src/appliance/dns). */
export interface DnsSettings {
  enabled: boolean;
  listen_interfaces: string[];
  port: number;
  cache_size_mb: number;
  dnssec: boolean;
}
export interface Upstream {
  id: number;
  address: string;
  port: number;
  tls: boolean;
  tls_name: string;
}
export interface HostOverride {
  id: number;
  host: string;
  domain: string;
  address: string;
  description: string;
}
export interface DomainOverride {
  id: number;
  domain: string;
  server: string;
  port: number;
  description: string;
}
export interface AccessRule {
  id: number;
  subnet: string;
  action: 'allow' | 'refuse';
  description: string;
}
export interface DnsProxyData {
  settings: DnsSettings;
  upstreams: Upstream[];
  host_overrides: HostOverride[];
  domain_overrides: DomainOverride[];
  access_lists: AccessRule[];
  status: { pending_changes: boolean; applied_at: number | null };
}

export interface DdnsProvider {
  id: string;
  name: string;
  protocol: 'dyndns2' | 'duckdns' | 'custom';
}
export interface DdnsAccount {
  id: number;
  provider: string;
  hostname: string;
  username: string;
  has_secret: boolean;
  update_url: string;
  ip_source: 'web' | 'interface';
  check_url: string;
  interface: string;
  interval_seconds: number;
  ttl: number;
  enabled: boolean;
  last_ip: string | null;
  last_result: string | null;
  last_update_at: number | null;
  next_check_at: number | null;
  /** When the current run of failed updates began (null while updates work). */
  failing_since?: number | null;
  /** What the last update's failure was (null unless it failed). */
  failure?: DdnsFailure | null;
}

/** A failed update: the step (finding the public address, or telling the provider), its kind and a sentence. */
export interface DdnsFailure {
  stage: 'check' | 'update';
  kind: string;
  message: string;
}
export interface DynamicDnsData {
  providers: DdnsProvider[];
  accounts: DdnsAccount[];
}

export const DNS_PROXY_KEY = 'dns/proxy';
export const DNS_PREVIEW_KEY = 'dns/proxy/preview';
export const DYNAMIC_DNS_KEY = 'dns/dynamic';

/** The running daemon's state (src/appliance/services). */
export const DNS_SERVICE_KEY = 'dns/proxy/service';
