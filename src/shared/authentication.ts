/**
 * Accounts, groups, providers and services as the appliance's routes answer and accept them: the types are the
 * authentication contract's (`contracts/authentication/`, TypeBox schemas with their `Static<>` types), named here
 * for the modules that only need the shapes; `accountState` is the one rule that turns an account into its state.
 */
import type { Account, AccountState } from './contracts/authentication';

export { ACCOUNT_STATES } from './contracts/authentication';
export type {
  Account,
  AccountDetail,
  AccountState,
  AuthService,
  Group,
  LdapSettings,
  MappedUser,
  OidcSettings,
  Provider,
  ProviderCheck,
  ProviderCheckStep,
  ProviderType,
  Role,
  SecurityKeySummary,
  ServiceId,
} from './contracts/authentication';

export function accountState(
  a: Pick<Account, 'enabled' | 'expires_at' | 'locked' | 'must_change_password'>,
  today = new Date().toISOString().slice(0, 10),
): AccountState {
  if (!a.enabled) return 'disabled';
  if (a.expires_at && a.expires_at < today) return 'expired';
  if (a.locked) return 'locked';
  return a.must_change_password ? 'pending' : 'enabled';
}
