/**
 * Schema pieces the contracts share that TypeBox does not write the way the appliance's error items need: a choice
 * among strings as `{ type: 'string', enum }` (a wrong value is one `type_error.enum` item, where a union of
 * literals would give one item per literal) and a string that may be null as `type: ['string', 'null']` (its
 * pattern and length errors stay the string's own).
 */
import { Type, type SchemaOptions } from '@sinclair/typebox';

/** One of `values`, as `{ type: 'string', enum }`. */
export const enumOf = <T extends string>(values: readonly T[], options: SchemaOptions = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** A string with these constraints, or null. */
export const nullableString = (options: SchemaOptions = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

/** Milliseconds since the epoch. */
export const epochMs = (options: SchemaOptions = {}) =>
  Type.Number({ description: 'Milliseconds since the epoch.', ...options });

/** Either `schema` or null (for answers). */
export const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
