/**
 * LDAP / Active Directory through `ldapts`: connect (ldaps:// or StartTLS, trusting the PKI's CAs), bind with the
 * service account, find the user by the user filter, bind as the user to prove a password, and read the user's
 * groups with the group filter. Used by the test bench (every step reported) and by sign-in (`ldapAuthenticate`).
 * Values put into filters are escaped (RFC 4515), so a login name cannot widen a search.
 */
import tls from 'node:tls';
import { Client, InvalidCredentialsError, type Entry } from 'ldapts';
import type { ApplianceContext } from '../context';
import type { LdapSettings, MappedUser, ProviderCheck, ProviderCheckStep } from '../../shared/authentication';
import { pkiCaPems } from './store';

/**
 * Connecting (TCP and TLS, StartTLS included) and each operation (bind, search) are bounded by this; a directory that
 * accepts the connection and never answers costs at most that per step. Search answers are bounded by their size
 * limits (2 users, 500 groups).
 */
export const LDAP_TIMEOUT_MS = 5_000;

/** RFC 4515 escaping of a value placed inside a filter. */
export const escapeFilterValue = (value: string): string =>
  value.replace(/[\\*()\u0000]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

export const fillFilter = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(username|dn)\}/g, (_m, k: string) => escapeFilterValue(values[k] ?? ''));

function tlsOptions(ctx: ApplianceContext, s: LdapSettings): tls.ConnectionOptions {
  const pki = pkiCaPems(ctx, s.ca_id);
  return { ca: s.ca_id === null ? [...tls.rootCertificates, ...pki] : pki, minVersion: 'TLSv1.2' };
}

const first = (entry: Entry, attribute: string): string => {
  const v = entry[attribute];
  const one = Array.isArray(v) ? v[0] : v;
  if (one === undefined) return '';
  return Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
};

const describe = (e: unknown): string => {
  if (e instanceof InvalidCredentialsError) return 'invalid credentials';
  const err = e as NodeJS.ErrnoException & { code?: string | number };
  if (typeof err.code === 'string' && err.message) return `${err.code}: ${err.message}`;
  return err?.message ? err.message.slice(0, 300) : String(e).slice(0, 300);
};

async function connect(ctx: ApplianceContext, s: LdapSettings, timeoutMs = LDAP_TIMEOUT_MS): Promise<Client> {
  const options = tlsOptions(ctx, s);
  const client = new Client({
    url: s.url,
    timeout: timeoutMs,
    connectTimeout: timeoutMs,
    // ldapts speaks TLS from the first byte whenever it is given TLS options: only for ldaps://.
    ...(s.url.startsWith('ldaps://') ? { tlsOptions: options } : {}),
  });
  // StartTLS upgrades a socket ldapts opened itself: name the host, or the certificate is checked for "localhost".
  if (s.starttls && s.url.startsWith('ldap://'))
    await client.startTLS({ ...options, host: new URL(s.url).hostname.replace(/^\[|\]$/g, '') });
  return client;
}

async function findUser(client: Client, s: LdapSettings, username: string): Promise<Entry[]> {
  const { searchEntries } = await client.search(s.base_dn, {
    scope: 'sub',
    filter: fillFilter(s.user_filter, { username }),
    attributes: [s.username_attribute, s.email_attribute, s.name_attribute],
    sizeLimit: 2,
  });
  return searchEntries;
}

async function groupsOf(client: Client, s: LdapSettings, dn: string, username: string): Promise<string[]> {
  if (!s.group_filter) return [];
  const { searchEntries } = await client.search(s.group_base_dn || s.base_dn, {
    scope: 'sub',
    filter: fillFilter(s.group_filter, { dn, username }),
    attributes: [s.group_name_attribute],
    sizeLimit: 500,
  });
  return searchEntries.map((g) => first(g, s.group_name_attribute)).filter(Boolean);
}

const mapUser = (s: LdapSettings, entry: Entry, groups: string[]): MappedUser => ({
  subject: entry.dn,
  username: first(entry, s.username_attribute),
  email: first(entry, s.email_attribute),
  name: first(entry, s.name_attribute),
  groups,
});

/**
 * The test bench: each step is run for real against the directory and reported; it stops at the first failure.
 * Without a test user name only the connection and the service bind are checked.
 */
export async function checkLdap(
  ctx: ApplianceContext,
  s: LdapSettings,
  bindPassword: string | null,
  test: { username?: string; password?: string },
  timeoutMs = LDAP_TIMEOUT_MS,
): Promise<ProviderCheck> {
  const steps: ProviderCheckStep[] = [];
  const fail = (step: string, e: unknown): ProviderCheck => {
    steps.push({ step, ok: false, message: describe(e) });
    return { ok: false, steps, user: null };
  };
  let client: Client;
  try {
    client = await connect(ctx, s, timeoutMs);
  } catch (e) {
    return fail('connect', e);
  }
  try {
    try {
      if (s.bind_dn) await client.bind(s.bind_dn, bindPassword ?? '');
      steps.push({
        step: 'bind',
        ok: true,
        message: s.bind_dn ? `bound as ${s.bind_dn}` : 'no bind DN: searching anonymously',
      });
    } catch (e) {
      return fail('bind', e);
    }
    if (!test.username) return { ok: true, steps, user: null };
    let entries: Entry[];
    try {
      entries = await findUser(client, s, test.username);
    } catch (e) {
      return fail('search user', e);
    }
    if (entries.length !== 1)
      return fail(
        'search user',
        new Error(
          entries.length ? 'the user filter matches more than one entry' : 'no entry matches the user filter',
        ),
      );
    const entry = entries[0];
    steps.push({ step: 'search user', ok: true, message: `found ${entry.dn}` });
    if (test.password) {
      const userClient = await connect(ctx, s, timeoutMs);
      try {
        await userClient.bind(entry.dn, test.password);
        steps.push({ step: 'user bind', ok: true, message: 'the password is accepted' });
      } catch (e) {
        return fail('user bind', e);
      } finally {
        await userClient.unbind().catch(() => undefined);
      }
    }
    let groups: string[];
    try {
      groups = await groupsOf(client, s, entry.dn, test.username);
    } catch (e) {
      return fail('search groups', e);
    }
    steps.push({ step: 'search groups', ok: true, message: `${groups.length} group(s)` });
    return { ok: true, steps, user: mapUser(s, entry, groups) };
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** Thrown when the directory cannot be asked (down, TLS refused, service bind failed): the next provider is tried. */
export class ProviderUnavailableError extends Error {}

export type LdapSignIn = { status: 'unknown' } | { status: 'wrong' } | { status: 'ok'; user: MappedUser };

/**
 * Sign-in: `unknown` when the directory has no such user (the next provider is asked), `wrong` when it has and the
 * password is not the user's, `ok` with the mapped user otherwise. An empty password is refused before any bind (it
 * would be an unauthenticated bind, RFC 4513, which servers accept).
 */
export async function ldapAuthenticate(
  ctx: ApplianceContext,
  s: LdapSettings,
  bindPassword: string | null,
  username: string,
  password: string,
): Promise<LdapSignIn> {
  let client: Client;
  try {
    client = await connect(ctx, s);
    if (s.bind_dn) await client.bind(s.bind_dn, bindPassword ?? '');
  } catch (e) {
    throw new ProviderUnavailableError(describe(e));
  }
  try {
    let entries: Entry[];
    try {
      entries = await findUser(client, s, username);
    } catch (e) {
      throw new ProviderUnavailableError(describe(e));
    }
    if (entries.length !== 1) return { status: 'unknown' };
    if (!password) return { status: 'wrong' };
    const userClient = await connect(ctx, s);
    try {
      await userClient.bind(entries[0].dn, password);
    } catch (e) {
      if (e instanceof InvalidCredentialsError) return { status: 'wrong' };
      throw new ProviderUnavailableError(describe(e));
    } finally {
      await userClient.unbind().catch(() => undefined);
    }
    return { status: 'ok', user: mapUser(s, entries[0], await groupsOf(client, s, entries[0].dn, username)) };
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
