/**
 * Names on the wire that the console and the embedded appliance share: the session and login-flag cookies (spec §4
 * "logged in"), the bearer cookie (§7, bearer mode), the double-submit XSRF cookie and header (§7 generic client),
 * and the theme cookie the server reads to render the right theme.
 */
export const SESSION_COOKIE = 'rampart_session';
export const LOGGED_IN_COOKIE = 'rampart_logged_in';
export const BEARER_COOKIE = 'auth-bearer';
/** Under the auth base: programs exchange a password for a bearer token here (`POST {auth}/token`). */
export const TOKEN_PATH = '/token';
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The name the cookie takes over HTTPS: `__Host-` cookies cannot be planted by a sibling subdomain. */
export const XSRF_HOST_COOKIE = `__Host-${XSRF_COOKIE}`;
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const THEME_COOKIE = 'rampart_theme';
/**
 * Sent by requests the console makes on its own (polling, heartbeats): the appliance does not count them as the
 * user's activity, so they never keep an idle session alive.
 */
export const PASSIVE_HEADER = 'X-Rampart-Passive';
/** The 403 `detail.code` of a sensitive change whose session signed in too long ago (re-authenticate, then retry). */
export const REAUTH_REQUIRED = 'reauth_required';
/** The 401 `detail.code` of a session that ended by its idle or absolute timeout. */
export const SESSION_TIMEOUT = 'session_timeout';
