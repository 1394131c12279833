/**
 * The error catalogue (spec §8): messages by response status and by pydantic error type code. Pure data plus a
 * formatter; the error handler (`errorHandler.ts`) decides what to do with them.
 */

/** §8 messages by response status. */
export const statusMessages = {
  401: 'You are not authenticated. Please log in again.',
  403: 'You do not have permission to do this.',
  /** A sensitive change the user did not confirm with their password or code (403 `reauth_required`). */
  reauthRequired: 'The change was not made: it needs you to confirm your password or one-time code.',
  404: 'The resource does not exist.',
  validation: 'Validation error: please check the values you entered.',
  500: 'An error occurred while processing the request.',
  generic: 'Something went wrong. Please try again.',
} as const;

/** §8 local login and change-password 401s, by `detail.code` (kept in a small module the login page loads eagerly). */
export { localAuthCodeMessages } from './localAuthCodeMessages';

/**
 * Pydantic error type codes (v1 dotted names and their v2 equivalents) → messages. `{name}` placeholders are
 * filled from the item's `ctx`; a missing key leaves a readable fallback.
 */
export const typeMessages: Record<string, string> = {
  // required and extra fields
  'value_error.missing': 'This field is required.',
  missing: 'This field is required.',
  'value_error.extra': 'Extra fields are not permitted.',
  extra_forbidden: 'Extra fields are not permitted.',
  // e-mail, URL, path
  'value_error.email': 'Enter a valid e-mail address.',
  'value_error.url': 'Enter a valid URL.',
  'value_error.url.scheme': 'The URL scheme is not permitted.',
  'value_error.url.host': 'The URL host is not valid.',
  url_parsing: 'Enter a valid URL.',
  url_scheme: 'The URL scheme is not permitted.',
  'value_error.path.not_exists': 'The path {path} does not exist.',
  'value_error.path.not_a_file': 'The path {path} is not a file.',
  'value_error.path.not_a_directory': 'The path {path} is not a directory.',
  // length limits
  'value_error.any_str.min_length': 'Enter at least {limit_value} characters.',
  'value_error.any_str.max_length': 'Enter at most {limit_value} characters.',
  string_too_short: 'Enter at least {min_length} characters.',
  string_too_long: 'Enter at most {max_length} characters.',
  'value_error.list.min_items': 'Add at least {limit_value} items.',
  'value_error.list.max_items': 'Add at most {limit_value} items.',
  too_short: 'Add at least {min_length} items.',
  too_long: 'Add at most {max_length} items.',
  // regex
  'value_error.str.regex': 'The value does not match the expected pattern.',
  string_pattern_mismatch: 'The value does not match the expected pattern.',
  // number bounds and multiples
  'value_error.number.not_gt': 'Enter a number greater than {limit_value}.',
  'value_error.number.not_ge': 'Enter a number greater than or equal to {limit_value}.',
  'value_error.number.not_lt': 'Enter a number less than {limit_value}.',
  'value_error.number.not_le': 'Enter a number less than or equal to {limit_value}.',
  'value_error.number.not_multiple': 'Enter a multiple of {multiple_of}.',
  greater_than: 'Enter a number greater than {gt}.',
  greater_than_equal: 'Enter a number greater than or equal to {ge}.',
  less_than: 'Enter a number less than {lt}.',
  less_than_equal: 'Enter a number less than or equal to {le}.',
  multiple_of: 'Enter a multiple of {multiple_of}.',
  // decimal digits and places
  'value_error.decimal.max_digits': 'Enter at most {max_digits} digits in total.',
  'value_error.decimal.max_places': 'Enter at most {decimal_places} decimal places.',
  'value_error.decimal.whole_digits': 'Enter at most {whole_digits} digits before the decimal point.',
  'value_error.decimal.not_finite': 'Enter a finite number.',
  decimal_max_digits: 'Enter at most {max_digits} digits in total.',
  decimal_max_places: 'Enter at most {decimal_places} decimal places.',
  decimal_whole_digits: 'Enter at most {whole_digits} digits before the decimal point.',
  // date, time, duration
  'value_error.date': 'Enter a valid date.',
  'value_error.time': 'Enter a valid time.',
  'value_error.datetime': 'Enter a valid date and time.',
  'value_error.duration': 'Enter a valid duration.',
  'value_error.date.not_in_the_past': 'Enter a date in the past.',
  'value_error.date.not_in_the_future': 'Enter a date in the future.',
  date_parsing: 'Enter a valid date.',
  time_parsing: 'Enter a valid time.',
  datetime_parsing: 'Enter a valid date and time.',
  duration_parsing: 'Enter a valid duration.',
  // JSON, UUID
  'value_error.json': 'Enter valid JSON.',
  'type_error.json': 'Enter valid JSON.',
  json_invalid: 'Enter valid JSON.',
  'type_error.uuid': 'Enter a valid UUID.',
  'value_error.uuid.version': 'Enter a UUID of version {required_version}.',
  uuid_parsing: 'Enter a valid UUID.',
  // IP addresses, networks and interfaces
  'value_error.ipvanyaddress': 'Enter a valid IP address.',
  'value_error.ipv4address': 'Enter a valid IPv4 address.',
  'value_error.ipv6address': 'Enter a valid IPv6 address.',
  'value_error.ipvanynetwork': 'Enter a valid IP network.',
  'value_error.ipv4network': 'Enter a valid IPv4 network.',
  'value_error.ipv6network': 'Enter a valid IPv6 network.',
  'value_error.ipvanyinterface': 'Enter a valid IP interface.',
  'value_error.ipv4interface': 'Enter a valid IPv4 interface.',
  'value_error.ipv6interface': 'Enter a valid IPv6 interface.',
  ip_any_address: 'Enter a valid IP address.',
  ip_v4_address: 'Enter a valid IPv4 address.',
  ip_v6_address: 'Enter a valid IPv6 address.',
  ip_any_network: 'Enter a valid IP network.',
  ip_v4_network: 'Enter a valid IPv4 network.',
  ip_v6_network: 'Enter a valid IPv6 network.',
  // colour
  'value_error.color': 'Enter a valid colour.',
  color_error: 'Enter a valid colour.',
  // boolean
  'value_error.strictbool': 'Enter true or false.',
  'type_error.bool': 'Enter true or false.',
  bool_parsing: 'Enter true or false.',
  bool_type: 'Enter true or false.',
  // card number
  'value_error.payment_card_number.digits': 'A card number contains digits only.',
  'value_error.payment_card_number.luhn_check': 'The card number is not valid.',
  'value_error.payment_card_number.invalid_length_for_brand':
    'The card number has the wrong length for {brand}.',
  payment_card_number_digits: 'A card number contains digits only.',
  payment_card_number_luhn: 'The card number is not valid.',
  // byte size
  'value_error.bytesize': 'Enter a valid byte size.',
  'value_error.bytesize.unit': 'Unknown byte size unit {unit}.',
  byte_size: 'Enter a valid byte size.',
  byte_size_unit: 'Unknown byte size unit {unit}.',
  // enum
  'type_error.enum': 'Choose one of: {enum_values}.',
  'value_error.const': 'The value must be {given}.',
  enum: 'Choose one of: {expected}.',
  literal_error: 'Choose one of: {expected}.',
  // integer, float and the other type errors
  'type_error.integer': 'Enter a whole number.',
  'type_error.float': 'Enter a number.',
  'type_error.number': 'Enter a number.',
  'type_error.decimal': 'Enter a decimal number.',
  int_parsing: 'Enter a whole number.',
  int_type: 'Enter a whole number.',
  int_from_float: 'Enter a whole number.',
  float_parsing: 'Enter a number.',
  float_type: 'Enter a number.',
  'type_error.none.not_allowed': 'This field cannot be empty.',
  'type_error.none.allowed': 'This field must be empty.',
  'type_error.str': 'Enter text.',
  string_type: 'Enter text.',
  'type_error.bytes': 'Enter bytes.',
  'type_error.list': 'Enter a list.',
  list_type: 'Enter a list.',
  'type_error.tuple': 'Enter a list.',
  'type_error.set': 'Enter a set of values.',
  'type_error.frozenset': 'Enter a set of values.',
  'type_error.dict': 'Enter an object.',
  dict_type: 'Enter an object.',
  'type_error.sequence': 'Enter a list.',
  'type_error.iterable': 'Enter a list.',
  'type_error.hashable': 'The value must be hashable.',
  'type_error.callable': 'The value must be callable.',
  'type_error.class': 'Enter a class.',
  'type_error.subclass': 'Enter a subclass of {expected_class}.',
  'type_error.arbitrary_type': 'Enter an instance of {expected_arbitrary_type}.',
  'type_error.dataclass': 'Enter an instance of {class_name}.',
  'type_error.path': 'Enter a valid path.',
  'type_error.pattern': 'Enter a valid regular expression.',
  'value_error.regex_pattern': 'Enter a valid regular expression.',
};

/** Error types the handler treats as conflict lists rather than field errors (spec §8). */
export const CONFLICT_TYPES = {
  'status_error.conflicting_users': 'These users are in conflict: {items}.',
  'status_error.conflicting_groups': 'These groups are in conflict: {items}.',
} as const;
export type ConflictType = keyof typeof CONFLICT_TYPES;
export const isConflictType = (t: unknown): t is ConflictType => typeof t === 'string' && t in CONFLICT_TYPES;

function formatValue(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v.map((x) => formatValue(x) ?? '').join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Fills `{key}` placeholders from ctx; returns undefined when a placeholder has no value. */
export function fillTemplate(template: string, ctx: Record<string, unknown> | undefined): string | undefined {
  let missing = false;
  const out = template.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const v = formatValue(ctx?.[key]);
    if (v === undefined) missing = true;
    return v ?? '';
  });
  return missing ? undefined : out;
}

/** The message for one error-detail item: the catalogue's, else the server's `msg`, else a generic one. */
export function messageForType(
  type: string | undefined,
  ctx?: Record<string, unknown>,
  msg?: string,
): string {
  const template = type ? typeMessages[type] : undefined;
  if (template) {
    const filled = fillTemplate(template, ctx);
    if (filled !== undefined) return filled;
  }
  if (msg) return msg;
  return statusMessages.validation;
}
