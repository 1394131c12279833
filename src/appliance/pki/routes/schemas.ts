/**
 * JSON schemas of the PKI's download routes (validated by the appliance's Ajv: no coercion, no unknown fields). The
 * request bodies are the contract's (src/shared/contracts/pki.ts).
 */

export const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' } },
} as const;

export const certificateFormatQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    format: { type: 'string', enum: ['pem', 'der'] },
    chain: { type: 'string', enum: ['0', '1', 'true', 'false'] },
  },
} as const;
