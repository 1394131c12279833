/**
 * The §5 field rules an endpoint's body schema gives a form's field (see contractRules.ts, which builds the form's Yup
 * rules from them). Kept apart from Yup so a page can give its inputs these rules at render (a TextField's validators,
 * bounds and required mark) while its Yup rules load with the form (lazyRules.ts).
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import { HEX_COLOR, schemaFormat } from '../../lib/validation/formats';
import type { TextKind } from '../../lib/validation/text';
import type { FieldRules } from '../../lib/validation/validate';
import { isEmail, type ValidatorType } from '../../lib/validation/validators';

export interface ContractFieldRules extends FieldRules {
  validators?: readonly ValidatorType[];
  /** A text's length (a `minLength` above 1: one of 1 is `required`). */
  minLength?: number;
  maxLength?: number;
  /** Array fields: at least this many entries. */
  minItems?: number;
  maxItems?: number;
  /** The schema's `pattern` (checked by `fieldSchemaOf`). */
  pattern?: string;
  /** The schema's `enum` (checked by `fieldSchemaOf`). */
  oneOf?: readonly string[];
}

interface JsonSchema {
  type?: string | string[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  enum?: string[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

export const TEXT_FORMATS: Record<string, TextKind> = { 'safe-text': 'line', 'safe-multiline-text': 'lines' };

/** Formats the appliance checks beside the §5 table, with what the form says when a value breaks one. */
export const OTHER_FORMATS: Record<string, { check: (v: string) => boolean; says: string }> = {
  email: { check: isEmail, says: 'must be an e-mail address' },
  'hex-color': { check: (v) => HEX_COLOR.test(v), says: 'must be a hex colour such as #76b100' },
};

/** A form's own words for the messages `fieldSchemaOf` gives. */
export interface FieldMessages {
  /** An empty required field. */
  required?: string;
  /** A value breaking the format, the bounds, the length, the e-mail or colour format. */
  invalid?: string;
  /** A value breaking the schema's `pattern`. */
  pattern?: string;
}

const plain = (s: TSchema): JsonSchema => JSON.parse(JSON.stringify(s)) as JsonSchema;

/** The property's JSON Schema (its items' for an array), and whether the body requires the property. */
export function propertyOf(
  body: TObject,
  field: string,
): { schema: JsonSchema; array?: JsonSchema; required: boolean } {
  // A nested field (`subject.common_name`) is required when its object requires it (a form sends the object whole);
  // a nullable object (`anyOf` null or the object) is walked through its object.
  let parent = plain(body);
  let schema: JsonSchema | undefined;
  let required = true;
  for (const name of field.split('.')) {
    parent = parent.anyOf?.find((s) => s.properties) ?? parent;
    schema = parent.properties?.[name];
    if (!schema) throw new Error(`the body schema has no field ${field}`);
    required = (parent.required ?? []).includes(name);
    parent = schema;
  }
  if (!schema) throw new Error(`the body schema has no field ${field}`);
  return schema.type === 'array' && schema.items
    ? { schema: schema.items, array: schema, required }
    : { schema, required };
}

/** The §5 field rules the body schema gives `field` (see the module's comment). */
export function rulesOf(body: TObject, field: string): ContractFieldRules {
  const { schema, array, required } = propertyOf(body, field);
  const rules: ContractFieldRules = {};
  const format = schema.format ? schemaFormat(schema.format) : undefined;
  if (format) rules.validators = format.validators;
  if (schema.type === 'integer') {
    rules.validators = ['integer'];
    if (schema.minimum !== undefined) rules.min = schema.minimum;
    if (schema.maximum !== undefined) rules.max = schema.maximum;
  }
  if ((schema.minLength ?? 0) > 1) rules.minLength = schema.minLength;
  if (schema.maxLength !== undefined) rules.maxLength = schema.maxLength;
  if (schema.pattern) rules.pattern = schema.pattern;
  if (schema.enum) rules.oneOf = schema.enum;
  if (array) {
    if (array.minItems) rules.minItems = array.minItems;
    if (array.maxItems !== undefined) rules.maxItems = array.maxItems;
  } else {
    const text = schema.type === 'string';
    // An empty string is a missing value when the schema refuses it (a minimum length, a format or a pattern).
    const other = schema.format ? OTHER_FORMATS[schema.format] : undefined;
    const emptyRefused =
      (schema.minLength ?? 0) >= 1 ||
      (format !== undefined && !format.check('')) ||
      (other !== undefined && !other.check('')) ||
      (schema.enum !== undefined && !schema.enum.includes('')) ||
      (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(''));
    rules.required = required && (!text || emptyRefused);
  }
  return rules;
}

/** The rules a TextField or ListField takes (validators, bounds, required). */
export function widgetRulesOf(body: TObject, field: string): FieldRules {
  const { validators, min, max, required } = rulesOf(body, field);
  return {
    ...(validators ? { validators } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(required ? { required } : {}),
  };
}
