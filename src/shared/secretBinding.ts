/**
 * Secret binding: a stored secret (LDAP bind password, OpenID client secret, dynamic DNS password or token) is used
 * only with the settings it was saved with that decide where it is sent and whom it names. Whoever may edit those
 * settings without knowing the secret must not be able to send it elsewhere, so a change of any of them needs the
 * secret typed again: the appliance refuses the change (and its test bench) otherwise, and the console's forms ask
 * for the secret as soon as one of these fields changes. One set of rules, shared by both, so they say the same.
 *
 * Per kind, the binding is:
 * - LDAP: the server (scheme, host, port), the TLS protection and trust (StartTLS, trusted CA) and the bind DN;
 * - OpenID Connect: the issuer (its discovery names the token endpoint the secret goes to) and the client id;
 * - dynamic DNS: the provider, for a custom provider the update URL's server (with `%HOST%` filled in: the host
 *   name then decides where the URL points), and the user name.
 * Values are compared after normalising only what cannot change the destination (case of scheme and host, default
 * ports, trailing slashes); anything else counts as a change: a needless retype is cheap, a leaked secret is not.
 */

/** One field the secret is bound to: its normalised value and how its change is said ("the … changed"). */
export interface BindingPart {
  name: string;
  value: string;
  changed: string;
}

export interface SecretBinding {
  parts: BindingPart[];
  /** Whether these settings send the secret at all (an anonymous LDAP bind does not). */
  usesSecret: boolean;
}

export interface LdapBindingInput {
  url: string;
  starttls: boolean;
  ca_id: string | null;
  bind_dn: string;
}

export interface OidcBindingInput {
  issuer: string;
  client_id: string;
}

export interface DdnsBindingInput {
  provider: string;
  hostname: string;
  username: string;
  update_url: string;
}

const ADDRESS_CHANGED = 'the server address changed';

/** A text field's value; forms validate empty fields as absent. */
const text = (v: string | null | undefined): string => (typeof v === 'string' ? v.trim() : '');

/** `ldap[s]://host[:port]` with the scheme and host in lower case and the default port written out. */
function ldapAddress(url: string): string {
  const m = /^(ldaps?):\/\/(\[[^\]]*\]|[^:/]*)(?::(\d+))?\/?$/i.exec(url);
  if (!m) return url;
  const scheme = m[1].toLowerCase();
  const port = m[3] ? String(Number(m[3])) : scheme === 'ldaps' ? '636' : '389';
  return `${scheme}://${m[2].toLowerCase()}:${port}`;
}

/** The scheme, host, port and path of a URL (WHATWG-normalised), without trailing slashes. */
function httpLocation(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url.replace(/\/+$/, '');
  }
}

/** Where a custom update URL sends its request: its origin, once `%HOST%` is the host name. */
function updateOrigin(template: string, hostname: string): string {
  const filled = template.replaceAll('%HOST%', hostname.toLowerCase());
  try {
    const u = new URL(filled);
    return `${u.protocol}//${u.host}`;
  } catch {
    return (/^[^:]+:\/\/[^/?#]*/.exec(filled)?.[0] ?? filled).toLowerCase();
  }
}

export function ldapSecretBinding(s: LdapBindingInput): SecretBinding {
  return {
    parts: [
      { name: 'address', value: ldapAddress(text(s.url)), changed: ADDRESS_CHANGED },
      {
        name: 'tls',
        value: `starttls=${s.starttls ? 'on' : 'off'};ca=${s.ca_id ?? '*'}`,
        changed: "the server's TLS settings changed",
      },
      { name: 'identity', value: text(s.bind_dn), changed: 'the bind DN changed' },
    ],
    usesSecret: text(s.bind_dn) !== '',
  };
}

export function oidcSecretBinding(s: OidcBindingInput): SecretBinding {
  return {
    parts: [
      { name: 'address', value: httpLocation(text(s.issuer)), changed: 'the issuer changed' },
      { name: 'identity', value: text(s.client_id), changed: 'the client id changed' },
    ],
    usesSecret: true,
  };
}

export function ddnsSecretBinding(a: DdnsBindingInput): SecretBinding {
  const custom = a.provider === 'custom';
  return {
    parts: [
      { name: 'provider', value: text(a.provider), changed: 'the provider changed' },
      {
        name: 'address',
        value: custom ? updateOrigin(text(a.update_url), text(a.hostname)) : '',
        changed: ADDRESS_CHANGED,
      },
      { name: 'identity', value: text(a.username), changed: 'the user name changed' },
    ],
    // A custom URL gets the secret only as Basic credentials, i.e. with a user name; Duck DNS always (its token).
    usesSecret: custom ? text(a.username) !== '' : true,
  };
}

/** The text stored beside a secret: what it is bound to. */
export const bindingText = (b: SecretBinding): string =>
  JSON.stringify(Object.fromEntries(b.parts.map((p) => [p.name, p.value])));

/**
 * Why a secret saved with `stored` (its `bindingText`) may not be used with `next`: the first changed part's
 * reason, or null when they match. A secret stored without a binding is bound to nothing and never used.
 */
export function bindingChange(stored: string | null, next: SecretBinding): string | null {
  let saved: Record<string, unknown> = {};
  try {
    saved = stored ? (JSON.parse(stored) as Record<string, unknown>) : {};
  } catch {
    // An unreadable binding matches nothing.
  }
  const changed = next.parts.find((p) => saved[p.name] !== p.value);
  return changed ? changed.changed : null;
}

/** The message under a secret field whose stored value cannot be used any more. */
export const retypeMessage = (secretName: string, reason: string): string =>
  `Type the ${secretName} again: ${reason}`;

/** The error type of that message (a 422 item on the secret field). */
export const RETYPE_ERROR = 'value_error.secret.retype';
