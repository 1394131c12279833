/**
 * Yup wrappers around the §5 validators, so Formik forms check exactly what the text input checks.
 *
 *   const schema = object({ host: fieldSchema({ validators: ['fqdn', 'ip'], required: true }) });
 */
import { string, type StringSchema } from 'yup';
import { validateValue, validatorHint, isValidEmail, isSelectValid, type FieldRules } from './validate';

/** Message for a required field left empty. */
export const REQUIRED_MESSAGE = 'This field is required.';

/**
 * A Yup string schema that applies `rules` like the text input does: empty passes unless required, values must pass
 * any one validator (each entry in multi-value mode); the error message is the "must be …" hint.
 */
export function fieldSchema(rules: FieldRules = {}, label?: string): StringSchema<string | undefined> {
  const hint = validatorHint(rules.validators, rules);
  const prefix = label ? `${label} ` : 'Value ';
  return string()
    .test(
      'required',
      REQUIRED_MESSAGE,
      (value) => validateValue(value, { ...rules, validators: undefined }).valid,
    )
    .test('format', hint ? `${prefix}${hint}` : 'Value is not valid', (value) => {
      const verdict = validateValue(value, { ...rules, required: false });
      return verdict.valid;
    });
}

/** §5 e-mail: required and matching the e-mail pattern. */
export function emailSchema(message = 'Enter a valid e-mail address.'): StringSchema<string | undefined> {
  return string().test('email', message, (value) => isValidEmail(value));
}

/** §5 a select is invalid when required and empty. */
export function selectSchema(
  required = false,
  message = 'Please select an option.',
): StringSchema<string | undefined> {
  return string().test('select', message, (value) => isSelectValid(value, required));
}
