/**
 * The method and path of the endpoints (and the address of the streams) that the core layout's chunk calls, which
 * every signed-in page loads: the notification bell, the changes awaiting confirmation, jobs, the dashboard, the
 * layout settings and updates sagas. As `routes.ts`, but in a module of their own so that they stay out of the
 * entry script (the login page's) that `routes.ts` is part of. The contract modules build those endpoints from them
 * and `coreShell.ts` types them as those endpoints (README "Budgets").
 *
 * This module imports nothing at run time (a type only): keep it so.
 */
import type { Route } from './endpoint';

const route = <const R extends Route>(r: R): R => Object.freeze(r);

/** The notification bell in the main bar, and the changes awaiting confirmation the core layout's saga watches. */
export const getNotifications = route({ method: 'GET', path: 'alerts/notifications' });
export const markNotificationsRead = route({ method: 'POST', path: 'alerts/notifications/read' });
export const listConfirmations = route({ method: 'GET', path: 'apply/confirmations' });
export const keepConfirmation = route({ method: 'POST', path: 'apply/confirmations/:id/confirm' });
export const revertConfirmation = route({ method: 'POST', path: 'apply/confirmations/:id/revert' });
export const listJobs = route({ method: 'GET', path: 'jobs' });
/** A job's progress stream's address (under `/eos`); the saga loads its events' schemas with the first job. */
export const jobStream = Object.freeze({ path: 'jobs/:id/stream' } as const);
/** The layout settings' changes, sent by the core layout's saga for the layout settings page. */
export const putUiSettings = route({ method: 'PUT', path: 'config/settings' });
export const resetUiSettings = route({ method: 'DELETE', path: 'config/settings' });
export const putImage = route({ method: 'PUT', path: 'config/:slot' });
export const deleteImage = route({ method: 'DELETE', path: 'config/:slot' });
/** The home page's dashboard, and the updates page's calls, sent by the core layout's sagas. */
export const getDashboard = route({ method: 'GET', path: 'dashboard' });
export const getUpdates = route({ method: 'GET', path: 'updates' });
export const checkUpdates = route({ method: 'POST', path: 'updates/check' });
export const uploadUpdatePackage = route({ method: 'POST', path: 'updates/packages' });
export const applyUpdate = route({ method: 'POST', path: 'updates/apply' });
export const rollbackUpdate = route({ method: 'POST', path: 'updates/rollback' });
export const putUpdateSettings = route({ method: 'PUT', path: 'updates/settings' });
export const putUpdateSchedule = route({ method: 'PUT', path: 'updates/schedule' });
export const addTrustedKey = route({ method: 'POST', path: 'updates/trusted-keys' });
/** The log stream's address (under `/eos`), which the signed-in store's log report slice writes. */
export const logStream = Object.freeze({ path: 'system/logs/stream' } as const);
