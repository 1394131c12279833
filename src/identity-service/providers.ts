/**
 * Third-party sign-in services, configured in `${dataDir}/identity-providers.json` (read again whenever it changes,
 * so an edit or a restored backup applies without a restart):
 *
 *   { "providers": [ { "id": "corp", "label": "Corp SSO", "issuer_url": "https://sso.corp.example",
 *                      "client_id": "rampart", "client_secret": "…", "scope": ["openid", "email", "profile"],
 *                      "email_claim": "email" }, … ] }                       (a bare array is accepted too)
 *
 * The provider's token and userinfo endpoints must be on the issuer's origin unless the entry says
 * `"allow_cross_origin_endpoints": true` (some hosted providers split them; see service-kit/oidcIssuer.ts).
 *
 * Such an entry is a generic OpenID Connect provider, as Kratos' `oidc` method configures them: the flow's button
 * runs the authorisation code flow with PKCE against `issuer_url` (see oidc.ts). The older form
 * `{ "id": "google", "login_url": "https://…" }` (known ids only) still works, but its button only sends the browser
 * to that URL and never signs anyone in; a warning at start says so.
 *
 * Entries are checked strictly: a bad one is logged (never with its secret) and left out, the others still apply; an
 * unreadable file means no providers. Nothing here takes the identity service down.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { issuerAllowed } from '../service-kit/oidcIssuer';
import { isProviderId, PROVIDER_NAMES, type ProviderId } from '../shared/providers';

export { PROVIDER_NAMES, type ProviderId };

/** The older form: a button that only redirects to `loginUrl`. */
export interface RedirectProvider {
  kind: 'redirect';
  id: ProviderId;
  name: string;
  loginUrl: string;
}

/** A generic OpenID Connect provider (Kratos `oidc` method, `provider: generic`). */
export interface OidcProvider {
  kind: 'oidc';
  id: string;
  name: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string[];
  /** The claim that becomes the `email` trait. */
  emailClaim: string;
  /** `allow_cross_origin_endpoints`: token and userinfo endpoints may be on another origin than the issuer. */
  allowCrossOriginEndpoints: boolean;
}

export type Provider = RedirectProvider | OidcProvider;

export const PROVIDERS_FILE = 'identity-providers.json';
export const DEFAULT_SCOPE = ['openid', 'email', 'profile'];

const OIDC_KEYS = new Set([
  'id',
  'provider',
  'label',
  'name',
  'issuer_url',
  'client_id',
  'client_secret',
  'scope',
  'email_claim',
  'allow_cross_origin_endpoints',
]);
const ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/;
const CLAIM = /^[A-Za-z0-9_.:-]{1,64}$/;
const CONTROL = /[\x00-\x1f\x7f]/;

type Log = Pick<FastifyBaseLogger, 'warn'>;

class BadEntry extends Error {}

function text(
  entry: Record<string, unknown>,
  key: string,
  max: number,
  required: boolean,
): string | undefined {
  const v = entry[key];
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string' || v.trim() === '' || v.length > max || CONTROL.test(v))
    throw new BadEntry(`${key} must be a non-empty string of at most ${max} characters`);
  return v.trim();
}

function scopeOf(raw: unknown): string[] {
  if (raw === undefined) return [...DEFAULT_SCOPE];
  const list = typeof raw === 'string' ? raw.split(/\s+/).filter(Boolean) : raw;
  if (!Array.isArray(list) || list.length === 0 || list.length > 32)
    throw new BadEntry('scope must be a list of scopes (or one space-separated string)');
  if (!list.every((s) => typeof s === 'string' && SCOPE_TOKEN.test(s)))
    throw new BadEntry('scope holds a value that is not a valid scope');
  if (!list.includes('openid')) throw new BadEntry('scope must include "openid"');
  return [...new Set(list as string[])];
}

function parseOidc(entry: Record<string, unknown>): OidcProvider {
  const unknown = Object.keys(entry).filter((k) => !OIDC_KEYS.has(k));
  if (unknown.length) throw new BadEntry(`unknown field(s) ${unknown.join(', ')}`);
  if (entry.provider !== undefined && entry.provider !== 'generic')
    throw new BadEntry('provider must be "generic" (or left out)');
  const id = entry.id;
  if (typeof id !== 'string' || !ID.test(id))
    throw new BadEntry('id must be 1-64 lower-case letters, digits, "-" or "_"');
  if (entry.label !== undefined && entry.name !== undefined)
    throw new BadEntry('give label or name, not both');
  const label = text(entry, entry.label !== undefined ? 'label' : 'name', 64, false);
  const issuerUrl = text(entry, 'issuer_url', 2048, true)!;
  if (!issuerAllowed(issuerUrl))
    throw new BadEntry(
      'issuer_url must be an https URL (http only on loopback), without query or credentials',
    );
  const emailClaim = entry.email_claim === undefined ? 'email' : entry.email_claim;
  if (typeof emailClaim !== 'string' || !CLAIM.test(emailClaim))
    throw new BadEntry('email_claim must be a claim name');
  const crossOrigin = entry.allow_cross_origin_endpoints ?? false;
  if (typeof crossOrigin !== 'boolean')
    throw new BadEntry('allow_cross_origin_endpoints must be true or false');
  return {
    kind: 'oidc',
    id,
    name: label ?? (isProviderId(id) ? PROVIDER_NAMES[id] : id),
    issuerUrl: issuerUrl.replace(/\/+$/, ''),
    clientId: text(entry, 'client_id', 256, true)!,
    clientSecret: text(entry, 'client_secret', 1024, true)!,
    scope: scopeOf(entry.scope),
    emailClaim,
    allowCrossOriginEndpoints: crossOrigin,
  };
}

function parseRedirect(entry: Record<string, unknown>): RedirectProvider {
  const id = entry.id;
  if (!isProviderId(id)) throw new BadEntry('unknown provider id (login_url entries take a known id)');
  let url: URL | null;
  try {
    url = typeof entry.login_url === 'string' ? new URL(entry.login_url) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new BadEntry('login_url must be an absolute http(s) URL');
  return { kind: 'redirect', id, name: PROVIDER_NAMES[id], loginUrl: url.toString() };
}

export function parseProviders(raw: unknown, log?: Log): Provider[] {
  const list: unknown = Array.isArray(raw) ? raw : (raw as { providers?: unknown } | null)?.providers;
  if (!Array.isArray(list)) {
    if (raw !== undefined)
      log?.warn('identity providers: the file holds no "providers" list; no providers offered');
    return [];
  }
  const out: Provider[] = [];
  list.forEach((entry: unknown, index) => {
    const record =
      entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as Record<string, unknown>) : null;
    // The id goes to the log only when it is a plausible one (a log line is no place for arbitrary input).
    const named = typeof record?.id === 'string' && ID.test(record.id) ? record.id : undefined;
    try {
      if (!record) throw new BadEntry('an entry must be an object');
      const provider =
        record.login_url !== undefined && record.issuer_url === undefined
          ? parseRedirect(record)
          : parseOidc(record);
      if (out.some((p) => p.id === provider.id)) throw new BadEntry('the id is used by an earlier entry');
      out.push(provider);
      if (provider.kind === 'redirect')
        log?.warn(
          { provider: provider.id },
          'identity providers: login_url only sends the browser away and never signs anyone in; give issuer_url, client_id and client_secret to sign in with OpenID Connect',
        );
    } catch (err) {
      if (!(err instanceof BadEntry)) throw err;
      log?.warn({ provider: named, entry: index, reason: err.message }, 'identity providers: entry ignored');
    }
  });
  return out;
}

/**
 * The providers file as it is now: read again when it changes (inode, size or modification time), so an edit or a
 * restored backup applies to the next flow; entries are checked (and bad ones logged) once per change.
 */
export class ProvidersFile {
  private seen: string | null = null;
  private providers: Provider[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  current(): Provider[] {
    let stamp: string;
    try {
      const st = fs.statSync(path.join(this.dataDir, PROVIDERS_FILE));
      stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      stamp = 'absent'; // unreadable is logged by loadProviders
    }
    if (stamp !== this.seen) {
      this.seen = stamp;
      this.providers = loadProviders(this.dataDir, this.log);
    }
    return this.providers;
  }
}

export function loadProviders(dataDir: string, log: FastifyBaseLogger): Provider[] {
  const file = path.join(dataDir, PROVIDERS_FILE);
  if (!fs.existsSync(file)) return [];
  try {
    return parseProviders(JSON.parse(fs.readFileSync(file, 'utf8')) as unknown, log);
  } catch (err) {
    log.error(
      {
        file,
        reason:
          err instanceof SyntaxError ? 'not valid JSON' : err instanceof Error ? err.message : String(err),
      },
      'identity providers: file unreadable; no providers offered',
    );
    return [];
  }
}

/**
 * Where the provider buttons' form posts lead (the issuer's origin, or the login_url's), for the console's
 * Content-Security-Policy `form-action`. Read quietly: loadProviders logs what is wrong with the file.
 */
export function providerOrigins(dataDir: string): string[] {
  let providers: Provider[];
  try {
    providers = parseProviders(JSON.parse(fs.readFileSync(path.join(dataDir, PROVIDERS_FILE), 'utf8')));
  } catch {
    return [];
  }
  const origins = providers.map((p) => new URL(p.kind === 'oidc' ? p.issuerUrl : p.loginUrl).origin);
  return [...new Set(origins)];
}
