/**
 * Where the authentication pages keep what they read (resource keys). The shapes are the authentication contract's
 * (src/shared/contracts/authentication/).
 */
import {
  listGroups,
  listProviders,
  listServices,
  listUsers,
  getGroup,
  getLockoutPolicy,
  getLockouts,
  getProvider,
  getService,
  getSignupPolicy,
  getUser,
} from '../../../shared/contracts/authentication';
import { keyOf } from '../../../shared/contracts/endpoint';

export const USERS_KEY = keyOf(listUsers);
export const userKey = (id: string | number) => keyOf(getUser, { id });
/** Where the answer of a creation is kept: it holds the one-time password, shown once. */
export const CREATED_USER_KEY = 'users#created';
export const LOCKOUT_POLICY_KEY = keyOf(getLockoutPolicy);
/** The lock queue lives under the auth base, which is `{api}auth` by default. */
export const LOCKOUTS_KEY = keyOf(getLockouts);

export const SIMULATION_KEY = 'users/lockout-simulation#result';

export const GROUPS_KEY = keyOf(listGroups);
export const groupKey = (id: string | number) => keyOf(getGroup, { id });

export const PROVIDERS_KEY = keyOf(listProviders);
export const providerKey = (id: string | number) => keyOf(getProvider, { id });
export const CREATED_PROVIDER_KEY = 'authentication/providers#created';
export const PROVIDER_CHECK_KEY = 'authentication/providers#check';

export const SERVICES_KEY = keyOf(listServices);
export const serviceKey = (id: string) => keyOf(getService, { id });

/** Who may sign up with the identity service (src/shared/signupPolicy.ts). */
export const SIGNUP_KEY = keyOf(getSignupPolicy);
