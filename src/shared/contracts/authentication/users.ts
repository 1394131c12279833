/**
 * Local accounts (`{api}users`): the account as listed and in detail, its creation (with a one-time
 * password shown once), change, deletion, bulk actions, sessions and second factors.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import * as routes from '../routes';
import { epochMs, nullable, stringEnum } from '../fields';
import { listPage, listQuery, oneOf } from '../listing';
import { counted, idList, idParams } from './shared';

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

export const secondFactor = Type.Object({
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

export const listUsers = endpoint({
  ...routes.listUsers,
  query: usersQuery,
  response: listPage(account),
  summary: 'The local accounts, one page, with their groups',
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
