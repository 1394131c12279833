/**
 * Certificates (`{api}pki/certificates`): the list and its query, one certificate in detail, its files, and
 * issuing, signing a CSR, importing (PEM, PKCS#12), exporting, renewing, revoking and deleting.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import * as routes from '../routes';
import { orNull, stringEnum } from '../fields';
import { listPage, listQuery, oneOf } from '../listing';
import {
  CERTIFICATE_STATUSES,
  PKI_MEDIA_TYPES,
  bulkAnswer,
  certStatus,
  chainLink,
  crlDistributionPoint,
  id,
  iso,
  keyType,
  nameField,
  objectId,
  passphraseField,
  pemField,
  pkiBulkBody,
  pkiIdParams,
  sans,
  sansInput,
  subjectInput,
  validityDays,
} from './shared';

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

// ——— One object: the detail pages' reads ———
export const getCertificate = endpoint({
  method: 'GET',
  path: 'pki/certificates/:id',
  params: pkiIdParams,
  response: certificateDetail,
  summary: 'A certificate with its extensions, chain and PEM',
});

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

export const certificateFile = {
  mediaTypes: [PKI_MEDIA_TYPES.pem, PKI_MEDIA_TYPES.der],
  description:
    'The certificate as an attachment (Content-Disposition names it): PEM (with `chain`, the chain follows) or DER.',
};

export const getCertificateFile = endpoint({
  method: 'GET',
  path: 'pki/certificates/:id/certificate',
  params: pkiIdParams,
  query: certificateFileQuery,
  download: certificateFile,
  summary: 'Download a certificate (PEM, DER, or PEM with its chain)',
});

/** What a certificate is issued for (an imported or ACME certificate may also be `other`). */
export const ISSUE_PROFILES = ['server', 'client'] as const;

export type IssueProfile = (typeof ISSUE_PROFILES)[number];

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

export const deleteCertificate = endpoint({
  method: 'DELETE',
  path: 'pki/certificates/:id',
  params: pkiIdParams,
  status: 204,
  summary: 'Delete a certificate and its private key (not one in use, nor revoked and unexpired)',
});

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
