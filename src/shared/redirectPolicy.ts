/**
 * The one redirect policy of the console (server, embedded services and browser alike): where a `return_to`,
 * `redirect_uri`, `redirect_browser_to` or a flow's link may send the browser.
 *
 * A target is parsed the way a browser parses it (WHATWG URL, against the console's public origin) and re-serialised,
 * so what is checked is exactly what the browser would follow: dot segments, encoded dots, backslashes and stripped
 * tabs can no longer turn a path into another host after the check. The result is either
 *  - a path on the console that starts with exactly one `/` (never `//` or `/\`, which browsers read as another host),
 *  - or the full address of an allow-listed origin (an external identity service, `RAMPART_REDIRECT_ORIGINS`),
 * and anything else is refused (null) so the caller falls back to a default.
 *
 * Pure and dependency-free: imported by the appliance, the identity service and the browser bundle.
 */

export interface RedirectPolicy {
  /** The console's public origin (`https://console.example`); same-origin targets come out as paths. */
  origin: string;
  /** Other origins a redirect may lead to; entries that are not http(s) origins are ignored. */
  allowedOrigins?: readonly string[];
}

/** Where a refused target goes instead. */
export const DEFAULT_REDIRECT = '/';
/** Longer targets are refused (they only serve to hide something in logs and headers). */
export const REDIRECT_MAX_LENGTH = 2048;

/**
 * Characters never allowed in the raw target: C0 controls, space, DEL, C1 controls, any other whitespace and the
 * backslash. Browsers drop tabs and newlines and read `\` as `/`, so `/\evil` or `java\tscript:` would mean something
 * else to them than to a naive check; a legitimate target has all of these percent-encoded.
 */
const FORBIDDEN_RAW = /[\u0000-\u0020\u007f-\u009f\\\s]/u;
/** A target is either a path starting with `/` or an absolute http(s) URL; relative and other schemes are refused. */
const ABSOLUTE_HTTP = /^https?:\/\//i;

/** The origin of an absolute http(s) URL, or null. */
export function originOf(value: string): string | null {
  if (!ABSOLUTE_HTTP.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** True for a path that a browser keeps on the current origin: one leading `/`, not followed by `/` or `\`. */
export function isLocalPath(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';
}

/** The origins a policy allows, the console's own first, without duplicates. */
export function allowedOrigins(policy: RedirectPolicy): string[] {
  const list = [policy.origin, ...(policy.allowedOrigins ?? [])].map(originOf);
  return [...new Set(list.filter((o): o is string => o !== null))];
}

/**
 * The normalised target (a local path or an allow-listed absolute URL), or null when the target is not allowed.
 */
export function checkRedirect(target: unknown, policy: RedirectPolicy): string | null {
  if (typeof target !== 'string' || target === '' || target.length > REDIRECT_MAX_LENGTH) return null;
  if (FORBIDDEN_RAW.test(target)) return null;
  if (!isLocalPath(target) && !ABSOLUTE_HTTP.test(target)) return null;
  const own = originOf(policy.origin);
  if (!own) return null;
  let url: URL;
  try {
    url = new URL(target, own + '/');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // `https://console@evil` or `https://evil@console`: credentials in a redirect are only ever a disguise.
  if (url.username !== '' || url.password !== '') return null;
  if (url.origin === own) {
    // Dot segments are resolved by now: `/.//evil` has become `//evil`, which must not come out as a path.
    const path = url.pathname + url.search + url.hash;
    return isLocalPath(path) ? path : null;
  }
  if (!allowedOrigins(policy).includes(url.origin)) return null;
  return url.href;
}

/** The normalised target, or `fallback` (itself checked, else `/`) when it is not allowed. */
export function safeRedirect(target: unknown, policy: RedirectPolicy, fallback = DEFAULT_REDIRECT): string {
  return checkRedirect(target, policy) ?? checkRedirect(fallback, policy) ?? DEFAULT_REDIRECT;
}

/** An allowed target as an absolute URL (a local path is put on the console's origin), or null. */
export function absoluteRedirect(target: unknown, policy: RedirectPolicy): string | null {
  const ok = checkRedirect(target, policy);
  if (ok === null) return null;
  return isLocalPath(ok) ? `${originOf(policy.origin)}${ok}` : ok;
}

/** Origin used where only local paths matter: an absolute URL is never on it, so only paths pass. */
const PATHS_ONLY: RedirectPolicy = { origin: 'http://rampart.invalid' };

/** The normalised local path of a target (never an absolute URL), or null. */
export function checkLocalPath(target: unknown): string | null {
  if (typeof target !== 'string' || !isLocalPath(target)) return null;
  return checkRedirect(target, PATHS_ONLY);
}

/** The origins a console allows: its own, an external identity service's, and the configured extra ones. */
export function consoleRedirectPolicy(
  origin: string,
  config: { identityBase: string; redirectOrigins?: readonly string[] },
): RedirectPolicy {
  const identity = originOf(config.identityBase);
  return {
    origin,
    allowedOrigins: [...(identity ? [identity] : []), ...(config.redirectOrigins ?? [])],
  };
}
