/**
 * The home page's summary (`GET {api}dashboard`), one shape for the appliance that answers it
 * (src/appliance/network/dashboard.ts) and the view that shows it; a part is absent when the account cannot read its
 * area.
 */
/** The daemon behind a service card: what the service manager says runs (src/appliance/services). */
export interface DaemonSummary {
  status: 'running' | 'stopped' | 'failed' | 'not_installed';
  message: string | null;
}

export interface DashboardSummary {
  host: { hostname: string; version: string };
  network?: {
    interfaces: Array<{ name: string; state: string; addresses: string[] }>;
    gateway: string | null;
    dns_servers: string[];
  };
  dns?: { enabled: boolean; port: number; dnssec: boolean; daemon?: DaemonSummary };
  ssh?: {
    enabled: boolean;
    port: number;
    password_authentication: boolean;
    permit_root_login: string;
    daemon?: DaemonSummary;
  };
  updates?: {
    current_version: string;
    available: number;
    security: number;
    newest: string | null;
    last_check_at: number | null;
    last_check_error: string | null;
  };
  certificates?: {
    window_days: number;
    expiring: number;
    expired: number;
    soonest: Array<{ id: string; name: string; not_after: string }>;
  };
  sign_ins?: {
    window_hours: number;
    failed: number;
    recent: Array<{ username: string; at: number; source: string; method: string }>;
  };
}
