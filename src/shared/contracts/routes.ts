/**
 * The method and path of the endpoints that scripts with a size budget call or show, written once: the shell's (its
 * style and images, who-am-I, messages and menu) in the login page's first script, the network and home data the
 * core layout's chunk loads for every console page, the OpenAPI document the help pages link to, the lists the command
 * palette searches. The contract
 * modules build those endpoints from them (`endpoint({ ...routes.getMe, response, summary })`), and `shell.ts` hands
 * them to the console typed as those endpoints, so these scripts call them without carrying TypeBox and the
 * contracts' schemas (README "Budgets").
 *
 * This module imports nothing at run time (a type only): keep it so.
 */
import type { Route } from './endpoint';

const route = <const R extends Route>(r: R): R => Object.freeze(r);

export const getMenu = route({ method: 'GET', path: 'menu/' });
export const getMe = route({ method: 'GET', path: 'users/me' });
export const getMyMessages = route({ method: 'GET', path: 'users/me/messages' });
export const ackMessage = route({ method: 'POST', path: 'users/me/ack-messages' });
export const getUiSettings = route({ method: 'GET', path: 'config/settings' });
/** `slot`: `bar_logo`, `login_logo`, `login_background`. */
export const getImage = route({ method: 'GET', path: 'config/:slot' });
export const getOpenApiDocument = route({ method: 'GET', path: 'openapi.json' });
export const getInterfaces = route({ method: 'GET', path: 'network/interfaces' });
export const getSamples = route({ method: 'GET', path: 'network/samples' });
export const getSystemStatus = route({ method: 'GET', path: 'system/status' });
/** The lists the command palette (a lazy chunk opened on Ctrl+K) searches. */
export const listCertificates = route({ method: 'GET', path: 'pki/certificates' });
export const listUsers = route({ method: 'GET', path: 'users' });
export const listGroups = route({ method: 'GET', path: 'groups' });
/**
 * Signing in and the session's lifetime, under the auth base (`auth/…`; the console calls them with
 * `authBaseOf(authBase)`): the login page's first script calls them. The login's and the password change's paths
 * move with the appliance's settings (`atPath`).
 */
export const getLoginSetup = route({ method: 'GET', path: 'auth/setup' });
export const login = route({ method: 'POST', path: 'auth/login', form: true });
export const loginWithSecurityKey = route({ method: 'POST', path: 'auth/login/webauthn' });
export const changePassword = route({ method: 'POST', path: 'auth/change_password', form: true });
export const logout = route({ method: 'POST', path: 'auth/logout', form: true });
export const getSession = route({ method: 'GET', path: 'auth/session' });
export const extendSession = route({ method: 'POST', path: 'auth/session/extend' });
export const reauthenticate = route({ method: 'POST', path: 'auth/reauth' });
