/**
 * A form's field rules from its endpoint's body schema (src/shared/contracts), so the form accepts what the appliance
 * accepts and refuses what it refuses:
 *
 *   const address = rulesOf(dns.UpstreamBody, 'address');   // { validators: ['ip', 'ipv6'], required: true, maxLength: 45 }
 *   <TextField name="address" label="Address" {...address} />
 *   object({ address: fieldSchemaOf(dns.UpstreamBody, 'address', 'Address') })
 *
 * - A `format` gives the §5 validators of src/lib/validation/formats.ts (the same predicates the appliance's Ajv
 *   checks), an integer gives `['integer']` with the schema's bounds, a string's `minLength ≥ 1` (or a required
 *   non-string) gives `required`; an array field gives its items' rules (a ListField's entries) and `minItems`.
 * - What a schema says beyond these (a `pattern`, an `enum`, the `email` and `hex-color` formats) is checked by
 *   `fieldSchemaOf` with the schema itself (a tiny interpreter of those keywords), so a form never needs to copy a
 *   regular expression.
 * - A field of a nested object is named by its path (`'subject.common_name'`).
 * - A form keeps its own words: `messages` replaces the required, invalid (format, bounds, length) or pattern
 *   message; a rule the schema cannot say (a confirmation equal to another field) is added next to these.
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import { array, string, type ArraySchema, type StringSchema } from 'yup';
import { HEX_COLOR, schemaFormat } from '../../lib/validation/formats';
import { validateValue, validatorHint, type FieldRules } from '../../lib/validation/validate';
import { textProblem, type TextKind } from '../../lib/validation/text';
import { isEmail, type ValidatorType } from '../../lib/validation/validators';
import { REQUIRED_MESSAGE } from '../../lib/validation/yup';

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

const TEXT_FORMATS: Record<string, TextKind> = { 'safe-text': 'line', 'safe-multiline-text': 'lines' };

/** Formats the appliance checks beside the §5 table, with what the form says when a value breaks one. */
const OTHER_FORMATS: Record<string, { check: (v: string) => boolean; says: string }> = {
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
function propertyOf(
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

/**
 * A Yup string schema for one text field (or one entry of a list field) with the body schema's rules: the §5
 * validators and bounds (the same verdict and "must be …" message as the widget), then its length, text rule,
 * other formats, pattern and values. `messages` gives the form's own words (see `FieldMessages`).
 */
export function fieldSchemaOf(
  body: TObject,
  field: string,
  label?: string,
  messages: FieldMessages = {},
): StringSchema<string | undefined> {
  const rules = rulesOf(body, field);
  const name = label ?? 'Value';
  const hint = validatorHint(rules.validators, rules);
  const invalid = (own: string) => messages.invalid ?? own;
  let s = string()
    .test(
      'required',
      messages.required ?? REQUIRED_MESSAGE,
      (v) => validateValue(v, { ...rules, validators: undefined }).valid,
    )
    .test(
      'format',
      invalid(hint ? `${name} ${hint}` : `${name} is not valid`),
      (v) => validateValue(v, { ...rules, required: false }).valid,
    );
  if (rules.minLength !== undefined) {
    const min = rules.minLength;
    s = s.test(
      'min-length',
      invalid(`${name} must be at least ${min} characters.`),
      (v) => !v || v.length >= min,
    );
  }
  if (rules.maxLength !== undefined) {
    const max = rules.maxLength;
    s = s.test(
      'max-length',
      invalid(`${name} must be at most ${max} characters.`),
      (v) => (v ?? '').length <= max,
    );
  }
  const format = propertyOf(body, field).schema.format ?? '';
  const kind = TEXT_FORMATS[format];
  if (kind) {
    // Free text shown to people: the appliance's text rule (one line without control characters, or lines).
    s = s.test('text', (v, ctx) => {
      const problem = v ? textProblem(v, kind) : null;
      return problem ? ctx.createError({ message: messages.invalid ?? `${name}: ${problem.msg}.` }) : true;
    });
  }
  const other = OTHER_FORMATS[format];
  if (other) s = s.test('format-of', invalid(`${name} ${other.says}.`), (v) => !v || other.check(v));
  if (rules.pattern) {
    const re = new RegExp(rules.pattern, 'u');
    s = s.test(
      'pattern',
      messages.pattern ?? `${name} is not in the expected form.`,
      (v) => !v || re.test(v),
    );
  }
  if (rules.oneOf) {
    const values = rules.oneOf;
    s = s.test('one-of', `${name} must be one of ${values.join(', ')}.`, (v) => !v || values.includes(v));
  }
  return s;
}

/**
 * A Yup schema for a list field (an array of strings): every entry passes the items' rules (`message` when one does
 * not), and the array's `minItems` / `maxItems` (`fewMessage` when too few).
 */
export function listSchemaOf(
  body: TObject,
  field: string,
  message: string,
  fewMessage?: string,
): ArraySchema<string[] | undefined, object> {
  const rules = rulesOf(body, field);
  const entry = fieldSchemaOf(body, field).required();
  let s = array(string().required()).test('entries', message, (list) =>
    (list ?? []).every((v) => entry.isValidSync(v)),
  );
  if (rules.minItems) s = s.min(rules.minItems, fewMessage ?? `Add at least ${rules.minItems}.`);
  if (rules.maxItems !== undefined) s = s.max(rules.maxItems, `At most ${rules.maxItems} entries.`);
  return s as ArraySchema<string[] | undefined, object>;
}
