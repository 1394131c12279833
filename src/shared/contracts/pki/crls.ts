/**
 * Revocation lists (`{api}pki/crls`, a CA's `…/crl`): the list, one list in detail, its files (also the public
 * download), publishing a CA's list, importing and deleting lists.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { orNull, stringEnum } from '../fields';
import { listPage, listQuery, oneOf } from '../listing';
import { PKI_MEDIA_TYPES, deleteBulk, id, iso, nameField, pkiIdParams } from './shared';

export const crlsQuery = listQuery(
  ['name', 'ca_name', 'status', 'number', 'entries', 'next_update', 'created_at'],
  {
    ca_id: id('Only lists of this authority.'),
    source: oneOf(['generated', 'imported'], 'Only lists the appliance built, or only imported ones.'),
  },
);

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

export const listCrls = endpoint({
  method: 'GET',
  path: 'pki/crls',
  query: crlsQuery,
  response: listPage(revocationList),
  summary: 'The revocation lists, one page',
});

export const getCrl = endpoint({
  method: 'GET',
  path: 'pki/crls/:id',
  params: pkiIdParams,
  response: revocationListDetail,
  summary: 'A revocation list with its entries',
});

/** `?format=pem|der`: a revocation list download's format. */
export const crlFileQuery = Type.Object(
  { format: Type.Optional(stringEnum(['pem', 'der'] as const, { description: 'PEM unless `der`.' })) },
  { additionalProperties: false },
);

const crlFile = {
  mediaTypes: [PKI_MEDIA_TYPES.pem, PKI_MEDIA_TYPES.crl],
  description: 'The revocation list as an attachment (Content-Disposition names it): PEM or DER.',
};

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

/** `POST {api}pki/crls/import`: a revocation list, PEM or base64 DER. */
export const importCrlBody = Type.Object(
  {
    name: Type.Optional(nameField()),
    crl: Type.String({ minLength: 1, maxLength: 1_000_000, description: 'The list, PEM or base64 DER.' }),
  },
  { additionalProperties: false },
);

export type ImportCrlBody = Static<typeof importCrlBody>;

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

export const deleteCrl = endpoint({
  method: 'DELETE',
  path: 'pki/crls/:id',
  params: pkiIdParams,
  status: 204,
  summary: 'Delete an imported revocation list (a generated one belongs to its authority)',
});

export const crlsBulk = deleteBulk(
  'pki/crls/bulk',
  'Delete many revocation lists in one request (refusals named, the rest done)',
);
