/**
 * Identity providers (`{api}authentication/providers`): LDAP directories and OpenID Connect issuers, their
 * settings (secrets are sent, never answered) and the check of a provider's settings before they are saved.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { epochMs, nullable, stringEnum } from '../fields';
import { listPage, listQuery, oneOf } from '../listing';
import { idParams } from './shared';

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

export const listProviders = endpoint({
  method: 'GET',
  path: 'authentication/providers',
  query: providersQuery,
  response: listPage(provider),
  summary: 'The sign-in providers, one page (never a secret, only whether one is set)',
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
