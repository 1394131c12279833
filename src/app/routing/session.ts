/**
 * Spec §4: "logged in" means a login token is present in the visit cookie, read at every navigation. The token
 * itself is HttpOnly; the appliance sets a readable companion flag cookie beside it (no secret in it) so the
 * browser can tell without a round trip. In bearer mode the token cookie itself is readable.
 */
import { parseCookieHeader } from '../../api/client';
import { BEARER_COOKIE, LOGGED_IN_COOKIE, SESSION_COOKIE } from '../../shared/http';

export function isLoggedInFromCookies(cookieHeader: string | null | undefined): boolean {
  const cookies = parseCookieHeader(cookieHeader);
  return Boolean(cookies[LOGGED_IN_COOKIE] || cookies[SESSION_COOKIE] || cookies[BEARER_COOKIE]);
}

/** Reads the cookies of a loader's request: the request's header on the server, the document's in the browser. */
export function requestCookies(request: Request): string {
  return request.headers.get('cookie') ?? (typeof document !== 'undefined' ? document.cookie : '');
}
