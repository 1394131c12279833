/**
 * What the authentication pages read and where they keep it (resource keys). The shapes of accounts, groups,
 * providers and services are the appliance's wire contract (src/shared/authentication.ts); the lockout shapes below
 * are what src/appliance/auth (lockoutPolicy.ts, lockoutRoutes.ts) answers.
 */
import type { ServiceId } from '../../../shared/authentication';
import type { SignInService } from '../../../shared/signIns';

export type {
  Account,
  AccountDetail,
  AuthService,
  Group,
  LdapSettings,
  OidcSettings,
  Provider,
  ProviderCheck,
  ProviderType,
  Role,
} from '../../../shared/authentication';

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
  /** One lock for every entry point; this is the service that saw most of its failures (null when none is known). */
  service?: SignInService | null;
  /** Every service whose failures count toward the lock, most failures first. */
  services?: Array<{ service: SignInService; failures: number }>;
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
  locks: Array<{ username: string; source: string; service: ServiceId; locked_at: number }>;
}
export const SIMULATION_KEY = 'users/lockout-simulation#result';

export const GROUPS_KEY = 'groups';
export const groupKey = (id: string | number) => `groups/${id}`;

export const PROVIDERS_KEY = 'authentication/providers';
export const providerKey = (id: string | number) => `authentication/providers/${id}`;
export const CREATED_PROVIDER_KEY = 'authentication/providers#created';
export const PROVIDER_CHECK_KEY = 'authentication/providers#check';

export const SERVICES_KEY = 'authentication/services';
export const serviceKey = (id: string) => `authentication/services/${id}`;

/** Who may sign up with the identity service (src/shared/signupPolicy.ts). */
export const SIGNUP_KEY = 'authentication/signup';
