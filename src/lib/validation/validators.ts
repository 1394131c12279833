/**
 * The text-input validators of §5, one pure predicate per validator type. Every predicate takes any string and
 * returns a boolean; none throws. Emptiness is decided by the caller (`validateValue`), not here.
 */
import { EMAIL_PATTERN, isEmail } from '../../shared/email';
import { isIpv6Text } from './subnet';

/** §5 e-mail: the one pattern of src/shared/email.ts. */
export { EMAIL_PATTERN, isEmail };

/** §9 a hostname label is at most 63 characters. */
export const HOSTNAME_MAX_LENGTH = 63;
/** §9 a fully qualified domain name is at most 253 characters. */
export const FQDN_MAX_LENGTH = 253;
/** §5 the schemes accepted before an address by the `*-with-scheme` validators. */
export const ADDRESS_SCHEMES = ['http', 'https', 'ldap', 'ldaps'] as const;

export const VALIDATOR_TYPES = [
  'wildcard',
  'ip',
  'ipv6',
  'ip-with-scheme',
  'mac',
  'hostname',
  'integer',
  'float',
  'email',
  'email-wildcard',
  'subnet',
  'fqdn',
  'fqdn-wildcard',
  'fqdn-pointcard',
  'fqdn-with-scheme',
  'tld-pointcard',
  'simple-id',
  'nickname',
  'extension',
  'integer-range',
] as const;

export type ValidatorType = (typeof VALIDATOR_TYPES)[number];

/** Bounds for the numeric validators (`integer`, `float`, `integer-range`); either may be left out. */
export interface NumericBounds {
  min?: number;
  max?: number;
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const PORT = '(?::(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d\\d|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3}))?';
const SCHEME = `(?:${ADDRESS_SCHEMES.join('|')})://`;

const ipv4Re = new RegExp(`^${IPV4}$`);
const ipWithSchemeRe = new RegExp(`^${SCHEME}${IPV4}${PORT}$`, 'i');
const subnetRe = new RegExp(`^${IPV4}/(?:[12]?\\d|3[01])$`);
const macRe = /^[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5}$/;
const labelRe = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const integerRe = /^[-+]?\d+$/;
const floatRe = /^[-+]?(?:\d+\.?\d*|\.\d+)$/;
const simpleIdRe = /^[A-Za-z0-9_.-]+$/;
const nicknameRe = /^[A-Za-z0-9_]+$/;
const extensionRe = /^\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
const integerRangeRe = /^([-+]?\d+)\s*-\s*([-+]?\d+)$/;

function withinBounds(n: number, { min, max }: NumericBounds): boolean {
  if (!Number.isFinite(n)) return false;
  if (min !== undefined && n < min) return false;
  if (max !== undefined && n > max) return false;
  return true;
}

/** Exactly `*`. */
export const isWildcard = (v: string): boolean => v === '*';

/** A dotted-quad IPv4 address; octets 0–255 without leading zeros (which some tools read as octal). */
export const isIp = (v: string): boolean => ipv4Re.test(v);

/** An IPv6 address (`2001:db8::1`, `::1`, `::ffff:192.0.2.1`): no brackets, no port, no zone. */
export const isIpv6 = (v: string): boolean => isIpv6Text(v);

/**
 * IPv4 or IPv6: the one rule the appliance checks addresses with (DNS upstreams, overrides, listen addresses, name
 * servers), and the forms' `['ip', 'ipv6']`, so a form never refuses what the server accepts.
 */
export const isIpAddress = (v: string): boolean => isIp(v) || isIpv6(v);

/** `http`, `https`, `ldap` or `ldaps`, then `://` and an IPv4 address, with an optional port. */
export const isIpWithScheme = (v: string): boolean => ipWithSchemeRe.test(v);

/** Six colon-separated hexadecimal pairs, e.g. `00:1A:2b:3C:4d:5E`. */
export const isMac = (v: string): boolean => macRe.test(v);

/** One DNS label: 1–63 letters, digits or hyphens, not starting or ending with a hyphen. */
export const isHostname = (v: string): boolean => v.length <= HOSTNAME_MAX_LENGTH && labelRe.test(v);

/** A whole number (optional sign) within the optional bounds. */
export const isInteger = (v: string, bounds: NumericBounds = {}): boolean =>
  integerRe.test(v) && withinBounds(Number(v), bounds);

/** A decimal number (optional sign, optional fraction) within the optional bounds. */
export const isFloat = (v: string, bounds: NumericBounds = {}): boolean =>
  floatRe.test(v) && withinBounds(Number(v), bounds);

/**
 * An e-mail address, or a whole-domain pattern: `*@domain` or `@domain`, where the domain may itself start with `*.`
 * (e.g. `*@example.com`, `@example.com`, `*@*.example.com`).
 */
export const isEmailWildcard = (v: string): boolean => {
  const m = /^\*?@(.+)$/.exec(v);
  return m !== null ? isFqdnWildcard(m[1]) : isEmail(v);
};

/**
 * §5 subnet: an IPv4 address and a prefix length 0–31 (`10.0.0.0/8`, `10.1.2.3/24`, `10.0.0.0/0`), the format only.
 * Host bits are the business of the fields that store a network (their schema format, `ipv4-subnet` of formats.ts).
 */
export const isSubnet = (v: string): boolean => subnetRe.test(v);

function isLabelList(labels: string[]): boolean {
  // A label of digits only is allowed inside a name but not as the last label (a TLD is never numeric).
  return (
    labels.length >= 2 && labels.every((l) => labelRe.test(l)) && !/^\d+$/.test(labels[labels.length - 1])
  );
}

/** At least two labels of 1–63 characters, at most 253 characters, no leading dot or star. */
export const isFqdn = (v: string): boolean => v.length <= FQDN_MAX_LENGTH && isLabelList(v.split('.'));

/** An FQDN that may start with `*.` (a wildcard certificate or DNS name). */
export const isFqdnWildcard = (v: string): boolean => (v.startsWith('*.') ? isFqdn(v.slice(2)) : isFqdn(v));

/** An FQDN that may start with a dot (every name under a domain), e.g. `.example.com`. */
export const isFqdnPointcard = (v: string): boolean => (v.startsWith('.') ? isFqdn(v.slice(1)) : isFqdn(v));

/** `http`, `https`, `ldap` or `ldaps`, then `://` and an FQDN, with an optional port. */
export const isFqdnWithScheme = (v: string): boolean => {
  const m = new RegExp(`^${SCHEME}([^/:]+)${PORT}$`, 'i').exec(v);
  return m !== null && isFqdn(m[1]);
};

/** A top-level domain, optionally with its leading dot, e.g. `.com` or `com`. */
export const isTldPointcard = (v: string): boolean => {
  const label = v.startsWith('.') ? v.slice(1) : v;
  return labelRe.test(label) && !/^\d+$/.test(label);
};

/** Letters, digits, underscore, hyphen and dot. */
export const isSimpleId = (v: string): boolean => simpleIdRe.test(v);

/** Letters, digits and underscore. */
export const isNickname = (v: string): boolean => nicknameRe.test(v);

/** A file extension: a dot then letters, digits, underscore or hyphen (`.pem`, `.tar.gz`). */
export const isExtension = (v: string): boolean => extensionRe.test(v);

/** Two integers `start-end` with start < end, both within the optional bounds, e.g. `1024-2048`. */
export const isIntegerRange = (v: string, bounds: NumericBounds = {}): boolean => {
  const m = integerRangeRe.exec(v.trim());
  if (!m) return false;
  const start = Number(m[1]);
  const end = Number(m[2]);
  return withinBounds(start, bounds) && withinBounds(end, bounds) && end > start;
};

/** Every validator type and its predicate. */
export const VALIDATORS: Record<ValidatorType, (value: string, bounds?: NumericBounds) => boolean> = {
  wildcard: isWildcard,
  ip: isIp,
  ipv6: isIpv6,
  'ip-with-scheme': isIpWithScheme,
  mac: isMac,
  hostname: isHostname,
  integer: isInteger,
  float: isFloat,
  email: isEmail,
  'email-wildcard': isEmailWildcard,
  subnet: isSubnet,
  fqdn: isFqdn,
  'fqdn-wildcard': isFqdnWildcard,
  'fqdn-pointcard': isFqdnPointcard,
  'fqdn-with-scheme': isFqdnWithScheme,
  'tld-pointcard': isTldPointcard,
  'simple-id': isSimpleId,
  nickname: isNickname,
  extension: isExtension,
  'integer-range': isIntegerRange,
};

/** Whether `value` passes the validator `type` (with bounds for the numeric ones). Never throws. */
export function isValidAs(type: ValidatorType, value: string, bounds: NumericBounds = {}): boolean {
  const check = VALIDATORS[type];
  if (!check || typeof value !== 'string') return false;
  return check(value, bounds);
}
