/**
 * The browser's side of the redirect policy (src/shared/redirectPolicy.ts): every address a flow or the local login
 * hands us (`redirect_uri`, `return_to`, `redirect_browser_to`, `logout_url`, links, images, scripts) goes through the
 * same check as on the server. A refused target is logged and replaced by a safe default.
 */
import { logger } from '../lib/logger';
import {
  allowedOrigins,
  checkRedirect,
  consoleRedirectPolicy,
  DEFAULT_REDIRECT,
  type RedirectPolicy,
} from '../shared/redirectPolicy';

export { allowedOrigins, checkRedirect, consoleRedirectPolicy, type RedirectPolicy };

/** Like checkRedirect, but logs a refused target and returns the (checked) fallback instead. */
export function safeRedirect(target: unknown, policy: RedirectPolicy, fallback = DEFAULT_REDIRECT): string {
  const ok = checkRedirect(target, policy);
  if (ok !== null) return ok;
  if (target)
    logger.warn('refused redirect to a foreign or malformed address', {
      target: String(target).slice(0, 200),
    });
  return checkRedirect(fallback, policy) ?? DEFAULT_REDIRECT;
}
