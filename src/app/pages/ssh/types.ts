/** What the appliance answers for the SSH pages (see src/appliance/ssh). */
export interface SshSettings {
  enabled: boolean;
  port: number;
  listen_addresses: string[];
  password_authentication: boolean;
  permit_root_login: 'no' | 'prohibit-password' | 'yes';
  allow_groups: string[];
  kex_algorithms: string[];
  ciphers: string[];
  macs: string[];
}
export interface AuthorizedKey {
  id: number;
  username: string;
  type: string;
  key: string;
  comment: string;
  options: string;
  bits: number;
  fingerprint: string;
}
export interface HostKey {
  type: string;
  bits: number;
  fingerprint: string;
  line: string;
}
export interface SshConfigData {
  settings: SshSettings;
  authorized_keys: AuthorizedKey[];
  host_keys: HostKey[];
  algorithms: { kex: string[]; ciphers: string[]; macs: string[] };
  status: { pending_changes: boolean; applied_at: number | null };
}
export interface ShellPasswordData {
  username: string;
  changed_at: number | null;
  changed_by: string | null;
}

export const SSH_CONFIG_KEY = 'ssh/config';
export const SSH_PREVIEW_KEY = 'ssh/config/preview';
export const SSH_PASSWORD_KEY = 'ssh/password';

/** The running daemon's state (src/appliance/services). */
export const SSH_SERVICE_KEY = 'ssh/service';
