/**
 * Who may sign up with the identity service (self-service registration): anyone (`open`, the default), only
 * addresses at the allowed domains (`domains`), or nobody (`closed`). The appliance writes the policy into the data
 * directory (SIGNUP_POLICY_FILE) and the identity service reads it there on each sign-up, so neither imports the
 * other; both, and the console's settings form, check it with the functions here.
 *
 * Domains: compared case-insensitively in their ASCII (IDNA/punycode) form, so `Bücher.example` and
 * `xn--bcher-kva.example` are one domain. An entry matches that domain exactly; `*.example.com` matches every
 * subdomain of example.com (not example.com itself: list both for both). Characters that IDNA folds into other
 * ASCII ones (fullwidth letters, ideographic dots) are refused rather than folded, so an address that only looks
 * like an allowed domain never matches it.
 */

export type SignupMode = 'open' | 'domains' | 'closed';
export const SIGNUP_MODES: readonly SignupMode[] = ['open', 'domains', 'closed'];

export interface SignupPolicy {
  mode: SignupMode;
  /** Kept while another mode is chosen, so switching back restores the list. */
  allowed_domains: string[];
}

/** In the data directory, beside identity-providers.json. Absent: the default (open). */
export const SIGNUP_POLICY_FILE = 'identity-registration.json';
export const DEFAULT_SIGNUP_POLICY: SignupPolicy = { mode: 'open', allowed_domains: [] };
export const MAX_ALLOWED_DOMAINS = 100;
export const DOMAIN_ENTRY_MAX_LENGTH = 255;

const WILDCARD = '*.';
/** Anything a URL host parser would read as more than a host name (or decode): refused before parsing. */
const NOT_A_NAME = /[\s/\\?#@:%[\]<>^|"'`{}*,;=&+$!~()]/u;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const ASCII = /^[\x21-\x7e]*$/;

/**
 * The ASCII (punycode) lower-case form of a host name, or null when it is not one: at least two labels, no IP
 * address, nothing IDNA would fold into other ASCII characters. One trailing dot (the absolute form) is dropped.
 */
export function asciiDomain(raw: string): string | null {
  const input = raw.endsWith('.') ? raw.slice(0, -1) : raw;
  if (input === '' || input.length > DOMAIN_ENTRY_MAX_LENGTH || NOT_A_NAME.test(input)) return null;
  let host: string;
  try {
    host = new URL(`http://${input}/`).hostname;
  } catch {
    return null;
  }
  const given = input.toLowerCase().split('.');
  const labels = host.split('.');
  if (labels.length < 2 || labels.length !== given.length || host.length > 253) return null;
  for (let i = 0; i < labels.length; i++) {
    if (!LABEL.test(labels[i])) return null;
    // An ASCII label stays as typed; a Unicode one must become an IDNA label, never plain ASCII look-alikes.
    const unicodeOk = given[i].normalize('NFKC') === given[i] && labels[i].startsWith('xn--');
    if (ASCII.test(given[i]) ? labels[i] !== given[i] : !unicodeOk) return null;
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1])) return null;
  return host;
}

/** An allow-list entry in its stored form (`example.com` or `*.example.com`), or null when it is not one. */
export function normalizeDomainEntry(raw: string): string | null {
  const entry = raw.trim();
  const wildcard = entry.startsWith(WILDCARD);
  const domain = asciiDomain(wildcard ? entry.slice(WILDCARD.length) : entry);
  return domain === null ? null : wildcard ? `${WILDCARD}${domain}` : domain;
}

/** The domain of an e-mail address (after its last `@`) in ASCII form, or null when it has none that is valid. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at < 1 ? null : asciiDomain(email.slice(at + 1).trim());
}

/** True when `policy` lets `email` sign up (the e-mail's own validity is checked elsewhere). */
export function signupAllowed(policy: SignupPolicy, email: string): boolean {
  if (policy.mode === 'open') return true;
  if (policy.mode === 'closed') return false;
  const domain = emailDomain(email);
  if (domain === null) return false;
  return policy.allowed_domains.some((entry) =>
    entry.startsWith(WILDCARD) ? domain.endsWith(entry.slice(1)) : domain === entry,
  );
}

/**
 * Reads a stored or submitted policy strictly: null when anything is off (unknown mode or field, an entry that is
 * not a domain, too many, `domains` with an empty list). Entries come back normalised and without duplicates.
 */
export function parseSignupPolicy(raw: unknown): SignupPolicy | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const { mode, allowed_domains: list, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  if (!SIGNUP_MODES.includes(mode as SignupMode)) return null;
  if (!Array.isArray(list) || list.length > MAX_ALLOWED_DOMAINS) return null;
  const domains: string[] = [];
  for (const item of list) {
    const entry = typeof item === 'string' ? normalizeDomainEntry(item) : null;
    if (entry === null) return null;
    if (!domains.includes(entry)) domains.push(entry);
  }
  if (mode === 'domains' && domains.length === 0) return null;
  return { mode: mode as SignupMode, allowed_domains: domains };
}
