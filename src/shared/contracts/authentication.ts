/**
 * The authentication area's contract: local accounts (`{api}users`), groups, identity providers (LDAP, OpenID
 * Connect), the services that sign people in, the self-service sign-up policy, the lockout policy, its simulator
 * and the lock queue, and the signed-in account's own endpoints ("Your account": sign-ins, authenticator app). Each
 * request's params, query and body and each answer is a TypeBox schema here; the appliance validates with it and
 * both sides use its `Static<>` type (see README.md).
 */
import { Type, type Static } from '@sinclair/typebox';
import { AREAS, type Privileges } from '../privileges';
import { DOMAIN_ENTRY_MAX_LENGTH, MAX_ALLOWED_DOMAINS, SIGNUP_MODES } from '../signupPolicy';
import { SIGN_IN_SERVICES } from '../signIns';
import { SECURITY_KEY_NAME_MAX } from '../securityKeys';
import { endpoint } from './endpoint';
import * as routes from './routes';
import { stringEnum, epochMs, nullable } from './fields';
import { listPage, listQuery, oneOf } from './listing';

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces

/** A numeric id in the path (`/users/{id}`). */
export const idParams = Type.Object(
  { id: Type.String({ pattern: '^[0-9]{1,12}$', description: 'The numeric id.' }) },
  { additionalProperties: false },
);
export type IdParams = Static<typeof idParams>;

/** A list of distinct numeric ids (members, groups). */
const idList = (maxItems: number, minItems?: number) =>
  Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems,
    uniqueItems: true,
    ...(minItems === undefined ? {} : { minItems }),
  });

/** A bulk action's count: `{ deleted: 3 }`, `{ enabled: 2 }`. */
const counted = (key: string) => Type.Record(Type.Literal(key), Type.Integer({ minimum: 0 }));

// ---------------------------------------------------------------------------------------------------------------
// Accounts

export type Role = 'admin' | 'user';
export const ROLES = ['admin', 'user'] as const;
export const role = stringEnum(ROLES);

/** An account's state, in the order that decides it: disabled, then expired, locked, first access pending. */
export type AccountState = 'enabled' | 'disabled' | 'expired' | 'locked' | 'pending';
export const ACCOUNT_STATES: readonly AccountState[] = [
  'enabled',
  'pending',
  'locked',
  'expired',
  'disabled',
];

export const USERNAME_MAX = 64;

const secondFactor = Type.Object({
  type: Type.Literal('totp'),
  created_at: Type.Union([Type.Number(), Type.Null()]),
});

/** A local account, as `{api}users` lists it. */
export const account = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  full_name: Type.String(),
  role,
  enabled: Type.Boolean(),
  locked: Type.Boolean(),
  expires_at: Type.Union([
    Type.String({ description: 'The last day the account may sign in (YYYY-MM-DD).' }),
    Type.Null(),
  ]),
  must_change_password: Type.Boolean(),
  created_at: epochMs(),
  password_changed_at: Type.Union([Type.Number(), Type.Null()]),
  second_factors: Type.Array(secondFactor),
  /** The account's groups (their privileges apply to `user` accounts). */
  groups: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
});
export type Account = Static<typeof account>;

/** A security key of a console account as the API lists it (never its public key or credential id). */
export const securityKeySummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: epochMs(),
  last_used_at: Type.Union([Type.Number(), Type.Null()]),
});
export type SecurityKeySummary = Static<typeof securityKeySummary>;

export const loginRecord = Type.Object({
  at: epochMs(),
  source: Type.String(),
  method: Type.String(),
  success: Type.Boolean(),
});
export type LoginRecord = Static<typeof loginRecord>;

/** One account with its sign-in record, as `{api}users/{id}` answers. */
export const accountDetail = Type.Composite([
  account,
  Type.Object({
    last_login: Type.Union([Type.Number(), Type.Null()]),
    failed_since_last_login: Type.Integer({ minimum: 0 }),
    login_history: Type.Array(loginRecord),
    active_sessions: Type.Integer({ minimum: 0 }),
    security_keys: Type.Optional(Type.Array(securityKeySummary)),
  }),
]);
export type AccountDetail = Static<typeof accountDetail>;

/** The answer of a creation: the account and its one-time password, shown once. */
export const createdAccount = Type.Composite([account, Type.Object({ one_time_password: Type.String() })]);
export type CreatedAccount = Static<typeof createdAccount>;

const accountFields = {
  email: Type.String({ maxLength: 254 }),
  full_name: Type.String({ maxLength: 128, format: 'safe-text' }),
  role,
  enabled: Type.Boolean(),
  expires_at: nullable(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  groups: Type.Optional(idList(200)),
};

/** User names are simple ids (§5): letters, digits, `_`, `.`, `-`. */
export const username = Type.String({ minLength: 1, maxLength: USERNAME_MAX, pattern: '^[A-Za-z0-9_.-]+$' });

/** `POST {api}users`. */
export const newAccountBody = Type.Object(
  {
    username,
    email: Type.Optional(accountFields.email),
    full_name: Type.Optional(accountFields.full_name),
    role,
    enabled: Type.Optional(accountFields.enabled),
    expires_at: Type.Optional(accountFields.expires_at),
    groups: accountFields.groups,
  },
  { additionalProperties: false },
);
export type NewAccountBody = Static<typeof newAccountBody>;

/** `PUT {api}users/{id}` (groups optional: absent keeps them). */
export const accountBody = Type.Object(accountFields, { additionalProperties: false });
export type AccountBody = Static<typeof accountBody>;

export const USER_BULK_ACTIONS = ['enable', 'disable', 'delete'] as const;
/** `POST {api}users/bulk`. */
export const usersBulkBody = Type.Object(
  { action: stringEnum(USER_BULK_ACTIONS), ids: idList(1000, 1) },
  { additionalProperties: false },
);
export type UsersBulkBody = Static<typeof usersBulkBody>;
export const usersBulkAnswer = Type.Union(USER_BULK_ACTIONS.map((a) => counted(`${a}d`)));

/** `DELETE {api}users/{id}/sessions`. */
export const endedSessions = Type.Object({ ended: Type.Integer({ minimum: 0 }) });

export const usersQuery = listQuery(
  ['username', 'full_name', 'email', 'role', 'status', 'expires_at', 'created_at'],
  {
    role: oneOf(['admin', 'user'], 'Only accounts of this role.'),
    status: oneOf(ACCOUNT_STATES, 'Only accounts in this state.'),
  },
);

// ---------------------------------------------------------------------------------------------------------------
// Your account (the signed-in account's own endpoints)

/** `GET {api}users/me/sign-ins`: the signed-in account's sign-ins, sessions and second factors. */
export const mySignIns = Type.Object({
  password_changed_at: Type.Union([Type.Number(), Type.Null()]),
  second_factors: Type.Array(secondFactor),
  security_keys: Type.Array(securityKeySummary),
  data: Type.Array(loginRecord),
  last_login: Type.Union([Type.Number(), Type.Null()]),
  failed_since_last_login: Type.Integer({ minimum: 0 }),
  active_sessions: Type.Integer({ minimum: 0 }),
});
export type MySignIns = Static<typeof mySignIns>;

/** `GET {api}users/me/second-factors/totp/new`: a new authenticator secret, its otpauth URI and QR code. */
export const totpEnrolment = Type.Object({ secret: Type.String(), uri: Type.String(), qr: Type.String() });
export type TotpEnrolment = Static<typeof totpEnrolment>;

/** `PUT {api}users/me/second-factors/totp`: a code of the new secret confirms it. */
export const totpConfirmBody = Type.Object(
  {
    secret: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Z2-7]+=*$' }),
    code: Type.String({ minLength: 1, maxLength: 16 }),
  },
  { additionalProperties: false },
);
export type TotpConfirmBody = Static<typeof totpConfirmBody>;
export const totpConfirmed = Type.Object({ second_factors: Type.Array(secondFactor) });

/** `GET {api}users/me/security-keys`. */
export const mySecurityKeys = Type.Object({ data: Type.Array(securityKeySummary) });

// ---------------------------------------------------------------------------------------------------------------
// Groups

export const GROUP_NAME_MAX = 64;

/** Read or write per privilege area. */
export const privileges = Type.Unsafe<Privileges>(
  Type.Object(
    Object.fromEntries(AREAS.map((a) => [a, Type.Optional(stringEnum(['read', 'write'] as const))])),
    {
      additionalProperties: false,
    },
  ),
);

/** A group of accounts and the privileges it grants. */
export const group = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  created_at: epochMs(),
  members: Type.Array(Type.Object({ id: Type.Integer(), username: Type.String() })),
  privileges,
});
export type Group = Static<typeof group>;

const groupFields = {
  name: Type.String({ minLength: 1, maxLength: GROUP_NAME_MAX, format: 'safe-text' }),
  description: Type.String({ maxLength: 500, format: 'safe-text' }),
  members: idList(1000),
  privileges,
};

/** `POST {api}groups`: a name, the rest optional. */
export const newGroupBody = Type.Object(
  {
    name: groupFields.name,
    description: Type.Optional(groupFields.description),
    members: Type.Optional(groupFields.members),
    privileges: Type.Optional(groupFields.privileges),
  },
  { additionalProperties: false },
);
export type NewGroupBody = Static<typeof newGroupBody>;

/** `PUT {api}groups/{id}`: every field. */
export const groupBody = Type.Object(groupFields, { additionalProperties: false });
export type GroupBody = Static<typeof groupBody>;

/** `POST {api}groups/bulk`. */
export const groupsBulkBody = Type.Object(
  { action: stringEnum(['delete'] as const), ids: idList(1000, 1) },
  { additionalProperties: false },
);
export type GroupsBulkBody = Static<typeof groupsBulkBody>;
export const groupsBulkAnswer = counted('deleted');

export const groupsQuery = listQuery(['name', 'description', 'members', 'created_at']);

// ---------------------------------------------------------------------------------------------------------------
// Identity providers

/** The kinds of identity provider: the local accounts, an LDAP directory, an OpenID Connect issuer. */
export type ProviderType = 'local' | 'ldap' | 'oidc';
export const PROVIDER_TYPES = ['local', 'ldap', 'oidc'] as const;

const attribute = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9-]*$' });
const dn = (minLength?: number) =>
  Type.String({ maxLength: 512, format: 'safe-text', ...(minLength ? { minLength } : {}) });
const claim = (minLength?: number) =>
  Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_.:-]*$', ...(minLength ? { minLength } : {}) });
const secret = Type.String({ maxLength: 256, format: 'safe-text' });
const adminGroup = Type.String({ maxLength: 256, format: 'safe-text' });

const ldapFields = {
  url: Type.String({ maxLength: 512, pattern: '^ldaps?://[A-Za-z0-9.:\\[\\]-]+/?$' }),
  starttls: Type.Boolean(),
  /** A PKI certificate authority to trust for TLS; null trusts the system's roots and every CA of the PKI. */
  ca_id: nullable(Type.String({ maxLength: 64 })),
  bind_dn: dn(),
  base_dn: dn(1),
  /** `{username}` is replaced by the escaped login name. */
  user_filter: Type.String({ maxLength: 512, pattern: '^\\(.*\\{username\\}.*\\)$' }),
  group_base_dn: dn(),
  /** `{dn}` is replaced by the user's escaped DN, `{username}` by the escaped login name. */
  group_filter: Type.String({ maxLength: 512, pattern: '^(\\(.*\\))?$' }),
  username_attribute: attribute,
  email_attribute: attribute,
  name_attribute: attribute,
  group_name_attribute: attribute,
  /** Members of this group sign in as admins (accounts created by the provider); empty: everyone is a user. */
  admin_group: Type.Optional(adminGroup),
};

/** An LDAP directory's settings as sent (the bind password too, never answered; empty keeps the stored one). */
export const ldapInput = Type.Object(
  { ...ldapFields, bind_password: Type.Optional(secret) },
  { additionalProperties: false },
);
/** An LDAP directory's settings as stored. */
export const ldapSettings = Type.Object(ldapFields);
export type LdapSettings = Static<typeof ldapSettings>;

const oidcFields = {
  issuer: Type.String({ maxLength: 512, pattern: '^https?://[^\\s?#]+$' }),
  client_id: Type.String({ minLength: 1, maxLength: 256, format: 'safe-text' }),
  scopes: Type.Array(
    Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x21\\x23-\\x5b\\x5d-\\x7e]+$' }),
    { maxItems: 20, uniqueItems: true },
  ),
  username_claim: claim(1),
  email_claim: claim(),
  name_claim: claim(),
  groups_claim: claim(),
  /** As for LDAP: members of this group sign in as admins. */
  admin_group: Type.Optional(adminGroup),
  /** The token and userinfo endpoints may be on another origin than the issuer (off by default). */
  allow_cross_origin_endpoints: Type.Optional(Type.Boolean()),
};

/** An OpenID Connect issuer's settings as sent (the client secret too, never answered). */
export const oidcInput = Type.Object(
  { ...oidcFields, client_secret: Type.Optional(secret) },
  { additionalProperties: false },
);
export const oidcSettings = Type.Object(oidcFields);
export type OidcSettings = Static<typeof oidcSettings>;

/** An identity provider as the API shows it: never its secret, only whether one is set. */
export const provider = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: stringEnum(PROVIDER_TYPES),
  enabled: Type.Boolean(),
  updated_at: epochMs(),
  ldap: Type.Optional(Type.Composite([ldapSettings, Type.Object({ has_bind_password: Type.Boolean() })])),
  oidc: Type.Optional(Type.Composite([oidcSettings, Type.Object({ has_client_secret: Type.Boolean() })])),
  /** OpenID providers: the console's callback, to register at the provider. */
  redirect_uri: Type.Optional(Type.String()),
});
export type Provider = Static<typeof provider>;

const providerFields = {
  name: Type.String({ minLength: 1, maxLength: 64, format: 'safe-text' }),
  type: stringEnum(['ldap', 'oidc'] as const),
  enabled: Type.Boolean(),
  ldap: Type.Optional(ldapInput),
  oidc: Type.Optional(oidcInput),
};

/** `POST {api}authentication/providers`, `PUT …/{id}`. */
export const providerBody = Type.Object(providerFields, { additionalProperties: false });
export type ProviderBody = Static<typeof providerBody>;

/** `POST {api}authentication/providers/test`: the form's settings, an optional stored provider and test user. */
export const providerTestBody = Type.Object(
  {
    name: Type.Optional(providerFields.name),
    type: providerFields.type,
    enabled: Type.Optional(providerFields.enabled),
    ldap: providerFields.ldap,
    oidc: providerFields.oidc,
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    test_username: Type.Optional(Type.String({ maxLength: 256, format: 'safe-text' })),
    test_password: Type.Optional(Type.String({ maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type ProviderTestBody = Static<typeof providerTestBody>;

/** A directory's user as a provider's settings map them (the check shows it; a sign-in links the account to it). */
export const mappedUser = Type.Object({
  /** The directory's name of the user (LDAP DN or OIDC subject). */
  subject: Type.String(),
  username: Type.String(),
  email: Type.String(),
  name: Type.String(),
  groups: Type.Array(Type.String()),
});
export type MappedUser = Static<typeof mappedUser>;

/** One step of a provider check (connect, bind, search the user, …) and what it found. */
export const providerCheckStep = Type.Object({
  step: Type.String(),
  ok: Type.Boolean(),
  message: Type.String(),
});
export type ProviderCheckStep = Static<typeof providerCheckStep>;

/** What checking a provider's settings found, step by step, and the test user as mapped (when one was given). */
export const providerCheck = Type.Object({
  ok: Type.Boolean(),
  steps: Type.Array(providerCheckStep),
  user: Type.Union([mappedUser, Type.Null()]),
});
export type ProviderCheck = Static<typeof providerCheck>;

export const providersQuery = listQuery(['name', 'type', 'enabled', 'updated_at'], {
  type: oneOf(PROVIDER_TYPES, 'Only providers of this kind.'),
});

// ---------------------------------------------------------------------------------------------------------------
// Services

/** The appliance services that authenticate people: the console, SSH and the API. */
export type ServiceId = 'console' | 'ssh' | 'api';
export const SERVICE_IDS = ['console', 'ssh', 'api'] as const;

/** A service and its providers in fallback order. */
export const authService = Type.Object({
  id: stringEnum(SERVICE_IDS),
  name: Type.String(),
  description: Type.String(),
  providers: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      type: stringEnum(PROVIDER_TYPES),
      enabled: Type.Boolean(),
    }),
  ),
});
export type AuthService = Static<typeof authService>;

export const serviceParams = Type.Object({ id: stringEnum(SERVICE_IDS) }, { additionalProperties: false });

/** `PUT {api}authentication/services/{id}`: the providers in fallback order. */
export const serviceBody = Type.Object(
  { provider_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 32 }) },
  { additionalProperties: false },
);
export type ServiceBody = Static<typeof serviceBody>;

export const servicesQuery = listQuery(['name', 'providers']);

// ---------------------------------------------------------------------------------------------------------------
// Self-service sign-up

/** `GET/PUT {api}authentication/signup`: who may sign up with the identity service. */
export const signupPolicy = Type.Object(
  {
    mode: stringEnum(SIGNUP_MODES),
    allowed_domains: Type.Array(Type.String({ maxLength: DOMAIN_ENTRY_MAX_LENGTH }), {
      maxItems: MAX_ALLOWED_DOMAINS,
    }),
  },
  { additionalProperties: false },
);

// ---------------------------------------------------------------------------------------------------------------
// Lockout

export const LOCKOUT_LIMITS = {
  attempts: { minimum: 1, maximum: 100 },
  window_seconds: { minimum: 1, maximum: 86400 },
  duration_seconds: { minimum: 1, maximum: 86400 },
} as const;
export const ALLOW_LIST_MAX = 100;

const lockoutRule = (attempts: { minimum: number; maximum: number }) =>
  Type.Object(
    {
      attempts: Type.Integer(attempts),
      window_seconds: Type.Integer(LOCKOUT_LIMITS.window_seconds),
    },
    { additionalProperties: false },
  );

const lockoutBase = {
  attempts: Type.Integer(LOCKOUT_LIMITS.attempts),
  window_seconds: Type.Integer(LOCKOUT_LIMITS.window_seconds),
  duration_seconds: Type.Integer(LOCKOUT_LIMITS.duration_seconds),
};
const accountRule = lockoutRule({ minimum: 1, maximum: 1000 });
const sourceRule = Type.Unsafe<{ attempts: number; window_seconds: number } | null>({
  anyOf: [{ type: 'null' }, lockoutRule({ minimum: 1, maximum: 10000 })],
});
const allowList = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: ALLOW_LIST_MAX });

/** `PUT {api}config/lockout`: the (account, address) rule; the other parts are optional (absent keeps them). */
export const lockoutPolicyBody = Type.Object(
  {
    ...lockoutBase,
    account: Type.Optional(accountRule),
    source: Type.Optional(sourceRule),
    allow_list: Type.Optional(allowList),
  },
  { additionalProperties: false },
);
export type LockoutPolicyBody = Static<typeof lockoutPolicyBody>;

/** `GET {api}config/lockout`: the whole policy. */
export const lockoutPolicy = Type.Object({
  ...lockoutBase,
  /** Per-account rule (failures of one name from every address). */
  account: accountRule,
  /** Per-source rule (failures from one address over every name); null when off. */
  source: sourceRule,
  /** Networks (CIDR, IPv4 or IPv6) never locked. */
  allow_list: Type.Array(Type.String()),
});
export type LockoutPolicy = Static<typeof lockoutPolicy>;

/** A safe-apply confirmation window (a stricter policy is kept only when an admin confirms it in time). */
export const confirmation = Type.Object({
  id: Type.String(),
  service: Type.String(),
  changes: Type.Array(Type.String()),
  deadline: epochMs(),
  seconds_left: Type.Number(),
});

/** The answer of `PUT {api}config/lockout`: the policy and, when it was stricter, its confirmation window. */
export const savedLockoutPolicy = Type.Composite([
  lockoutPolicy,
  Type.Object({ confirmation: Type.Union([confirmation, Type.Null()]) }),
]);

const signInService = stringEnum(SIGN_IN_SERVICES);

/** A lock of the queue (`GET {auth}/lockouts`). */
export const lockoutEntry = Type.Object({
  /** Null: an address refused for every name (per-source rule). */
  username: Type.Union([Type.String(), Type.Null()]),
  /** Client address the lock applies to; null = every address (per-name ceiling). */
  source: Type.Union([Type.String(), Type.Null()]),
  /** One lock for every entry point; this is the service that saw most of its failures (null when none is known). */
  service: Type.Union([signInService, Type.Null()]),
  /** Every service whose failures count toward the lock, most failures first. */
  services: Type.Array(Type.Object({ service: signInService, failures: Type.Integer({ minimum: 0 }) })),
  locked_until: Type.String(),
  seconds_left: Type.Integer({ minimum: 1 }),
});
export type LockoutEntry = Static<typeof lockoutEntry>;
export const lockouts = Type.Object({ data: Type.Array(lockoutEntry) });

export const lockoutNameParams = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 320 }) },
  { additionalProperties: false },
);
export const lockoutAddressParams = Type.Object(
  { address: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

/** `POST {api}users/lockout-simulation`: a candidate policy. */
export const lockoutSimulationBody = Type.Object(lockoutBase, { additionalProperties: false });
export type LockoutSimulationBody = Static<typeof lockoutSimulationBody>;

/** Who a candidate policy would have locked over the last days' recorded failures. */
export const lockoutSimulation = Type.Object({
  since: epochMs(),
  failures: Type.Integer({ minimum: 0 }),
  locks: Type.Array(
    Type.Object({
      username: Type.String(),
      source: Type.String(),
      service: stringEnum(SERVICE_IDS),
      locked_at: epochMs(),
    }),
  ),
});
export type LockoutSimulation = Static<typeof lockoutSimulation>;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints (registered from these by the appliance, called through them by the console)

export const getSignupPolicy = endpoint({
  method: 'GET',
  path: 'authentication/signup',
  response: signupPolicy,
  summary: 'Who may sign up with the identity service',
});

export const putSignupPolicy = endpoint({
  method: 'PUT',
  path: 'authentication/signup',
  body: signupPolicy,
  response: signupPolicy,
  summary: 'Change who may sign up with the identity service',
});

export const getLockoutPolicy = endpoint({
  method: 'GET',
  path: 'config/lockout',
  response: lockoutPolicy,
  summary: 'The lockout policy',
});

export const putLockoutPolicy = endpoint({
  method: 'PUT',
  path: 'config/lockout',
  body: lockoutPolicyBody,
  response: savedLockoutPolicy,
  summary: 'Change the lockout policy (a stricter one waits for a confirmation)',
});

export const simulateLockoutPolicy = endpoint({
  method: 'POST',
  path: 'users/lockout-simulation',
  body: lockoutSimulationBody,
  response: lockoutSimulation,
  summary: 'Whom a candidate lockout policy would have locked over the recorded failures',
});

export const putService = endpoint({
  method: 'PUT',
  path: 'authentication/services/:id',
  params: serviceParams,
  body: serviceBody,
  response: authService,
  summary: 'Set the providers of a service, in fallback order',
});

export const createUser = endpoint({
  method: 'POST',
  path: 'users',
  body: newAccountBody,
  response: createdAccount,
  status: 201,
  summary: 'Add a user (the answer holds a one-time password, shown once)',
});

export const endUserSessions = endpoint({
  method: 'DELETE',
  path: 'users/:id/sessions',
  params: idParams,
  response: endedSessions,
  summary: 'End every session of a user',
});

export const resetUserSecondFactors = endpoint({
  method: 'DELETE',
  path: 'users/:id/second-factors',
  params: idParams,
  status: 204,
  summary: 'Remove a user’s second factors (authenticator app and security keys)',
});

export const createGroup = endpoint({
  method: 'POST',
  path: 'groups',
  body: newGroupBody,
  response: group,
  status: 201,
  summary: 'Add a group',
});

export const createProvider = endpoint({
  method: 'POST',
  path: 'authentication/providers',
  body: providerBody,
  response: provider,
  status: 201,
  summary: 'Add an LDAP or OpenID Connect provider',
});

export const putProvider = endpoint({
  method: 'PUT',
  path: 'authentication/providers/:id',
  params: idParams,
  body: providerBody,
  response: provider,
  summary: 'Change a provider (the local provider is built in)',
});

export const testProvider = endpoint({
  method: 'POST',
  path: 'authentication/providers/test',
  body: providerTestBody,
  response: providerCheck,
  summary: 'Check a provider’s settings against the server before saving them',
});

/** The lock queue lives under the auth base, which is `{api}auth` by default (the console's paths assume it). */
export const getLockouts = endpoint({
  method: 'GET',
  path: 'auth/lockouts',
  response: lockouts,
  summary: 'Names and addresses refused now, with the time left',
});

export const unlockName = endpoint({
  method: 'DELETE',
  path: 'auth/lockouts/:name',
  params: lockoutNameParams,
  status: 204,
  summary: 'Lift every lock of a name and forget its failures',
});

export const unlockSource = endpoint({
  method: 'DELETE',
  path: 'auth/lockouts/source/:address',
  params: lockoutAddressParams,
  status: 204,
  summary: 'Forget the failures of an address locked for every name',
});

// "Your account": the signed-in account's own endpoints.

export const getMySignIns = endpoint({
  method: 'GET',
  path: 'users/me/sign-ins',
  response: mySignIns,
  summary: 'Your recent sign-ins, open sessions, password age and second factors',
});

export const newTotp = endpoint({
  method: 'GET',
  path: 'users/me/second-factors/totp/new',
  response: totpEnrolment,
  summary: 'A new authenticator-app secret with its otpauth URI and QR code (kept by nobody until confirmed)',
});

export const confirmTotp = endpoint({
  method: 'PUT',
  path: 'users/me/second-factors/totp',
  body: totpConfirmBody,
  response: totpConfirmed,
  summary: 'Turn on two-factor with a code of the new secret',
});

// ---------------------------------------------------------------------------------------------------------------
// The entity pages' own calls: an account's or group's change and deletion, the lists' bulk actions

export const listUsers = endpoint({
  ...routes.listUsers,
  query: usersQuery,
  response: listPage(account),
  summary: 'The local accounts, one page, with their groups',
});

export const listGroups = endpoint({
  ...routes.listGroups,
  query: groupsQuery,
  response: listPage(group),
  summary: 'The groups, one page, with their members and privileges',
});

export const listProviders = endpoint({
  method: 'GET',
  path: 'authentication/providers',
  query: providersQuery,
  response: listPage(provider),
  summary: 'The sign-in providers, one page (never a secret, only whether one is set)',
});

export const listServices = endpoint({
  method: 'GET',
  path: 'authentication/services',
  query: servicesQuery,
  response: listPage(authService),
  summary: 'The services that authenticate people, with their providers in fallback order',
});

export const getUser = endpoint({
  method: 'GET',
  path: 'users/:id',
  params: idParams,
  response: accountDetail,
  summary: 'An account with its sign-in record, security keys and open sessions',
});

export const putUser = endpoint({
  method: 'PUT',
  path: 'users/:id',
  params: idParams,
  body: accountBody,
  response: account,
  summary: 'Change an account (the admin role, a recent sign-in)',
});

export const deleteUser = endpoint({
  method: 'DELETE',
  path: 'users/:id',
  params: idParams,
  status: 204,
  summary: 'Delete an account (never the last admin nor your own)',
});

export const usersBulk = endpoint({
  method: 'POST',
  path: 'users/bulk',
  body: usersBulkBody,
  response: usersBulkAnswer,
  summary: 'Enable, disable or delete many accounts in one request',
});

export const getGroup = endpoint({
  method: 'GET',
  path: 'groups/:id',
  params: idParams,
  response: group,
  summary: 'A group: its members and the privileges it grants',
});

export const putGroup = endpoint({
  method: 'PUT',
  path: 'groups/:id',
  params: idParams,
  body: groupBody,
  response: group,
  summary: 'Change a group: its name, members and privileges',
});

export const deleteGroup = endpoint({
  method: 'DELETE',
  path: 'groups/:id',
  params: idParams,
  status: 204,
  summary: 'Delete a group (its members lose what it granted)',
});

export const groupsBulk = endpoint({
  method: 'POST',
  path: 'groups/bulk',
  body: groupsBulkBody,
  response: groupsBulkAnswer,
  summary: 'Delete many groups in one request',
});

export const deleteProvider = endpoint({
  method: 'DELETE',
  path: 'authentication/providers/:id',
  params: idParams,
  status: 204,
  summary: 'Remove a provider (the local provider is built in)',
});

export const getProvider = endpoint({
  method: 'GET',
  path: 'authentication/providers/:id',
  params: idParams,
  response: provider,
  summary: 'A provider’s settings (never its secret, only whether one is set)',
});

export const getService = endpoint({
  method: 'GET',
  path: 'authentication/services/:id',
  params: serviceParams,
  response: authService,
  summary: 'A service and its providers in fallback order',
});

/** The longest password of a local account (the appliance's policy, src/appliance/auth/passwords.ts). */
export const PASSWORD_MAX_LENGTH = 256;

// ---------------------------------------------------------------------------------------------------------------
// The session's lifetime, under the auth base (`{api}auth` by default; src/appliance/auth/sessionRoutes.ts)

/** The session's times: ISO strings and seconds, so clocks that differ do not matter. */
export const sessionStatus = Type.Object({
  username: Type.String(),
  expires_at: Type.String({ description: 'When the session ends (idle or absolute end, the sooner).' }),
  expires_in_seconds: Type.Integer({ minimum: 0 }),
  absolute: Type.Boolean({ description: 'The end is the absolute one: extending cannot move it.' }),
  absolute_expires_at: Type.String(),
  idle_timeout_seconds: Type.Integer(),
  warn_seconds: Type.Integer({ description: 'How long before the end the console warns.' }),
  authenticated_at: Type.String({ description: 'The last sign-in or re-authentication.' }),
  reauth_max_age_seconds: Type.Integer(),
});
export type SessionStatus = Static<typeof sessionStatus>;

export const getSession = endpoint({
  ...routes.getSession,
  response: sessionStatus,
  summary: 'The session’s times (the console’s heartbeat: reading it is not activity)',
});

export const extendSession = endpoint({
  ...routes.extendSession,
  response: sessionStatus,
  summary: 'Stay signed in: the idle timer starts again (never past the absolute end)',
});

export const reauthenticate = endpoint({
  ...routes.reauthenticate,
  body: Type.Object(
    {
      password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })),
      otp: Type.Optional(Type.String({ maxLength: 16 })),
    },
    { additionalProperties: false },
  ),
  response: sessionStatus,
  summary: 'Your password or one-time code again, for sensitive changes (counted like a sign-in)',
});

/** The shortest password of a local account (the appliance's policy, src/appliance/auth/passwords.ts). */
export const PASSWORD_MIN_LENGTH = 10;

// ---------------------------------------------------------------------------------------------------------------
// Signing in, under the auth base (`{api}auth` by default; src/appliance/auth/routes.ts, serviceAuthRoutes.ts,
// src/appliance/providers/signin.ts). The login's and the password change's paths follow the appliance's settings
// (`authLoginPath`, `authChangePasswordPath`): both sides place these descriptors there with `atPath` (endpoint.ts).

/** A sign-in takes longer names than an account may have (a provider's, an e-mail address). */
const SIGN_IN_NAME_MAX = 128;
const OTP_MAX = 16;

const signInUsername = Type.String({
  minLength: 1,
  maxLength: SIGN_IN_NAME_MAX,
  description: 'The account’s name.',
});
const signInPassword = Type.String({ maxLength: PASSWORD_MAX_LENGTH });
const signInOtp = Type.String({
  maxLength: OTP_MAX,
  description: 'The authenticator app’s one-time code, when the account has one.',
});

/** `?return_to=`: the page first asked for, answered as the redirect_uri of the login that issues the session. */
export const returnToQuery = Type.Object(
  {
    return_to: Type.Optional(
      Type.String({
        maxLength: 2048,
        description:
          'The page to land on after signing in (a local path or an allowed origin; `/` otherwise).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** A way to log in the setup offers (spec §7 login_methods): the form, or an OpenID provider's button. */
export const loginMethod = Type.Object({
  type: stringEnum(['form_login', 'otp_login', 'oauth']),
  provider: Type.Optional(Type.String({ description: 'The provider’s name on its button (`oauth`).' })),
  login_url: Type.Optional(Type.String({ description: 'Where its button goes (`oauth`).' })),
});
export type LoginMethodAnswer = Static<typeof loginMethod>;

export const loginSetup = Type.Object({
  login_methods: Type.Array(loginMethod),
  isOffline: Type.Boolean({ description: 'The identity service does not answer its readiness check now.' }),
  login_logo: nullable(Type.String({ description: 'The custom logo’s address, if any.' })),
  login_background: nullable(Type.String({ description: 'The custom background’s address, if any.' })),
  login_title: nullable(Type.String({ description: 'The custom title (none: the screen keeps its own).' })),
  signup: stringEnum(SIGNUP_MODES, { description: 'Who may sign up (the list of domains stays private).' }),
});
export type LoginSetupAnswer = Static<typeof loginSetup>;

export const getLoginSetup = endpoint({
  ...routes.getLoginSetup,
  response: loginSetup,
  summary: 'How one may log in, whether the identity service answers, and the login screen’s custom look',
});

/** The login, the password change and the logout answer where the browser goes next. */
const redirectAnswer = Type.Object({
  data: Type.Object({
    redirect_uri: Type.String({ description: 'The page to go to next.' }),
  }),
});

export const loginAnswer = Type.Object({
  data: Type.Object({
    redirect_uri: Type.String({
      description: 'The page to go to: the one asked for, or the password change on first access.',
    }),
    access_token: Type.Optional(
      Type.String({ description: 'Bearer mode only: the session’s token (no session cookie then).' }),
    ),
  }),
});
export type LoginAnswer = Static<typeof loginAnswer>;

export const loginBody = Type.Object(
  { username: signInUsername, password: signInPassword, otp: Type.Optional(signInOtp) },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof loginBody>;

export const login = endpoint({
  ...routes.login,
  query: returnToQuery,
  body: loginBody,
  response: loginAnswer,
  summary:
    'Sign in to the console: a session (cookie), or a 401 asking for the one-time code or the security key',
});

/** The browser's answer to a security-key prompt (a serialised PublicKeyCredential; its fields are checked). */
const webAuthnCredential = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  description: 'The browser’s PublicKeyCredential as JSON (base64url strings for its bytes).',
});

export const securityKeyLoginBody = Type.Object(
  {
    ticket: Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'The ticket of the password step’s 401.',
    }),
    credential: webAuthnCredential,
  },
  { additionalProperties: false },
);

export const loginWithSecurityKey = endpoint({
  ...routes.loginWithSecurityKey,
  query: returnToQuery,
  body: securityKeyLoginBody,
  response: loginAnswer,
  summary: 'Finish a sign-in with the security key (after the password step’s 401)',
});

export const changePasswordBody = Type.Object(
  {
    username: signInUsername,
    password: signInPassword,
    new_password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
    otp: Type.Optional(signInOtp),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof changePasswordBody>;

export const changePassword = endpoint({
  ...routes.changePassword,
  query: returnToQuery,
  body: changePasswordBody,
  response: redirectAnswer,
  summary: 'Change your password with the current one (first access too); every session of the account ends',
});

export const logout = endpoint({
  ...routes.logout,
  response: redirectAnswer,
  summary: 'Sign out: the session ends and its cookies are cleared',
});

export const tokenAnswer = Type.Object({
  access_token: Type.String({ description: 'Send it as `Authorization: Bearer <access_token>`.' }),
  token_type: stringEnum(['Bearer']),
  expires_in: Type.Integer({ minimum: 0, description: 'Seconds the token lasts at most.' }),
});

export const issueToken = endpoint({
  method: 'POST',
  path: 'auth/token',
  body: loginBody,
  form: true,
  response: tokenAnswer,
  summary: 'A bearer token for a program (no cookie, no XSRF header)',
});

export const sshAuthenticate = endpoint({
  method: 'POST',
  path: 'auth/internal/ssh-auth',
  body: Type.Object(
    {
      username: signInUsername,
      password: signInPassword,
      rhost: Type.Optional(
        Type.String({
          maxLength: 255,
          pattern: '^[A-Za-z0-9.:%_-]*$',
          description: 'sshd’s PAM_RHOST: the SSH client’s address (a host name only with `UseDNS yes`).',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  status: 204,
  summary: 'The SSH helper’s password check (this machine only, with the helper’s secret)',
});

export const oidcStart = endpoint({
  method: 'GET',
  path: 'auth/oidc/:id/start',
  params: idParams,
  query: returnToQuery,
  redirect: {
    status: 303,
    description:
      'To the provider’s sign-in page; to the login page with the failure notice when it is unavailable.',
  },
  summary: 'Start signing in to the console through an OpenID provider',
});

export const oidcCallback = endpoint({
  method: 'GET',
  path: 'auth/oidc/:id/callback',
  params: idParams,
  // What the provider sends back; it may add parameters of its own (`session_state`, `scope`, …).
  query: Type.Object(
    {
      state: Type.Optional(
        Type.String({ description: 'The state the sign-in started with (this browser’s).' }),
      ),
      code: Type.Optional(Type.String({ description: 'The authorization code.' })),
      iss: Type.Optional(Type.String({ description: 'The provider’s issuer.' })),
      error: Type.Optional(Type.String({ description: 'Why the provider did not sign the user in.' })),
      error_description: Type.Optional(Type.String()),
    },
    { additionalProperties: true },
  ),
  redirect: {
    status: 303,
    description:
      'To the page first asked for, signed in; to the login page with the failure notice when the sign-in fails.',
  },
  summary: 'The OpenID provider’s answer: the console’s session, then the page first asked for',
});

// ---------------------------------------------------------------------------------------------------------------
// The signed-in account's security keys (src/appliance/users/securityKeyRoutes.ts)

export const listMySecurityKeys = endpoint({
  method: 'GET',
  path: 'users/me/second-factors/webauthn',
  response: mySecurityKeys,
  summary: 'Your security keys (name, added, last used)',
});

const credentialDescriptor = Type.Object({
  type: stringEnum(['public-key']),
  id: Type.String({ description: 'The credential id (base64url).' }),
});

/**
 * The security-key step a password step's 401 carries (`detail.webauthn`, beside `second_factors`): the ticket to
 * send back to `loginWithSecurityKey` and what `navigator.credentials.get()` takes (base64url strings for its bytes).
 */
export const securityKeyStep = Type.Object({
  ticket: Type.String(),
  publicKey: Type.Object({
    challenge: Type.String({ description: 'base64url' }),
    rpId: Type.String(),
    timeout: Type.Integer({ description: 'Milliseconds.' }),
    userVerification: Type.String(),
    allowCredentials: Type.Array(credentialDescriptor, {
      description: 'The account’s keys registered for this address.',
    }),
  }),
});
export type SecurityKeyStep = Static<typeof securityKeyStep>;

/** What `navigator.credentials.create()` takes, with base64url strings for its bytes. */
export const securityKeyRegistration = Type.Object({
  ticket: Type.String({ description: 'Names this registration: send it back with the browser’s answer.' }),
  publicKey: Type.Object({
    challenge: Type.String({ description: 'base64url' }),
    rp: Type.Object({ id: Type.String(), name: Type.String() }),
    user: Type.Object({
      id: Type.String({ description: 'The account’s user handle (base64url).' }),
      name: Type.String(),
      displayName: Type.String(),
    }),
    pubKeyCredParams: Type.Array(Type.Object({ type: stringEnum(['public-key']), alg: Type.Integer() })),
    timeout: Type.Integer({ description: 'Milliseconds.' }),
    attestation: Type.String(),
    authenticatorSelection: Type.Object({
      userVerification: Type.String(),
      residentKey: Type.String(),
      requireResidentKey: Type.Boolean(),
    }),
    excludeCredentials: Type.Array(credentialDescriptor, {
      description: 'The keys registered already (the browser refuses to add one twice).',
    }),
  }),
});
export type SecurityKeyRegistration = Static<typeof securityKeyRegistration>;

export const startSecurityKeyRegistration = endpoint({
  method: 'POST',
  path: 'users/me/second-factors/webauthn/options',
  // Nothing to say (an empty object, or null).
  body: Type.Unsafe<Record<string, never> | null>({
    type: ['object', 'null'],
    additionalProperties: false,
    properties: {},
  }),
  response: securityKeyRegistration,
  summary: 'Start adding a security key: a ticket and the options for the browser’s prompt',
});

export const addSecurityKey = endpoint({
  method: 'POST',
  path: 'users/me/second-factors/webauthn',
  body: Type.Object(
    {
      ticket: Type.String({ minLength: 1, maxLength: 128 }),
      name: Type.Optional(
        Type.String({
          maxLength: SECURITY_KEY_NAME_MAX,
          format: 'safe-text',
          description: 'What to call it (a default name when empty).',
        }),
      ),
      credential: webAuthnCredential,
    },
    { additionalProperties: false },
  ),
  response: securityKeySummary,
  status: 201,
  summary: 'Add the security key the browser created',
});

export const removeSecurityKey = endpoint({
  method: 'DELETE',
  path: 'users/me/second-factors/webauthn/:id',
  params: idParams,
  status: 204,
  summary: 'Remove one of your security keys',
});
