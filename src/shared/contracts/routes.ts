/**
 * The method and path of the endpoints the shell calls or shows (its style and images, who-am-I, messages and menu),
 * written once: the contract modules build those endpoints from them (`endpoint({ ...routes.getMe, response,
 * summary })`), and `shell.ts` hands them to the console typed as those endpoints, so the login page's first script
 * can call them without carrying TypeBox (its size budget, README "Budgets").
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
