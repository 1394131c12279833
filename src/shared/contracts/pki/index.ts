/**
 * The PKI's contract, one module per topic, each read top to bottom as its schemas and then its endpoints:
 * certificates, their summary, certificate authorities, revocation lists and ACME, with what they share
 * (shared.ts). The views are what the console's PKI pages read and the appliance's `caView`, `certView`,
 * `crlView`, `orderView`… build; the list queries say which fields sort and which filter (see ../listing.ts for the
 * shared part). Times are ISO 8601 strings. Callers import from here.
 */
export {
  CERTIFICATE_STATUSES,
  KEY_TYPES,
  KEY_USAGES,
  PEM_MAX,
  PKI_MEDIA_TYPES,
  PKI_UPLOAD_LIMIT,
  bulkAnswer,
  chainLink,
  keyType,
  pkiBulkBody,
  pkiIdParams,
  sans,
  sansInput,
  subjectInput,
  type BulkAnswer,
  type CertStatus,
  type ChainLink,
  type KeyType,
  type Sans,
  type SansInput,
  type SubjectInput,
} from './shared';
export * from './certificates';
export * from './summary';
export * from './cas';
export * from './crls';
export * from './acme';
