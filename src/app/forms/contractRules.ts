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
 * - This module brings Yup: only a form's rules module imports it, and the form loads that module with itself
 *   (lazyRules.ts); a page's inputs take `rulesOf` / `widgetRulesOf` from fieldRules.ts.
 */
import type { TObject } from '@sinclair/typebox';
import { array, string, type ArraySchema, type StringSchema } from 'yup';
import { validateValue, validatorHint } from '../../lib/validation/validate';
import { textProblem } from '../../lib/validation/text';
import { REQUIRED_MESSAGE } from '../../lib/validation/yup';
import { OTHER_FORMATS, propertyOf, rulesOf, TEXT_FORMATS, type FieldMessages } from './fieldRules';

// The yup-free rules, for the modules that only build Yup rules and want one import.
export { rulesOf, widgetRulesOf, type ContractFieldRules, type FieldMessages } from './fieldRules';

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
