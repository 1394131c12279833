/**
 * Certificate authorities (`{api}pki/cas`): the list, one authority in detail, its certificate file, and
 * creating, importing and deleting authorities.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { orNull, stringEnum } from '../fields';
import { listPage, listQuery, oneOf } from '../listing';
import { certificateFile, certificateFileQuery } from './certificates';
import {
  KEY_USAGES,
  certStatus,
  chainLink,
  crlValidityHours,
  deleteBulk,
  iso,
  keyType,
  nameField,
  objectId,
  passphraseField,
  pemField,
  pkiIdParams,
  subjectInput,
  validityDays,
} from './shared';

export const casQuery = listQuery(['name', 'kind', 'status', 'not_after', 'created_at'], {
  kind: oneOf(['root', 'intermediate'], 'Only roots or only intermediates.'),
});

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

export const listCas = endpoint({
  method: 'GET',
  path: 'pki/cas',
  query: casQuery,
  response: listPage(certificateAuthority),
  summary: 'The certificate authorities, one page',
});

export const getCa = endpoint({
  method: 'GET',
  path: 'pki/cas/:id',
  params: pkiIdParams,
  response: certificateAuthorityDetail,
  summary: 'A certificate authority with its chain and PEM',
});

export const getCaCertificateFile = endpoint({
  method: 'GET',
  path: 'pki/cas/:id/certificate',
  params: pkiIdParams,
  query: certificateFileQuery,
  download: certificateFile,
  summary: 'Download an authority’s certificate (PEM, DER, or PEM with its chain)',
});

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

export const deleteCa = endpoint({
  method: 'DELETE',
  path: 'pki/cas/:id',
  params: pkiIdParams,
  status: 204,
  summary: 'Delete a certificate authority (not one with intermediates or certificates)',
});

export const casBulk = deleteBulk(
  'pki/cas/bulk',
  'Delete many certificate authorities in one request (refusals named, the rest done)',
);
