/** JSON schemas shared by the PKI routes (validated by the appliance's Ajv: no coercion, no unknown fields). */
import { KEY_TYPES } from '../keys';
import { KEY_USAGES } from '../x509';

/** Uploads (PEM, base64 PKCS#12/DER) are larger than ordinary bodies; anything above gets 413. */
export const PKI_UPLOAD_LIMIT = 1024 * 1024;
/** Longest PEM text accepted in one field (a long chain fits easily). */
export const PEM_MAX = 512 * 1024;

export const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' } },
} as const;

export const nameField = { type: 'string', minLength: 1, maxLength: 128, format: 'safe-text' } as const;
export const pemField = { type: 'string', minLength: 1, maxLength: PEM_MAX } as const;
export const passphraseField = { type: 'string', maxLength: 1024 } as const;
export const keyTypeField = { type: 'string', enum: [...KEY_TYPES] } as const;
export const validityDaysField = { type: 'integer', minimum: 1, maximum: 36500 } as const;

export const subjectSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['common_name'],
  properties: {
    common_name: { type: 'string', minLength: 1, maxLength: 64, format: 'safe-text' },
    organization: { type: 'string', minLength: 1, maxLength: 64, format: 'safe-text' },
    organizational_unit: { type: 'string', minLength: 1, maxLength: 64, format: 'safe-text' },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    state: { type: 'string', minLength: 1, maxLength: 128, format: 'safe-text' },
    locality: { type: 'string', minLength: 1, maxLength: 128, format: 'safe-text' },
    email: { type: 'string', maxLength: 128, format: 'email' },
  },
} as const;

export const keyUsageField = {
  type: 'array',
  maxItems: KEY_USAGES.length,
  uniqueItems: true,
  items: { type: 'string', enum: KEY_USAGES },
} as const;

export const certificateFormatQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    format: { type: 'string', enum: ['pem', 'der'] },
    chain: { type: 'string', enum: ['0', '1', 'true', 'false'] },
  },
} as const;
