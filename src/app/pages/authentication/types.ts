/** What the appliance answers for the authentication pages (see src/appliance/users and src/appliance/auth). */
import type { Privileges } from '../../../shared/privileges';

export type Role = 'admin' | 'user';

export interface Account {
  id: number;
  username: string;
  email: string;
  full_name: string;
  role: Role;
  enabled: boolean;
  locked: boolean;
  expires_at: string | null;
  must_change_password: boolean;
  created_at: number;
  password_changed_at: number | null;
  second_factors: Array<{ type: 'totp'; created_at: number | null }>;
  /** The account's groups (their privileges apply to `user` accounts). */
  groups?: Array<{ id: number; name: string }>;
}

export interface AccountDetail extends Account {
  last_login: number | null;
  failed_since_last_login: number;
  login_history: Array<{ at: number; source: string; method: string; success: boolean }>;
  active_sessions: number;
}

export interface LockoutPolicy {
  attempts: number;
  window_seconds: number;
  duration_seconds: number;
  /** Per-account rule (failures of one name from every address). */
  account?: { attempts: number; window_seconds: number };
  /** Per-source rule (failures from one address over every name); null when off. */
  source?: { attempts: number; window_seconds: number } | null;
  /** Networks (CIDR, IPv4 or IPv6) never locked. */
  allow_list?: string[];
}

export interface LockoutEntry {
  /** Null: an address refused for every name (per-source rule). */
  username: string | null;
  source: string | null;
  /** The service whose sign-ins the lock applies to; null for the per-name and per-source ceilings. */
  service?: 'console' | 'ssh' | 'api' | null;
  locked_until: string;
  seconds_left: number;
}

export const USERS_KEY = 'users';
export const userKey = (id: string | number) => `users/${id}`;
/** Where the answer of a creation is kept: it holds the one-time password, shown once. */
export const CREATED_USER_KEY = 'users#created';
export const LOCKOUT_POLICY_KEY = 'config/lockout';
/** The lock queue lives under the auth base, which is `{api}auth` by default. */
export const LOCKOUTS_KEY = 'auth/lockouts';

/** The simulator's answer: who a candidate policy would have locked over the last days' recorded failures. */
export interface LockoutSimulation {
  since: number;
  failures: number;
  locks: Array<{ username: string; source: string; service: 'console' | 'ssh' | 'api'; locked_at: number }>;
}
export const SIMULATION_KEY = 'users/lockout-simulation#result';

/** A group of accounts and the privileges it grants (src/appliance/users/groups.ts). */
export interface Group {
  id: number;
  name: string;
  description: string;
  created_at: number;
  members: Array<{ id: number; username: string }>;
  privileges: Privileges;
}

export const GROUPS_KEY = 'groups';
export const groupKey = (id: string | number) => `groups/${id}`;

/** Identity providers (src/appliance/providers): secrets are never sent back, only whether one is set. */
export type ProviderType = 'local' | 'ldap' | 'oidc';

export interface LdapProviderSettings {
  url: string;
  starttls: boolean;
  ca_id: string | null;
  bind_dn: string;
  base_dn: string;
  user_filter: string;
  group_base_dn: string;
  group_filter: string;
  username_attribute: string;
  email_attribute: string;
  name_attribute: string;
  group_name_attribute: string;
  has_bind_password?: boolean;
}

export interface OidcProviderSettings {
  issuer: string;
  client_id: string;
  scopes: string[];
  username_claim: string;
  email_claim: string;
  name_claim: string;
  groups_claim: string;
  has_client_secret?: boolean;
}

export interface Provider {
  id: number;
  name: string;
  type: ProviderType;
  enabled: boolean;
  updated_at: number;
  ldap?: LdapProviderSettings;
  oidc?: OidcProviderSettings;
  /** OpenID providers: the console's callback, to register at the provider. */
  redirect_uri?: string;
}

export interface ProviderCheck {
  ok: boolean;
  steps: Array<{ step: string; ok: boolean; message: string }>;
  user: { subject: string; username: string; email: string; name: string; groups: string[] } | null;
}

export const PROVIDERS_KEY = 'authentication/providers';
export const providerKey = (id: string | number) => `authentication/providers/${id}`;
export const CREATED_PROVIDER_KEY = 'authentication/providers#created';
export const PROVIDER_CHECK_KEY = 'authentication/providers#check';

/** Services and their providers in fallback order (src/appliance/providers/services.ts). */
export interface AuthService {
  id: 'console' | 'ssh' | 'api';
  name: string;
  description: string;
  providers: Array<{ id: number; name: string; type: ProviderType; enabled: boolean }>;
}

export const SERVICES_KEY = 'authentication/services';
export const serviceKey = (id: string) => `authentication/services/${id}`;
