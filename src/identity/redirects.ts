/**
 * Redirect safety (issue 4, Security): every address a flow hands us (`redirect_uri`, `return_to`,
 * `redirect_browser_to`, `logout_url`) may only lead to the console's own origin or a configured identity
 * origin. Anything else is refused and logged, and the caller falls back to a safe default.
 */
import { logger } from '../lib/logger';

export interface RedirectPolicy {
  /** The console's origin (window.location.origin in the browser). */
  origin: string;
  /** The identity base as configured: a path (same origin) or an absolute URL of an external identity service. */
  identityBase: string;
  /** More identity origins allowed (e.g. a provider login page served by the identity service). */
  extraOrigins?: readonly string[];
}

function originOf(value: string): string | null {
  try {
    return /^https?:\/\//i.test(value) ? new URL(value).origin : null;
  } catch {
    return null;
  }
}

/** The allowed origins of a policy. */
export function allowedOrigins(policy: RedirectPolicy): string[] {
  const list = [policy.origin, originOf(policy.identityBase), ...(policy.extraOrigins ?? []).map(originOf)];
  return [...new Set(list.filter((o): o is string => Boolean(o)))];
}

/**
 * The address to navigate to, or null when it is not allowed. Relative paths resolve against the console's origin;
 * protocol-relative (`//host`), backslash tricks, control characters and non-http(s) schemes are refused.
 */
export function checkRedirect(target: string | null | undefined, policy: RedirectPolicy): string | null {
  if (typeof target !== 'string' || target === '' || target.length > 4096) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  if (target.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(target, policy.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!allowedOrigins(policy).includes(url.origin)) return null;
  // Same-origin targets stay relative, so the page never leaves the console by accident.
  return url.origin === policy.origin ? url.pathname + url.search + url.hash : url.toString();
}

/** Like checkRedirect, but logs a refused target and returns the fallback instead. */
export function safeRedirect(
  target: string | null | undefined,
  policy: RedirectPolicy,
  fallback = '/',
): string {
  const ok = checkRedirect(target, policy);
  if (ok !== null) return ok;
  if (target)
    logger.warn('refused redirect to a foreign or malformed address', {
      target: String(target).slice(0, 200),
    });
  return fallback;
}
