/**
 * The PKI's contract: what the certificate, authority, revocation-list and ACME routes answer (the views the
 * console's PKI pages read and the appliance's `caView`, `certView`, `crlView`, `orderView`… build), and their list
 * queries: which fields sort, which filter (see `listing.ts` for the shared part). Times are ISO 8601 strings.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { enumOf, orNull } from './fields';
import { listQuery, oneOf } from './listing';

/** An object's id as the PKI writes it. */
const id = (description: string) => Type.String({ pattern: '^[A-Za-z0-9_.-]{1,128}$', description });

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked', 'not_yet_valid'] as const;

export const certificatesQuery = listQuery(
  ['name', 'status', 'ca_name', 'source', 'not_after', 'created_at'],
  {
    ca_id: id('Only certificates this authority issued.'),
    status: oneOf(CERTIFICATE_STATUSES, 'Only certificates in this state.'),
    source: oneOf(['issued', 'csr', 'imported', 'acme'], 'Only certificates that came this way.'),
    expires_within_days: Type.String({
      pattern: '^[1-9][0-9]{0,4}$',
      description: 'Only valid certificates that expire within this many days (1 to 99999).',
    }),
  },
);

export const casQuery = listQuery(['name', 'kind', 'status', 'not_after', 'created_at'], {
  kind: oneOf(['root', 'intermediate'], 'Only roots or only intermediates.'),
});

export const crlsQuery = listQuery(
  ['name', 'ca_name', 'status', 'number', 'entries', 'next_update', 'created_at'],
  {
    ca_id: id('Only lists of this authority.'),
    source: oneOf(['generated', 'imported'], 'Only lists the appliance built, or only imported ones.'),
  },
);

export const ordersQuery = listQuery(['names', 'account_name', 'status', 'not_after', 'created_at'], {
  account_id: id('Only orders of this ACME account.'),
  status: oneOf(['pending', 'ready', 'processing', 'valid', 'invalid'], 'Only orders in this state.'),
});

export const KEY_TYPES = ['rsa-2048', 'rsa-3072', 'rsa-4096', 'ec-p256', 'ec-p384'] as const;
export type KeyType = (typeof KEY_TYPES)[number];
export const keyType = enumOf(KEY_TYPES);
export type CertStatus = (typeof CERTIFICATE_STATUSES)[number];
const certStatus = enumOf(CERTIFICATE_STATUSES);
const iso = () => Type.String({ description: 'An ISO 8601 time.' });

/** One link of a chain: the certificate above, as far as known. */
export const chainLink = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  not_after: iso(),
  fingerprint_sha256: Type.String(),
});
export type ChainLink = Static<typeof chainLink>;

/** A certificate authority as `{api}pki/cas` lists it. */
export const certificateAuthority = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: enumOf(['root', 'intermediate'] as const),
  parent_id: orNull(Type.String()),
  source: enumOf(['created', 'imported'] as const),
  has_private_key: Type.Boolean(),
  status: certStatus,
  /** Null when the subject names no common name. */
  common_name: orNull(Type.String()),
  subject: Type.String(),
  issuer: Type.String(),
  serial: Type.String(),
  fingerprint_sha256: Type.String(),
  not_before: iso(),
  not_after: iso(),
  /** Null for a key algorithm the appliance does not name. */
  key_algorithm: orNull(Type.String()),
  path_length: orNull(Type.Integer()),
  key_usage: Type.Array(Type.String()),
  crl_validity_hours: Type.Number(),
  /** The public CRL address written into certificates that point to the appliance's CRL. */
  public_crl_url: Type.Optional(Type.String()),
  certificates: Type.Integer({ minimum: 0 }),
  revoked: Type.Integer({ minimum: 0 }),
  crl: orNull(
    Type.Object({ id: Type.String(), number: Type.Integer(), this_update: iso(), next_update: iso() }),
  ),
  created_at: iso(),
});
export type CertificateAuthority = Static<typeof certificateAuthority>;

/** One authority with its chain and PEM (`{api}pki/cas/{id}`). */
export const certificateAuthorityDetail = Type.Composite([
  certificateAuthority,
  Type.Object({ signature_algorithm: Type.String(), chain: Type.Array(chainLink), pem: Type.String() }),
]);
export type CertificateAuthorityDetail = Static<typeof certificateAuthorityDetail>;

/** Subject alternative names by kind. */
export const sans = Type.Object({
  dns: Type.Array(Type.String()),
  ip: Type.Array(Type.String()),
  uri: Type.Array(Type.String()),
  email: Type.Array(Type.String()),
});
export type Sans = Static<typeof sans>;

export const CERTIFICATE_PROFILES = ['server', 'client', 'other'] as const;
export const CERTIFICATE_SOURCES = ['issued', 'csr', 'imported', 'acme'] as const;

/** A certificate as `{api}pki/certificates` lists it. */
export const certificate = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ca_id: orNull(Type.String()),
  ca_name: orNull(Type.String()),
  profile: enumOf(CERTIFICATE_PROFILES),
  source: enumOf(CERTIFICATE_SOURCES),
  status: certStatus,
  /** Null when the subject names no common name. */
  common_name: orNull(Type.String()),
  subject: Type.String(),
  issuer: Type.String(),
  serial: Type.String(),
  sans,
  not_before: iso(),
  not_after: iso(),
  /** Null for a key algorithm the appliance does not name. */
  key_algorithm: orNull(Type.String()),
  has_private_key: Type.Boolean(),
  fingerprint_sha256: Type.String(),
  revoked_at: orNull(iso()),
  revocation_reason: orNull(Type.String()),
  renewed_from: orNull(Type.String()),
  renewed_by: orNull(Type.String()),
  /** Which parts of the appliance use it (the console's HTTPS, an LDAP provider's trust, …). */
  used_by: Type.Array(Type.String()),
  created_at: iso(),
});
export type Certificate = Static<typeof certificate>;

/** One certificate with its extensions, chain and PEM (`{api}pki/certificates/{id}`). */
export const certificateDetail = Type.Composite([
  certificate,
  Type.Object({
    signature_algorithm: Type.String(),
    key_usage: Type.Array(Type.String()),
    extended_key_usage: Type.Array(Type.String()),
    crl_distribution_points: Type.Array(Type.String()),
    chain: Type.Array(chainLink),
    pem: Type.String(),
  }),
]);
export type CertificateDetail = Static<typeof certificateDetail>;

/** A revocation list as `{api}pki/crls` lists it. */
export const revocationList = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ca_id: orNull(Type.String()),
  ca_name: orNull(Type.String()),
  source: enumOf(['generated', 'imported'] as const),
  status: enumOf(['current', 'superseded', 'expired'] as const),
  issuer: Type.String(),
  number: orNull(Type.Integer()),
  this_update: iso(),
  next_update: orNull(iso()),
  entries: Type.Integer({ minimum: 0 }),
  created_at: iso(),
});
export type RevocationList = Static<typeof revocationList>;

/** One list with its entries (`{api}pki/crls/{id}`). */
export const revocationListDetail = Type.Composite([
  revocationList,
  Type.Object({
    signature_algorithm: Type.String(),
    revoked: Type.Array(
      Type.Object({ serial: Type.String(), revocation_date: iso(), reason: orNull(Type.String()) }),
    ),
  }),
]);
export type RevocationListDetail = Static<typeof revocationListDetail>;

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
  status: enumOf(ORDER_STATUSES),
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

/** What a bulk action of a PKI list answers: the ids done, and those refused with the single endpoint's reason. */
export const bulkAnswer = Type.Object({
  done: Type.Array(Type.String()),
  refused: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), reason: Type.String() })),
});
export type BulkAnswer = Static<typeof bulkAnswer>;

/** A certificate the lifecycle board watches (not revoked, not renewed, expiring within its horizon). */
export const watchedCertificate = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ca_id: orNull(Type.String()),
  profile: enumOf(CERTIFICATE_PROFILES),
  not_after: iso(),
  used_by: Type.Array(Type.String()),
});
export type WatchedCertificate = Static<typeof watchedCertificate>;

/** `GET {api}pki/certificates/summary`: counts over every certificate, for the lifecycle board. */
export const certificateSummary = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  by_status: Type.Object(
    Object.fromEntries(CERTIFICATE_STATUSES.map((st) => [st, Type.Integer({ minimum: 0 })])) as Record<
      CertStatus,
      ReturnType<typeof Type.Integer>
    >,
  ),
  /** Valid certificates whose end falls within 7 and within 30 days. */
  expiring: Type.Object({ days_7: Type.Integer({ minimum: 0 }), days_30: Type.Integer({ minimum: 0 }) }),
  /** The horizon of `watched`, in days. */
  horizon_days: Type.Integer(),
  /**
   * Watched certificates (not revoked, not renewed, not yet ended, ending within the horizon), soonest end first:
   * the board's first `WATCHED_SHOWN` and every one ending within `EXPIRY_WARNING_DAYS` (its banner), at most
   * `WATCHED_MAX`; `watched_total` counts them all.
   */
  watched: Type.Array(watchedCertificate),
  watched_total: Type.Integer({ minimum: 0 }),
  /** Certificates that ended and were neither renewed nor revoked. */
  expired_unrenewed: Type.Integer({ minimum: 0 }),
});
export type CertificateSummary = Static<typeof certificateSummary>;

/** A certificate this close to its end is flagged (amber) on the lists and gets an expiry banner. */
export const EXPIRY_WARNING_DAYS = 14;
/** The board's timeline: the soonest ends; the rest are a link to the list filtered to them. */
export const WATCHED_SHOWN = 5;
/** Enough for one expiry banner per certificate within the warning days. */
export const WATCHED_MAX = 1000;
export const SUMMARY_HORIZON_DAYS = 90;

/** An object's id in the path (`pki/certificates/{id}`). */
export const pkiIdParams = Type.Object(
  { id: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,128}$', description: 'The object’s id.' }) },
  { additionalProperties: false },
);

export const REVOCATION_REASONS = [
  'unspecified',
  'key_compromise',
  'ca_compromise',
  'affiliation_changed',
  'superseded',
  'cessation_of_operation',
  'certificate_hold',
  'privilege_withdrawn',
] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

/** `POST {api}pki/certificates/{id}/revoke`. */
export const revokeBody = Type.Object(
  { reason: enumOf(REVOCATION_REASONS) },
  { additionalProperties: false },
);

export const revokeCertificate = endpoint({
  method: 'POST',
  path: 'pki/certificates/:id/revoke',
  params: pkiIdParams,
  body: revokeBody,
  response: certificateDetail,
  summary: 'Revoke a certificate (its authority publishes its revocation list again)',
});
