/**
 * What the appliance's users, groups, providers and services routes answer and accept (src/appliance/users,
 * src/appliance/providers); the console's authentication pages read the same shapes. The rows the appliance stores
 * them in stay server-side.
 */
import type { Privileges } from './privileges';

export type Role = 'admin' | 'user';

/** A local account, as `{api}users` lists it. */
export interface Account {
  id: number;
  username: string;
  email: string;
  full_name: string;
  role: Role;
  enabled: boolean;
  locked: boolean;
  /** `YYYY-MM-DD` (the last day the account may sign in), or null. */
  expires_at: string | null;
  must_change_password: boolean;
  created_at: number;
  password_changed_at: number | null;
  second_factors: Array<{ type: 'totp'; created_at: number | null }>;
  /** The account's groups (their privileges apply to `user` accounts); the routes add them to the stored account. */
  groups?: Array<{ id: number; name: string }>;
}

/** One account with its sign-in record, as `{api}users/{id}` answers. */
export interface AccountDetail extends Account {
  last_login: number | null;
  failed_since_last_login: number;
  login_history: Array<{ at: number; source: string; method: string; success: boolean }>;
  active_sessions: number;
  /** The account's security keys (WebAuthn); an administrator's second-factor reset removes them with the app's. */
  security_keys?: SecurityKeySummary[];
}

/** A security key of a console account as the API lists it (never its public key or credential id). */
export interface SecurityKeySummary {
  id: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A group of accounts and the privileges it grants. */
export interface Group {
  id: number;
  name: string;
  description: string;
  created_at: number;
  members: Array<{ id: number; username: string }>;
  privileges: Privileges;
}

/** The kinds of identity provider: the local accounts, an LDAP directory, an OpenID Connect issuer. */
export type ProviderType = 'local' | 'ldap' | 'oidc';

/** An LDAP directory's settings (its bind password is sent apart and never answered). */
export interface LdapSettings {
  url: string;
  starttls: boolean;
  /** A PKI certificate authority to trust for TLS; null trusts the system's roots and every CA of the PKI. */
  ca_id: string | null;
  bind_dn: string;
  base_dn: string;
  /** `{username}` is replaced by the escaped login name. */
  user_filter: string;
  group_base_dn: string;
  /** `{dn}` is replaced by the user's escaped DN, `{username}` by the escaped login name. */
  group_filter: string;
  username_attribute: string;
  email_attribute: string;
  name_attribute: string;
  group_name_attribute: string;
  /** Members of this group sign in as admins (accounts created by the provider); empty: everyone is a user. */
  admin_group?: string;
}

/** An OpenID Connect issuer's settings (its client secret is sent apart and never answered). */
export interface OidcSettings {
  issuer: string;
  client_id: string;
  scopes: string[];
  username_claim: string;
  email_claim: string;
  name_claim: string;
  groups_claim: string;
  /** As for LDAP: members of this group sign in as admins. */
  admin_group?: string;
  /**
   * The token and userinfo endpoints (which receive the client secret and access tokens) may be on another origin
   * than the issuer (some hosted providers split them); off by default.
   */
  allow_cross_origin_endpoints?: boolean;
}

/** An identity provider as the API shows it: never its secret, only whether one is set. */
export interface Provider {
  id: number;
  name: string;
  type: ProviderType;
  enabled: boolean;
  updated_at: number;
  ldap?: LdapSettings & { has_bind_password: boolean };
  oidc?: OidcSettings & { has_client_secret: boolean };
  /** OpenID providers: the console's callback, to register at the provider. */
  redirect_uri?: string;
}

/** A directory's user as a provider's settings map them (the check shows it; a sign-in links the account to it). */
export interface MappedUser {
  /** The directory's name of the user (LDAP DN or OIDC subject). */
  subject: string;
  username: string;
  email: string;
  name: string;
  groups: string[];
}

/** One step of a provider check (connect, bind, search the user, …) and what it found. */
export interface ProviderCheckStep {
  step: string;
  ok: boolean;
  message: string;
}

/** What checking a provider's settings found, step by step, and the test user as mapped (when one was given). */
export interface ProviderCheck {
  ok: boolean;
  steps: ProviderCheckStep[];
  user: MappedUser | null;
}

/** The appliance services that authenticate people: the console, SSH and the API. */
export type ServiceId = 'console' | 'ssh' | 'api';

/** A service and its providers in fallback order. */
export interface AuthService {
  id: ServiceId;
  name: string;
  description: string;
  providers: Array<Pick<Provider, 'id' | 'name' | 'type' | 'enabled'>>;
}

/** An account's state, in the order that decides it: disabled, then expired, locked, first access pending. */
export type AccountState = 'enabled' | 'disabled' | 'expired' | 'locked' | 'pending';
export const ACCOUNT_STATES: readonly AccountState[] = [
  'enabled',
  'pending',
  'locked',
  'expired',
  'disabled',
];

export function accountState(
  a: Pick<Account, 'enabled' | 'expires_at' | 'locked' | 'must_change_password'>,
  today = new Date().toISOString().slice(0, 10),
): AccountState {
  if (!a.enabled) return 'disabled';
  if (a.expires_at && a.expires_at < today) return 'expired';
  if (a.locked) return 'locked';
  return a.must_change_password ? 'pending' : 'enabled';
}
