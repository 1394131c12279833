/**
 * The endpoints of scripts with a size budget (the login page's first script, the core layout's chunk, the help
 * pages): each is its route (method and path, routes.ts) typed as the endpoint of its contract module, whose schemas
 * stay out of the script (the imports below are types only).
 * `api.call(shell.getMe, {}, { apiBase })` answers `ResponseOf<typeof console.getMe>`, `urlOf(shell.getImage,
 * { slot: 'bar_logo' }, apiBase)` is the image's address; a route that stopped matching its contract's method or
 * path would not compile here. Code that may carry TypeBox uses the contract modules themselves.
 */
import type * as authentication from './authentication';
import type * as consoleContract from './console';
import type { RouteOf } from './endpoint';
import * as routes from './routes';
import type * as network from './network';
import type * as pki from './pki';
import type * as system from './system';

export const getMenu: RouteOf<typeof consoleContract.getMenu> = routes.getMenu;
export const getMe: RouteOf<typeof consoleContract.getMe> = routes.getMe;
export const getMyMessages: RouteOf<typeof consoleContract.getMyMessages> = routes.getMyMessages;
export const ackMessage: RouteOf<typeof consoleContract.ackMessage> = routes.ackMessage;
export const getUiSettings: RouteOf<typeof system.getUiSettings> = routes.getUiSettings;
export const getImage: RouteOf<typeof system.getImage> = routes.getImage;
export const getOpenApiDocument: RouteOf<typeof consoleContract.getOpenApiDocument> =
  routes.getOpenApiDocument;
export const getInterfaces: RouteOf<typeof network.getInterfaces> = routes.getInterfaces;
export const getSamples: RouteOf<typeof network.getSamples> = routes.getSamples;
export const getSystemStatus: RouteOf<typeof network.getSystemStatus> = routes.getSystemStatus;
export const listCertificates: RouteOf<typeof pki.listCertificates> = routes.listCertificates;
export const listUsers: RouteOf<typeof authentication.listUsers> = routes.listUsers;
export const listGroups: RouteOf<typeof authentication.listGroups> = routes.listGroups;
export const getLoginSetup: RouteOf<typeof authentication.getLoginSetup> = routes.getLoginSetup;
export const login: RouteOf<typeof authentication.login> = routes.login;
export const loginWithSecurityKey: RouteOf<typeof authentication.loginWithSecurityKey> =
  routes.loginWithSecurityKey;
export const changePassword: RouteOf<typeof authentication.changePassword> = routes.changePassword;
export const logout: RouteOf<typeof authentication.logout> = routes.logout;
export const getSession: RouteOf<typeof authentication.getSession> = routes.getSession;
export const extendSession: RouteOf<typeof authentication.extendSession> = routes.extendSession;
export const reauthenticate: RouteOf<typeof authentication.reauthenticate> = routes.reauthenticate;
