/**
 * The list queries of the authentication area (accounts, groups, providers, services): which fields sort, which
 * filter (see `listing.ts` for the shared part).
 */
import { ACCOUNT_STATES } from '../authentication';
import { listQuery, oneOf } from './listing';

export const usersQuery = listQuery(
  ['username', 'full_name', 'email', 'role', 'status', 'expires_at', 'created_at'],
  {
    role: oneOf(['admin', 'user'], 'Only accounts of this role.'),
    status: oneOf(ACCOUNT_STATES, 'Only accounts in this state.'),
  },
);

export const groupsQuery = listQuery(['name', 'description', 'members', 'created_at']);

export const providersQuery = listQuery(['name', 'type', 'enabled', 'updated_at'], {
  type: oneOf(['local', 'ldap', 'oidc'], 'Only providers of this kind.'),
});

export const servicesQuery = listQuery(['name', 'providers']);
