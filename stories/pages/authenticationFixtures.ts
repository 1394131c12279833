/**
 * Canned appliance answers for the groups, providers, services and profile page stories: accounts, groups with
 * privileges, the three kinds of identity provider, the services' provider orders and a user's sign-ins.
 */
import { withCall, type ApiClient, type ApiResponse } from '../../src/api/client';
import type {
  Account,
  AuthService,
  Group,
  Provider,
  ProviderCheck,
} from '../../src/shared/contracts/authentication';
import type { SignIns } from '../../src/app/pages/profile/SignInsPage';
import type { RootState } from '../../src/store/createStore';
import type { SessionUser } from '../../src/store/slices/session.slice';

export const config = { apiBase: '/api/' } as RootState['config'];

const admin: SessionUser = { username: 'admin', role: 'admin', privileges: {} };
/** An operator who may read the authentication area but change nothing in it. */
const reader: SessionUser = { username: 'j.doe', role: 'user', privileges: { authentication: 'read' } };
export const signedIn = (user: 'admin' | 'reader' = 'admin'): Pick<RootState, 'session' | 'config'> => ({
  config,
  session: { loggedIn: true, user: user === 'admin' ? admin : reader },
});

const account = (id: number, username: string, more: Partial<Account> = {}): Account => ({
  id,
  username,
  email: `${username}@example.com`,
  full_name: '',
  role: 'user',
  enabled: true,
  locked: false,
  expires_at: null,
  must_change_password: false,
  created_at: 1_700_000_000_000,
  password_changed_at: null,
  second_factors: [],
  ...more,
});

export const users = {
  data: [
    account(1, 'admin', { role: 'admin', full_name: 'Appliance admin' }),
    account(2, 'j.doe', { full_name: 'Jane Doe' }),
    account(3, 'r.roe', { full_name: 'Richard Roe' }),
    account(4, 'auditor'),
  ],
};

const group = (id: number, name: string, more: Partial<Group> = {}): Group => ({
  id,
  name,
  description: '',
  created_at: 1_763_900_000_000,
  members: [],
  privileges: {},
  ...more,
});

export const groups = {
  data: [
    group(1, 'Network team', {
      description: 'Runs DNS, SSH and the network settings',
      members: [
        { id: 2, username: 'j.doe' },
        { id: 3, username: 'r.roe' },
      ],
      privileges: { dns: 'write', ssh: 'write', network: 'write', logs: 'read' },
    }),
    group(2, 'Auditors', {
      description: 'Read the logs and who accepted what',
      members: [{ id: 4, username: 'auditor' }],
      privileges: { logs: 'read', messaging: 'read', authentication: 'read' },
    }),
    group(3, 'Newcomers', { description: 'No access yet' }),
  ],
};

export const localProvider: Provider = {
  id: 1,
  name: 'Local accounts',
  type: 'local',
  enabled: true,
  updated_at: 0,
};

export const ldapProvider: Provider = {
  id: 2,
  name: 'Head office directory',
  type: 'ldap',
  enabled: true,
  updated_at: 1_763_900_000_000,
  ldap: {
    url: 'ldaps://dc1.corp.example:636',
    starttls: false,
    ca_id: 'ca-1',
    bind_dn: 'cn=reader,dc=corp,dc=example',
    base_dn: 'dc=corp,dc=example',
    user_filter: '(&(objectClass=inetOrgPerson)(uid={username}))',
    group_base_dn: 'ou=groups,dc=corp,dc=example',
    group_filter: '(&(objectClass=groupOfNames)(member={dn}))',
    username_attribute: 'uid',
    email_attribute: 'mail',
    name_attribute: 'cn',
    group_name_attribute: 'cn',
    has_bind_password: true,
  },
};

export const oidcProvider: Provider = {
  id: 3,
  name: 'Company SSO',
  type: 'oidc',
  enabled: false,
  updated_at: 1_763_800_000_000,
  oidc: {
    issuer: 'https://sso.corp.example/realms/staff',
    client_id: 'rampart-console',
    scopes: ['openid', 'email', 'profile', 'groups'],
    username_claim: 'preferred_username',
    email_claim: 'email',
    name_claim: 'name',
    groups_claim: 'groups',
    has_client_secret: true,
  },
  redirect_uri: 'https://rampart.corp.example/api/auth/oauth/3/callback',
};

export const providers = { data: [localProvider, ldapProvider, oidcProvider] };

/** The PKI's authorities, offered as the directory's trusted CA. */
export const cas = { data: [{ id: 'ca-1', name: 'Corp Root CA' }] };

export const ldapCheckPassed: ProviderCheck = {
  ok: true,
  steps: [
    { step: 'connect', ok: true, message: 'Connected to dc1.corp.example:636 over TLS.' },
    { step: 'bind', ok: true, message: 'Bound as cn=reader,dc=corp,dc=example.' },
    { step: 'find user', ok: true, message: 'Found uid=j.doe,ou=people,dc=corp,dc=example.' },
    { step: 'groups', ok: true, message: '2 groups.' },
  ],
  user: {
    subject: 'uid=j.doe,ou=people,dc=corp,dc=example',
    username: 'j.doe',
    email: 'j.doe@corp.example',
    name: 'Jane Doe',
    groups: ['network', 'staff'],
  },
};

export const oidcCheckFailed: ProviderCheck = {
  ok: false,
  steps: [
    { step: 'discovery', ok: true, message: 'Read the discovery document.' },
    { step: 'keys', ok: true, message: '2 signing keys.' },
    { step: 'client', ok: false, message: 'The provider refused the client credentials (invalid_client).' },
  ],
  user: null,
};

const service = (
  id: AuthService['id'],
  name: string,
  description: string,
  order: Provider[],
): AuthService => ({
  id,
  name,
  description,
  providers: order.map(({ id: pid, name: pname, type, enabled }) => ({
    id: pid,
    name: pname,
    type,
    enabled,
  })),
});

export const consoleService = service('console', 'Console', 'Signing in to this console', [
  localProvider,
  ldapProvider,
  oidcProvider,
]);
export const services = {
  data: [
    consoleService,
    service('ssh', 'SSH', 'Shell access over SSH', [ldapProvider, localProvider]),
    service('api', 'API', 'Scripts calling the appliance API with a password', [localProvider]),
  ],
};

export const signIns: SignIns = {
  data: [
    { at: 1_763_900_700_000, source: '10.0.0.7', method: 'reauth:password', success: true },
    { at: 1_763_900_600_000, source: '203.0.113.9', method: 'password', success: false },
    { at: 1_763_900_500_000, source: '10.0.0.2', method: 'password+totp', success: true },
    { at: 1_763_810_000_000, source: '10.0.0.2', method: 'password', success: true },
  ],
  last_login: 1_763_900_500_000,
  password_changed_at: null,
  second_factors: [],
  security_keys: [],
  failed_since_last_login: 1,
  active_sessions: 2,
};

/**
 * An API client answering from a table (`GET /api/groups`, `POST /api/authentication/providers/test`): for stories
 * whose play function saves through the resources saga. Anything else is refused, as if offline.
 */
export function cannedApi(answers: Record<string, unknown>): ApiClient {
  const answer = <T>(method: string, url: string): Promise<ApiResponse<T>> => {
    const key = `${method} ${url}`;
    if (!(key in answers)) return Promise.reject(new Error(`stories are offline (${key})`));
    return Promise.resolve({ status: 200, data: answers[key] as T, headers: new Headers() });
  };
  return withCall({
    request: (url, options) => answer(options?.method ?? 'GET', url),
    get: (url) => answer('GET', url),
    post: (url) => answer('POST', url),
    put: (url) => answer('PUT', url),
    patch: (url) => answer('PATCH', url),
    delete: (url) => answer('DELETE', url),
  });
}
