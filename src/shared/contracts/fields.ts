/**
 * Schema pieces the contracts share that TypeBox does not write the way the appliance's error items need: a choice
 * among strings as `{ type: 'string', enum }` (a wrong value is one `type_error.enum` item, where a union of
 * literals would give one item per literal) and a string that may be null as `type: ['string', 'null']` (its
 * pattern and length errors stay the string's own).
 */
import { Type, type SchemaOptions, type Static, type TUnsafe } from '@sinclair/typebox';
import type { TBoolean, TInteger, TNumber, TObject, TString } from '@sinclair/typebox';

/** Milliseconds since the epoch. */
export const epochMs = (options: SchemaOptions = {}) =>
  Type.Number({ description: 'Milliseconds since the epoch.', ...options });

/** Either `schema` or null (for answers). */
export const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/**
 * A string among fixed values as one JSON Schema `enum` (one `type_error.enum` item when it is wrong, where a union of
 * literals would give one item per value); typed as the union of the values.
 */
export const stringEnum = <const V extends readonly string[]>(
  values: V,
  options: SchemaOptions & { default?: V[number] } = {},
): TUnsafe<V[number]> => Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });

/**
 * A value or null, as JSON Schema's `type: [t, 'null']` (OpenAPI 3.1), typed `Static<T> | null`. Use it in place of
 * `Type.Union([T, Type.Null()])` in responses: a union is an `anyOf`, which the answer's serialiser can only decide
 * with a validator of its own (slower, and blind to the §5 formats).
 */
export const nullable = <T extends TString | TInteger | TNumber | TBoolean | TObject>(
  schema: T,
  options: { description?: string } = {},
): TUnsafe<Static<T> | null> => {
  const { type, ...rest } = JSON.parse(JSON.stringify(schema)) as { type: string };
  return Type.Unsafe<Static<T> | null>({ ...rest, ...options, type: [type, 'null'] });
};
