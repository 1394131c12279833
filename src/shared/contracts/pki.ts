/**
 * The PKI's contract: what the certificate, authority, revocation-list and ACME routes answer (the views the
 * console's PKI pages read and the appliance's `caView`, `certView`, `crlView`, `orderView`… build), and their list
 * queries: which fields sort, which filter (see `listing.ts` for the shared part). Times are ISO 8601 strings.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { stream } from './stream';
import { stringEnum, orNull } from './fields';
import { listPage, listQuery, oneOf } from './listing';
import * as routes from './routes';

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
export const keyType = stringEnum(KEY_TYPES);
export type CertStatus = (typeof CERTIFICATE_STATUSES)[number];
const certStatus = stringEnum(CERTIFICATE_STATUSES);
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
  kind: stringEnum(['root', 'intermediate'] as const),
  parent_id: orNull(Type.String()),
  source: stringEnum(['created', 'imported'] as const),
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
  profile: stringEnum(CERTIFICATE_PROFILES),
  source: stringEnum(CERTIFICATE_SOURCES),
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
  source: stringEnum(['generated', 'imported'] as const),
  status: stringEnum(['current', 'superseded', 'expired'] as const),
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
  profile: stringEnum(CERTIFICATE_PROFILES),
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
  { reason: stringEnum(REVOCATION_REASONS) },
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

// ——— The lists (one page each, sorted and filtered by their query) ———

export const listCertificates = endpoint({
  ...routes.listCertificates,
  query: certificatesQuery,
  response: listPage(certificate),
  summary: 'The certificates, one page',
});

export const listCas = endpoint({
  method: 'GET',
  path: 'pki/cas',
  query: casQuery,
  response: listPage(certificateAuthority),
  summary: 'The certificate authorities, one page',
});

export const listCrls = endpoint({
  method: 'GET',
  path: 'pki/crls',
  query: crlsQuery,
  response: listPage(revocationList),
  summary: 'The revocation lists, one page',
});

export const listAcmeOrders = endpoint({
  method: 'GET',
  path: 'pki/acme/orders',
  query: ordersQuery,
  response: listPage(acmeOrder),
  summary: 'The ACME orders, one page',
});

// ——— One object: the detail pages' reads ———

export const getCertificate = endpoint({
  method: 'GET',
  path: 'pki/certificates/:id',
  params: pkiIdParams,
  response: certificateDetail,
  summary: 'A certificate with its extensions, chain and PEM',
});

export const getCertificateSummary = endpoint({
  method: 'GET',
  path: 'pki/certificates/summary',
  response: certificateSummary,
  summary: 'Counts over every certificate, and those ending soonest (the lifecycle board)',
});

export const getCa = endpoint({
  method: 'GET',
  path: 'pki/cas/:id',
  params: pkiIdParams,
  response: certificateAuthorityDetail,
  summary: 'A certificate authority with its chain and PEM',
});

export const getCrl = endpoint({
  method: 'GET',
  path: 'pki/crls/:id',
  params: pkiIdParams,
  response: revocationListDetail,
  summary: 'A revocation list with its entries',
});

// ——— Downloads: certificates and revocation lists as files ———

/** The media types of the PKI's files. */
export const PKI_MEDIA_TYPES = {
  pem: 'application/x-pem-file',
  der: 'application/pkix-cert',
  crl: 'application/pkix-crl',
  p12: 'application/x-pkcs12',
} as const;

/** `?format=pem|der&chain=1`: a certificate download's format, and whether its chain follows (PEM only). */
export const certificateFileQuery = Type.Object(
  {
    format: Type.Optional(stringEnum(['pem', 'der'] as const, { description: 'PEM unless `der`.' })),
    chain: Type.Optional(
      stringEnum(['0', '1', 'true', 'false'] as const, {
        description: 'With the chain above it (PEM only; DER with a chain is refused, 422 on `chain`).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** `?format=pem|der`: a revocation list download's format. */
export const crlFileQuery = Type.Object(
  { format: Type.Optional(stringEnum(['pem', 'der'] as const, { description: 'PEM unless `der`.' })) },
  { additionalProperties: false },
);

const certificateFile = {
  mediaTypes: [PKI_MEDIA_TYPES.pem, PKI_MEDIA_TYPES.der],
  description:
    'The certificate as an attachment (Content-Disposition names it): PEM (with `chain`, the chain follows) or DER.',
};
const crlFile = {
  mediaTypes: [PKI_MEDIA_TYPES.pem, PKI_MEDIA_TYPES.crl],
  description: 'The revocation list as an attachment (Content-Disposition names it): PEM or DER.',
};

export const getCertificateFile = endpoint({
  method: 'GET',
  path: 'pki/certificates/:id/certificate',
  params: pkiIdParams,
  query: certificateFileQuery,
  download: certificateFile,
  summary: 'Download a certificate (PEM, DER, or PEM with its chain)',
});

export const getCaCertificateFile = endpoint({
  method: 'GET',
  path: 'pki/cas/:id/certificate',
  params: pkiIdParams,
  query: certificateFileQuery,
  download: certificateFile,
  summary: 'Download an authority’s certificate (PEM, DER, or PEM with its chain)',
});

export const getCaCrlFile = endpoint({
  method: 'GET',
  path: 'pki/cas/:id/crl',
  params: pkiIdParams,
  query: crlFileQuery,
  download: crlFile,
  summary: 'Download an authority’s current revocation list (404 when it has none)',
});

export const getCrlFile = endpoint({
  method: 'GET',
  path: 'pki/crls/:id/download',
  params: pkiIdParams,
  query: crlFileQuery,
  download: crlFile,
  summary: 'Download a revocation list (PEM or DER)',
});

/** What issued certificates name as their CRL distribution point: public, DER, cached for five minutes. */
export const getPublicCrl = endpoint({
  method: 'GET',
  path: 'pki/public/cas/:id/crl',
  params: pkiIdParams,
  download: {
    mediaTypes: [PKI_MEDIA_TYPES.crl],
    description: 'The authority’s current revocation list, DER (Cache-Control: public, max-age=300).',
  },
  summary: 'An authority’s current revocation list, for anyone (its CRL distribution point; 404 when none)',
});

// ——— Request bodies: what the dialogs send and the appliance validates (no coercion, no unknown fields) ———

/** Uploads (PEM, base64 PKCS#12/DER) are larger than ordinary bodies; the appliance answers 413 above this. */
export const PKI_UPLOAD_LIMIT = 1024 * 1024;
/** Longest PEM text accepted in one field (a long chain fits easily). */
export const PEM_MAX = 512 * 1024;

/** Key usages an authority may be given (the names of RFC 5280's bits). */
export const KEY_USAGES = [
  'digital_signature',
  'non_repudiation',
  'key_encipherment',
  'data_encipherment',
  'key_agreement',
  'key_cert_sign',
  'crl_sign',
] as const;
/** What a certificate is issued for (an imported or ACME certificate may also be `other`). */
export const ISSUE_PROFILES = ['server', 'client'] as const;
export type IssueProfile = (typeof ISSUE_PROFILES)[number];

const objectId = (description: string) => id(description);
const nameField = () =>
  Type.String({ minLength: 1, maxLength: 128, format: 'safe-text', description: 'The name shown in lists.' });
const pemField = (description: string) => Type.String({ minLength: 1, maxLength: PEM_MAX, description });
const passphraseField = (description: string) => Type.String({ maxLength: 1024, description });
const validityDays = () =>
  Type.Integer({ minimum: 1, maximum: 36500, description: 'How many days the certificate is valid.' });
const crlValidityHours = () =>
  Type.Integer({
    minimum: 1,
    maximum: 24 * 366,
    description: 'How many hours each revocation list the authority signs is valid.',
  });
const subjectText = (maxLength: number) => Type.String({ minLength: 1, maxLength, format: 'safe-text' });

/** A subject to issue: the common name, and optionally the rest of the distinguished name. */
export const subjectInput = Type.Object(
  {
    common_name: subjectText(64),
    organization: Type.Optional(subjectText(64)),
    organizational_unit: Type.Optional(subjectText(64)),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166 code, e.g. DE.' })),
    state: Type.Optional(subjectText(128)),
    locality: Type.Optional(subjectText(128)),
    email: Type.Optional(Type.String({ maxLength: 128, format: 'email' })),
  },
  { additionalProperties: false },
);
export type SubjectInput = Static<typeof subjectInput>;

const listOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Optional(Type.Array(item, { maxItems: 100 }));
/** Subject alternative names to write (the appliance checks each name's form and answers per entry). */
export const sansInput = Type.Object(
  {
    dns: listOf(Type.String({ minLength: 1, maxLength: 253 })),
    ip: listOf(Type.String({ minLength: 2, maxLength: 45 })),
    uri: listOf(Type.String({ minLength: 3, maxLength: 2048 })),
    email: listOf(Type.String({ maxLength: 254, format: 'email' })),
  },
  { additionalProperties: false },
);
export type SansInput = Static<typeof sansInput>;

const crlDistributionPoint = () =>
  Type.String({
    maxLength: 2048,
    pattern: '^(appliance|https?://[^\\s"<>]+)$',
    description: '`appliance` for the appliance’s own CRL address, or an http(s) URL.',
  });

/** `POST {api}pki/certificates`: a new key and certificate signed by one of the appliance's authorities. */
export const issueBody = Type.Object(
  {
    name: Type.Optional(nameField()),
    ca_id: objectId('The signing authority.'),
    profile: stringEnum(ISSUE_PROFILES),
    subject: subjectInput,
    sans: Type.Optional(sansInput),
    validity_days: validityDays(),
    key_type: keyType,
    crl_distribution_point: Type.Optional(crlDistributionPoint()),
  },
  { additionalProperties: false },
);
export type IssueBody = Static<typeof issueBody>;

/** `POST {api}pki/certificates/csr`: sign a certificate signing request (the key stays with the requester). */
export const csrBody = Type.Object(
  {
    name: Type.Optional(nameField()),
    ca_id: objectId('The signing authority.'),
    profile: stringEnum(ISSUE_PROFILES),
    csr: pemField('The request, PEM.'),
    sans: Type.Optional(sansInput),
    validity_days: validityDays(),
    crl_distribution_point: Type.Optional(crlDistributionPoint()),
  },
  { additionalProperties: false },
);
export type CsrBody = Static<typeof csrBody>;

/** `POST {api}pki/certificates/import`: a PEM certificate (chain), with its key if the appliance is to use it. */
export const importPemBody = Type.Object(
  {
    name: Type.Optional(nameField()),
    certificate: pemField('The certificate, PEM (a chain may follow).'),
    private_key: Type.Optional(pemField('Its private key, PEM (PKCS#8 or traditional, encrypted or not).')),
    passphrase: Type.Optional(passphraseField('The private key’s passphrase, when it is encrypted.')),
  },
  { additionalProperties: false },
);
export type ImportPemBody = Static<typeof importPemBody>;

/** `POST {api}pki/certificates/import-pkcs12`: a PKCS#12 file (base64) with its password. */
export const importPkcs12Body = Type.Object(
  {
    name: Type.Optional(nameField()),
    pkcs12: Type.String({
      minLength: 4,
      maxLength: 1_000_000,
      pattern: '^[A-Za-z0-9+/]+={0,2}$',
      description: 'The file, base64.',
    }),
    password: passphraseField('The file’s password.'),
  },
  { additionalProperties: false },
);
export type ImportPkcs12Body = Static<typeof importPkcs12Body>;

export const EXPORT_FORMATS = ['pem', 'key', 'pkcs12'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** `POST {api}pki/certificates/{id}/export`: the certificate with its private key, as a file. */
export const exportBody = Type.Object(
  {
    format: stringEnum(EXPORT_FORMATS, {
      description: '`pkcs12`: certificate, chain and key; `pem`: the same as PEM; `key`: the key alone.',
    }),
    password: Type.Optional(
      Type.String({ minLength: 4, maxLength: 1024, description: 'Encrypts the file (PKCS#12) or the key.' }),
    ),
    include_chain: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ExportBody = Static<typeof exportBody>;

/** `POST {api}pki/certificates/{id}/renew`: a new certificate with the same names (every field optional). */
export const renewBody = Type.Object(
  {
    validity_days: Type.Optional(validityDays()),
    rekey: Type.Optional(Type.Boolean({ description: 'A new key (else the certificate keeps its key).' })),
    key_type: Type.Optional(keyType),
    revoke_previous: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RenewBody = Static<typeof renewBody>;

/** `POST {api}pki/cas`: a new root (no parent) or intermediate authority. */
export const createCaBody = Type.Object(
  {
    name: nameField(),
    parent_id: Type.Optional(orNull(objectId('The parent authority; null or absent for a root.'))),
    key_type: keyType,
    subject: subjectInput,
    validity_days: validityDays(),
    path_length: Type.Optional(orNull(Type.Integer({ minimum: 0, maximum: 16 }))),
    key_usage: Type.Optional(
      Type.Array(stringEnum(KEY_USAGES), { maxItems: KEY_USAGES.length, uniqueItems: true }),
    ),
    crl_validity_hours: Type.Optional(crlValidityHours()),
  },
  { additionalProperties: false },
);
export type CreateCaBody = Static<typeof createCaBody>;

/** `POST {api}pki/cas/import`: an authority's certificate, with its key when the appliance is to sign with it. */
export const importCaBody = Type.Object(
  {
    name: nameField(),
    certificate: pemField('The authority’s certificate, PEM.'),
    private_key: Type.Optional(pemField('Its private key, PEM.')),
    passphrase: Type.Optional(passphraseField('The private key’s passphrase, when it is encrypted.')),
    crl_validity_hours: Type.Optional(crlValidityHours()),
  },
  { additionalProperties: false },
);
export type ImportCaBody = Static<typeof importCaBody>;

/** `POST {api}pki/crls/import`: a revocation list, PEM or base64 DER. */
export const importCrlBody = Type.Object(
  {
    name: Type.Optional(nameField()),
    crl: Type.String({ minLength: 1, maxLength: 1_000_000, description: 'The list, PEM or base64 DER.' }),
  },
  { additionalProperties: false },
);
export type ImportCrlBody = Static<typeof importCrlBody>;

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

// ——— Endpoints of the dialogs ———

export const issueCertificate = endpoint({
  method: 'POST',
  path: 'pki/certificates',
  body: issueBody,
  response: certificateDetail,
  status: 201,
  summary: 'Issue a certificate and its key from an authority of the appliance',
});

export const signCsr = endpoint({
  method: 'POST',
  path: 'pki/certificates/csr',
  body: csrBody,
  response: certificateDetail,
  status: 201,
  summary: 'Sign a certificate signing request',
});

export const importCertificate = endpoint({
  method: 'POST',
  path: 'pki/certificates/import',
  body: importPemBody,
  response: certificateDetail,
  status: 201,
  summary: 'Import a PEM certificate, with its private key if given',
});

export const importPkcs12 = endpoint({
  method: 'POST',
  path: 'pki/certificates/import-pkcs12',
  body: importPkcs12Body,
  response: certificateDetail,
  status: 201,
  summary: 'Import a PKCS#12 file (certificate, chain and key)',
});

/** Answers a file (PKCS#12 or PEM), not JSON: the console downloads it. */
export const exportCertificate = endpoint({
  method: 'POST',
  path: 'pki/certificates/:id/export',
  params: pkiIdParams,
  body: exportBody,
  download: {
    mediaTypes: [PKI_MEDIA_TYPES.p12, PKI_MEDIA_TYPES.pem],
    description:
      'The file, as an attachment (Content-Disposition names it): PKCS#12 for `pkcs12`, else PEM (`key`: the key alone).',
  },
  summary: 'Export a certificate with its private key (a file; audited)',
});

export const renewCertificate = endpoint({
  method: 'POST',
  path: 'pki/certificates/:id/renew',
  params: pkiIdParams,
  body: renewBody,
  response: certificateDetail,
  status: 201,
  summary: 'Renew a certificate: a new one with the same names',
});

export const createCa = endpoint({
  method: 'POST',
  path: 'pki/cas',
  body: createCaBody,
  response: certificateAuthorityDetail,
  status: 201,
  summary: 'Create a root or intermediate authority',
});

export const importCa = endpoint({
  method: 'POST',
  path: 'pki/cas/import',
  body: importCaBody,
  response: certificateAuthorityDetail,
  status: 201,
  summary: 'Import an authority (with its key, it can sign)',
});

export const publishCrl = endpoint({
  method: 'POST',
  path: 'pki/cas/:id/crl',
  params: pkiIdParams,
  response: revocationList,
  status: 201,
  summary: 'Sign and publish a new revocation list of an authority now',
});

export const importCrl = endpoint({
  method: 'POST',
  path: 'pki/crls/import',
  body: importCrlBody,
  response: revocationListDetail,
  status: 201,
  summary: 'Import a revocation list',
});

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

// ---------------------------------------------------------------------------------------------------------------
// The entity pages' own calls: deleting one object, the lists' bulk actions

export const deleteCertificate = endpoint({
  method: 'DELETE',
  path: 'pki/certificates/:id',
  params: pkiIdParams,
  status: 204,
  summary: 'Delete a certificate and its private key (not one in use, nor revoked and unexpired)',
});

export const deleteCa = endpoint({
  method: 'DELETE',
  path: 'pki/cas/:id',
  params: pkiIdParams,
  status: 204,
  summary: 'Delete a certificate authority (not one with intermediates or certificates)',
});

export const deleteCrl = endpoint({
  method: 'DELETE',
  path: 'pki/crls/:id',
  params: pkiIdParams,
  status: 204,
  summary: 'Delete an imported revocation list (a generated one belongs to its authority)',
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

/** The body of a PKI list's bulk action: one of its actions on 1–1000 objects (plus the action's options). */
export const pkiBulkBody = <const A extends readonly string[], P extends TProperties = Record<never, never>>(
  actions: A,
  extra?: P,
) =>
  Type.Object(
    {
      action: stringEnum(actions),
      ids: Type.Array(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,128}$' }), {
        minItems: 1,
        maxItems: 1000,
        uniqueItems: true,
      }),
      ...((extra ?? {}) as P),
    },
    { additionalProperties: false },
  );

export const certificatesBulk = endpoint({
  method: 'POST',
  path: 'pki/certificates/bulk',
  body: pkiBulkBody(['revoke', 'delete'] as const, {
    reason: Type.Optional(
      stringEnum(REVOCATION_REASONS, { description: 'For `revoke`; unspecified when absent.' }),
    ),
  }),
  response: bulkAnswer,
  summary: 'Revoke or delete many certificates in one request (refusals named, the rest done)',
});

/** A PKI list whose one bulk action is deleting (the answer names each refusal). */
const deleteBulk = <P extends string>(path: P, summary: string) =>
  endpoint({ method: 'POST', path, body: pkiBulkBody(['delete'] as const), response: bulkAnswer, summary });

export const casBulk = deleteBulk(
  'pki/cas/bulk',
  'Delete many certificate authorities in one request (refusals named, the rest done)',
);
export const crlsBulk = deleteBulk(
  'pki/crls/bulk',
  'Delete many revocation lists in one request (refusals named, the rest done)',
);
export const acmeOrdersBulk = deleteBulk(
  'pki/acme/orders/bulk',
  'Delete many ACME orders in one request (those in progress are kept)',
);
