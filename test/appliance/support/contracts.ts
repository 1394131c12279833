/**
 * Checks an answer of the real server against its contract's response schema, strictly: every object of the schema
 * is closed (a field the handler answers but the contract does not describe fails as much as a missing or mistyped
 * one), and the appliance's own formats apply.
 */
import type { TSchema } from '@sinclair/typebox';
import { createAjv } from '../../../src/appliance/http/scope';

const ajv = createAjv();

/** A copy of `schema` whose objects without an `additionalProperties` rule take no other field. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = closed(v);
  if (out.type === 'object' && out.properties && !('additionalProperties' in out))
    out.additionalProperties = false;
  return out;
}

/** The schema's complaints about `value` (empty when it conforms), as `path: message` lines. */
export function contractProblems(schema: TSchema, value: unknown): string[] {
  const validate = ajv.compile(closed(schema) as object);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) =>
      `${e.instancePath || '/'}: ${e.message ?? e.keyword}${e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty: string }).additionalProperty)})` : ''}`,
  );
}

/** Jest: the answer conforms to its response schema. */
export function expectConforms(schema: TSchema, value: unknown): void {
  expect(contractProblems(schema, value)).toEqual([]);
}
