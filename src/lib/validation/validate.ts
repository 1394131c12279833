/**
 * Combining the §5 validators into a field's verdict: OR-combination, optional-empty-is-valid,
 * required-empty-is-invalid, multi-value fields and the "must be …" hint.
 */
import { isEmail, isValidAs, type NumericBounds, type ValidatorType } from './validators';

/** What a text field is checked against. */
export interface FieldRules extends NumericBounds {
  /** Allowed validator types; the value is valid if ANY of them accepts it (OR-combination). None: any text. */
  validators?: readonly ValidatorType[];
  /** A required field is invalid when empty; an optional empty field is valid. */
  required?: boolean;
  /** Multi-value mode: the value is a comma-separated list and every entry must pass. */
  multiple?: boolean;
}

export type FieldVerdict = { valid: true } | { valid: false; reason: 'required' | 'format' };

/** §5 multi-value mode splits on commas; entries are trimmed and empty entries dropped. */
export function splitMultiValue(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** True when `value` passes at least one of `validators` (no validators: anything passes). Never throws. */
export function matchesAny(
  value: string,
  validators: readonly ValidatorType[] | undefined,
  bounds: NumericBounds = {},
): boolean {
  if (!validators || validators.length === 0) return true;
  return validators.some((type) => isValidAs(type, value, bounds));
}

/**
 * The verdict for one field value under `rules`. Empty (after trimming) is valid unless `required`.
 * In multi-value mode every comma-separated entry must pass.
 */
export function validateValue(value: string | null | undefined, rules: FieldRules = {}): FieldVerdict {
  const text = typeof value === 'string' ? value.trim() : '';
  const entries = rules.multiple ? splitMultiValue(text) : text === '' ? [] : [text];
  if (entries.length === 0) return rules.required ? { valid: false, reason: 'required' } : { valid: true };
  const bounds = { min: rules.min, max: rules.max };
  return entries.every((entry) => matchesAny(entry, rules.validators, bounds))
    ? { valid: true }
    : { valid: false, reason: 'format' };
}

/** Convenience boolean form of `validateValue`. */
export const isValueValid = (value: string | null | undefined, rules: FieldRules = {}): boolean =>
  validateValue(value, rules).valid;

const TYPE_LABELS: Record<ValidatorType, string> = {
  wildcard: 'a wildcard (*)',
  ip: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  'ip-with-scheme': 'an IPv4 address with a scheme (http, https, ldap or ldaps)',
  mac: 'a MAC address',
  hostname: 'a hostname',
  integer: 'an integer',
  float: 'a number',
  email: 'an e-mail address',
  'email-wildcard': 'an e-mail address or domain pattern (*@domain)',
  subnet: 'a subnet (IPv4/prefix)',
  fqdn: 'a fully qualified domain name',
  'fqdn-wildcard': 'a fully qualified domain name (may start with *.)',
  'fqdn-pointcard': 'a fully qualified domain name (may start with a dot)',
  'fqdn-with-scheme': 'a fully qualified domain name with a scheme (http, https, ldap or ldaps)',
  'tld-pointcard': 'a top-level domain (may start with a dot)',
  'simple-id': 'an identifier (letters, digits, _ - .)',
  nickname: 'a nickname (letters, digits, _)',
  extension: 'a file extension starting with a dot',
  'integer-range': 'an integer range (start-end)',
};

const BOUNDED: ReadonlySet<ValidatorType> = new Set(['integer', 'float', 'integer-range']);

/**
 * The hint shown under a field: "must be" plus the allowed types joined with "or", numeric types followed by
 * their bounds, e.g. `must be an integer (min 1, max 65535) or a wildcard (*)`. Empty string without validators.
 */
export function validatorHint(
  validators: readonly ValidatorType[] | undefined,
  bounds: NumericBounds = {},
): string {
  if (!validators || validators.length === 0) return '';
  const limits = [
    bounds.min !== undefined ? `min ${bounds.min}` : '',
    bounds.max !== undefined ? `max ${bounds.max}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const parts = validators.map((t) =>
    BOUNDED.has(t) && limits ? `${TYPE_LABELS[t]} (${limits})` : TYPE_LABELS[t],
  );
  return `must be ${parts.join(' or ')}`;
}

/** "1–65535", "1 or more", "up to 10": a numeric field's bounds in a few characters ("" without bounds). */
export function boundsText(bounds: NumericBounds = {}): string {
  const { min, max } = bounds;
  if (min !== undefined && max !== undefined) return `${min}–${max}`;
  if (min !== undefined) return `${min} or more`;
  if (max !== undefined) return `up to ${max}`;
  return '';
}

/**
 * The hint always shown under a field: what fits, in a few words and not as a rule broken ("1–65535",
 * "1–65535 or *", "An IPv4 address or a hostname"). The "must be …" sentence of `validatorHint` is the error shown
 * once a value does not fit. Empty string without validators.
 */
export function fieldHint(
  validators: readonly ValidatorType[] | undefined,
  bounds: NumericBounds = {},
): string {
  if (!validators || validators.length === 0) return '';
  const range = boundsText(bounds);
  const parts = validators.map((t) => {
    if (t === 'wildcard') return '*';
    if (!range || !BOUNDED.has(t)) return TYPE_LABELS[t];
    return t === 'integer-range' ? `a range (start-end) within ${range}` : range;
  });
  const text = parts.join(' or ');
  return text[0].toUpperCase() + text.slice(1);
}

/** One element of a form for the §5 required-field check. */
export interface FormElementState {
  required?: boolean;
  value: unknown;
  /** Marked not valid by its own validation (or by the server). */
  invalid?: boolean;
}

/** Whether a value counts as "having a value": not null/undefined, not blank text, not an empty list. */
export function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return !Number.isNaN(value);
  return true;
}

/** §5 a form passes when every required element has a value and no element is marked not valid. */
export function isFormValid(elements: readonly FormElementState[]): boolean {
  return elements.every((el) => !el.invalid && (!el.required || hasValue(el.value)));
}

/** §5 a select is invalid when required and empty. */
export const isSelectValid = (value: string | null | undefined, required = false): boolean =>
  !required || hasValue(value);

/** §5 e-mail check used by forms: empty is invalid. */
export const isValidEmail = (value: string | null | undefined): boolean =>
  typeof value === 'string' && isEmail(value.trim());
