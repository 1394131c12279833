/**
 * JSON schemas of the PKI's routes still registered by hand (validated by the appliance's Ajv: no coercion, no unknown fields). The
 * request bodies are the contract's (src/shared/contracts/pki.ts).
 */

export const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' } },
} as const;
