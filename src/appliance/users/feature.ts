/**
 * The authentication feature as the assembly mounts it (../feature.ts): accounts and groups (./index.ts), the
 * lockout policy, the identity providers and services (../providers), and the sign-in routes under the auth base.
 */
import { registerAuthRoutes } from '../auth/routes';
import { registerLockoutPolicy } from '../auth/lockoutPolicy';
import { defineFeature } from '../feature';
import { registerProviders } from '../providers';
import { providersMigrations } from '../providers/migrations';
import { signInsDashboardPart } from './dashboard';
import { registerUsers } from './index';
import { usersMigrations } from './migrations';

export const authenticationFeature = defineFeature({
  name: 'authentication',
  area: 'authentication',
  migrations: [
    { namespace: 'users', list: usersMigrations },
    { namespace: 'providers', list: providersMigrations },
  ],
  tables: [
    'user_logins',
    'user_groups',
    'user_group_members',
    'user_group_privileges',
    'lockout_allow_list',
    'user_security_keys',
    'user_webauthn_ceremonies',
    'auth_providers',
    'auth_service_providers',
    'provider_accounts',
    'oidc_login_states',
  ],
  sections: [
    'authentication.accounts',
    'authentication.groups',
    'authentication.lockout',
    'authentication.providers',
    'authentication.services',
    'authentication.signup',
  ],
  offers: ['accountsExpiring'],
  dashboard: { area: 'authentication', part: signInsDashboardPart },
  routes: async (api, ctx, deps) => {
    await registerUsers(api, ctx);
    // After the accounts: their migrations add the per-account and per-source rules and the allow-list.
    registerLockoutPolicy(api, ctx, deps.manager());
    await registerProviders(api, ctx);
  },
  auth: (auth, ctx) => registerAuthRoutes(auth, ctx),
});
