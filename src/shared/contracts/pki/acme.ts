/**
 * ACME (`{api}pki/acme`): accounts and orders, an order's settings and its live state (a stream).
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { stream } from '../stream';
import { orNull, stringEnum } from '../fields';
import { listPage, listQuery, oneOf } from '../listing';
import { deleteBulk, id, iso, keyType, nameField, objectId, pemField, pkiIdParams } from './shared';

export const ordersQuery = listQuery(['names', 'account_name', 'status', 'not_after', 'created_at'], {
  account_id: id('Only orders of this ACME account.'),
  status: oneOf(['pending', 'ready', 'processing', 'valid', 'invalid'], 'Only orders in this state.'),
});

export const ORDER_STATUSES = ['pending', 'ready', 'processing', 'valid', 'invalid'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An ACME order as `{api}pki/acme/orders` lists it. */
export const acmeOrder = Type.Object({
  id: Type.String(),
  account_id: Type.String(),
  /** Null once its account is gone. */
  account_name: orNull(Type.String()),
  names: Type.Array(Type.String()),
  key_type: keyType,
  status: stringEnum(ORDER_STATUSES),
  detail: orNull(Type.String()),
  certificate_id: orNull(Type.String()),
  not_after: orNull(iso()),
  renew_at: orNull(iso()),
  auto_renew: Type.Boolean(),
  renew_before_days: Type.Integer(),
  renews_order_id: orNull(Type.String()),
  renewed_by_order_id: orNull(Type.String()),
  created_at: iso(),
  updated_at: iso(),
});

export type AcmeOrder = Static<typeof acmeOrder>;

/** An ACME account (`{api}pki/acme/accounts`). */
export const acmeAccount = Type.Object({
  id: Type.String(),
  name: Type.String(),
  directory_url: Type.String(),
  email: Type.String(),
  account_url: orNull(Type.String()),
  has_trust: Type.Boolean(),
  orders: Type.Integer({ minimum: 0 }),
  created_at: iso(),
});

export type AcmeAccount = Static<typeof acmeAccount>;

export const acmeAccounts = Type.Object({ data: Type.Array(acmeAccount) });

export type AcmeAccounts = Static<typeof acmeAccounts>;

export const listAcmeOrders = endpoint({
  method: 'GET',
  path: 'pki/acme/orders',
  query: ordersQuery,
  response: listPage(acmeOrder),
  summary: 'The ACME orders, one page',
});

/** `POST {api}pki/acme/accounts`: an account with an ACME directory (the terms must be agreed to). */
export const acmeAccountBody = Type.Object(
  {
    name: nameField(),
    directory_url: Type.String({ maxLength: 2048, pattern: '^https://[^\\s"<>]+$' }),
    email: Type.String({ maxLength: 254, format: 'email' }),
    key_type: Type.Optional(keyType),
    terms_of_service_agreed: Type.Literal(true),
    trust_pem: Type.Optional(pemField('A private ACME server’s root, PEM, trusted for this account only.')),
  },
  { additionalProperties: false },
);

export type AcmeAccountBody = Static<typeof acmeAccountBody>;

/** `POST {api}pki/acme/orders`: a certificate for these names from an ACME account (HTTP-01). */
export const acmeOrderBody = Type.Object(
  {
    account_id: objectId('The ACME account to order with.'),
    names: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { minItems: 1, maxItems: 100 }),
    key_type: Type.Optional(keyType),
    auto_renew: Type.Optional(Type.Boolean()),
    renew_before_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
  },
  { additionalProperties: false },
);

export type AcmeOrderBody = Static<typeof acmeOrderBody>;

export const createAcmeAccount = endpoint({
  method: 'POST',
  path: 'pki/acme/accounts',
  body: acmeAccountBody,
  response: acmeAccount,
  status: 201,
  summary: 'Register an account with an ACME directory',
});

export const createAcmeOrder = endpoint({
  method: 'POST',
  path: 'pki/acme/orders',
  body: acmeOrderBody,
  response: acmeOrder,
  status: 202,
  summary: 'Order a certificate from an ACME account (it proceeds in the background)',
});

/** `PATCH {api}pki/acme/orders/{id}`: an order's renewal settings. */
export const acmeOrderSettingsBody = Type.Object(
  {
    auto_renew: Type.Optional(Type.Boolean()),
    renew_before_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
  },
  { additionalProperties: false },
);

export type AcmeOrderSettingsBody = Static<typeof acmeOrderSettingsBody>;

export const patchAcmeOrder = endpoint({
  method: 'PATCH',
  path: 'pki/acme/orders/:id',
  params: pkiIdParams,
  body: acmeOrderSettingsBody,
  response: acmeOrder,
  summary: 'Change an ACME order’s renewal settings',
});

/** `GET /eos/pki/acme/orders/{id}/stream`: an order's changing fields (the current state first). */
export const acmeOrderState = Type.Object(
  {
    id: Type.String(),
    status: stringEnum(ORDER_STATUSES),
    detail: orNull(Type.String()),
    certificate_id: orNull(Type.String()),
    updated_at: iso(),
  },
  { description: 'The order’s state: its status, why, and the certificate once valid.' },
);

export type AcmeOrderState = Static<typeof acmeOrderState>;

export const acmeOrderStream = stream({
  path: 'pki/acme/orders/:id/stream',
  params: pkiIdParams,
  events: {
    state: acmeOrderState,
    end: Type.Object(
      { id: Type.String(), status: stringEnum(ORDER_STATUSES) },
      { description: 'The order is valid or invalid; nothing more comes.' },
    ),
    reconnect: Type.Object({}, { description: 'Come back with Last-Event-ID (a slow client).' }),
  },
  summary: 'Follow an ACME order until it is valid or invalid',
});

export const listAcmeAccounts = endpoint({
  method: 'GET',
  path: 'pki/acme/accounts',
  response: acmeAccounts,
  summary: 'The ACME accounts (every one: there are few)',
});

export const getAcmeAccount = endpoint({
  method: 'GET',
  path: 'pki/acme/accounts/:id',
  params: pkiIdParams,
  response: acmeAccount,
  summary: 'An ACME account',
});

export const deleteAcmeAccount = endpoint({
  method: 'DELETE',
  path: 'pki/acme/accounts/:id',
  params: pkiIdParams,
  status: 204,
  summary: 'Delete an ACME account and its orders (not while one of them is in progress)',
});

export const getAcmeOrder = endpoint({
  method: 'GET',
  path: 'pki/acme/orders/:id',
  params: pkiIdParams,
  response: acmeOrder,
  summary: 'An ACME order (poll it, or follow its stream)',
});

export const deleteAcmeOrder = endpoint({
  method: 'DELETE',
  path: 'pki/acme/orders/:id',
  params: pkiIdParams,
  status: 204,
  summary: 'Delete an ACME order (not one still in progress)',
});

export const acmeOrdersBulk = deleteBulk(
  'pki/acme/orders/bulk',
  'Delete many ACME orders in one request (those in progress are kept)',
);
