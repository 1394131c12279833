/**
 * What the PKI's topics share: object ids, key types, a certificate's status, chains and names, the fields
 * of the forms that issue, import and export (PEM, passphrases, subjects, validity), the lists' bulk actions.
 */
import { type Static, type TProperties, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { stringEnum } from '../fields';

/** An object's id as the PKI writes it. */
export const id = (description: string) => Type.String({ pattern: '^[A-Za-z0-9_.-]{1,128}$', description });

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked', 'not_yet_valid'] as const;

export const KEY_TYPES = ['rsa-2048', 'rsa-3072', 'rsa-4096', 'ec-p256', 'ec-p384'] as const;

export type KeyType = (typeof KEY_TYPES)[number];

export const keyType = stringEnum(KEY_TYPES);

export type CertStatus = (typeof CERTIFICATE_STATUSES)[number];

export const certStatus = stringEnum(CERTIFICATE_STATUSES);

export const iso = () => Type.String({ description: 'An ISO 8601 time.' });

/** One link of a chain: the certificate above, as far as known. */
export const chainLink = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  not_after: iso(),
  fingerprint_sha256: Type.String(),
});

export type ChainLink = Static<typeof chainLink>;

/** Subject alternative names by kind. */
export const sans = Type.Object({
  dns: Type.Array(Type.String()),
  ip: Type.Array(Type.String()),
  uri: Type.Array(Type.String()),
  email: Type.Array(Type.String()),
});

export type Sans = Static<typeof sans>;

/** What a bulk action of a PKI list answers: the ids done, and those refused with the single endpoint's reason. */
export const bulkAnswer = Type.Object({
  done: Type.Array(Type.String()),
  refused: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), reason: Type.String() })),
});

export type BulkAnswer = Static<typeof bulkAnswer>;

/** An object's id in the path (`pki/certificates/{id}`). */
export const pkiIdParams = Type.Object(
  { id: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,128}$', description: 'The object’s id.' }) },
  { additionalProperties: false },
);

// ——— Downloads: certificates and revocation lists as files ———
/** The media types of the PKI's files. */
export const PKI_MEDIA_TYPES = {
  pem: 'application/x-pem-file',
  der: 'application/pkix-cert',
  crl: 'application/pkix-crl',
  p12: 'application/x-pkcs12',
} as const;

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

export const objectId = (description: string) => id(description);

export const nameField = () =>
  Type.String({ minLength: 1, maxLength: 128, format: 'safe-text', description: 'The name shown in lists.' });

export const pemField = (description: string) =>
  Type.String({ minLength: 1, maxLength: PEM_MAX, description });

export const passphraseField = (description: string) => Type.String({ maxLength: 1024, description });

export const validityDays = () =>
  Type.Integer({ minimum: 1, maximum: 36500, description: 'How many days the certificate is valid.' });

export const crlValidityHours = () =>
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

export const crlDistributionPoint = () =>
  Type.String({
    maxLength: 2048,
    pattern: '^(appliance|https?://[^\\s"<>]+)$',
    description: '`appliance` for the appliance’s own CRL address, or an http(s) URL.',
  });

/** `POST {api}pki/certificates`: a new key and certificate signed by one of the appliance's authorities. */

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

/** A PKI list whose one bulk action is deleting (the answer names each refusal). */
export const deleteBulk = <P extends string>(path: P, summary: string) =>
  endpoint({ method: 'POST', path, body: pkiBulkBody(['delete'] as const), response: bulkAnswer, summary });
