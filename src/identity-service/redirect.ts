/**
 * Redirect targets of the identity flows (`return_to` of login, registration, recovery, verification, settings and
 * logout) go through the console's one redirect policy (src/shared/redirectPolicy.ts). Like Kratos, the service keeps
 * an allowed target as an absolute URL (a local path is put on the console's origin, so it never resolves against
 * the identity base's host instead).
 */
import { absoluteRedirect, consoleRedirectPolicy, type RedirectPolicy } from '../shared/redirectPolicy';

/** The identity service's policy: the console's origin, the identity base's and the configured extra origins. */
export function identityRedirectPolicy(
  consoleOrigin: string,
  publicBase: string,
  redirectOrigins: readonly string[],
): RedirectPolicy {
  return consoleRedirectPolicy(consoleOrigin, { identityBase: publicBase, redirectOrigins });
}

/** The allowed target as an absolute URL, or null when the policy refuses it. */
export function allowedRedirect(target: string, policy: RedirectPolicy): string | null {
  return absoluteRedirect(target, policy);
}
