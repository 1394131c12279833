/**
 * The core layout's routes (coreRoutes.ts) typed as the endpoints of their contract modules, as `shell.ts` does for
 * the entry script: `api.call(coreShell.listConfirmations, {}, { apiBase })` answers
 * `ResponseOf<typeof apply.listConfirmations>` without the contracts' schemas in the script (the imports below are
 * types only). A route that stopped matching its contract's method or path would not compile here.
 */
import type * as alerts from './alerts';
import type * as apply from './apply';
import * as routes from './coreRoutes';
import type { RouteOf } from './endpoint';
import type * as logs from './logs';
import type * as system from './system';

export const getNotifications: RouteOf<typeof alerts.getNotifications> = routes.getNotifications;
export const markNotificationsRead: RouteOf<typeof alerts.markNotificationsRead> =
  routes.markNotificationsRead;
export const listConfirmations: RouteOf<typeof apply.listConfirmations> = routes.listConfirmations;
export const keepConfirmation: RouteOf<typeof apply.keepConfirmation> = routes.keepConfirmation;
export const revertConfirmation: RouteOf<typeof apply.revertConfirmation> = routes.revertConfirmation;
export const listJobs: RouteOf<typeof apply.listJobs> = routes.listJobs;
export const putUiSettings: RouteOf<typeof system.putUiSettings> = routes.putUiSettings;
export const resetUiSettings: RouteOf<typeof system.resetUiSettings> = routes.resetUiSettings;
export const putImage: RouteOf<typeof system.putImage> = routes.putImage;
export const deleteImage: RouteOf<typeof system.deleteImage> = routes.deleteImage;
export const getDashboard: RouteOf<typeof system.getDashboard> = routes.getDashboard;
export const getUpdates: RouteOf<typeof system.getUpdates> = routes.getUpdates;
export const checkUpdates: RouteOf<typeof system.checkUpdates> = routes.checkUpdates;
export const uploadUpdatePackage: RouteOf<typeof system.uploadUpdatePackage> = routes.uploadUpdatePackage;
export const applyUpdate: RouteOf<typeof system.applyUpdate> = routes.applyUpdate;
export const rollbackUpdate: RouteOf<typeof system.rollbackUpdate> = routes.rollbackUpdate;
export const putUpdateSettings: RouteOf<typeof system.putUpdateSettings> = routes.putUpdateSettings;
export const putUpdateSchedule: RouteOf<typeof system.putUpdateSchedule> = routes.putUpdateSchedule;
export const addTrustedKey: RouteOf<typeof system.addTrustedKey> = routes.addTrustedKey;
/** A stream's address only (`streamUrlOf`); its events' schemas stay with the code that opens it. */
export const logStream: Pick<typeof logs.logStream, 'path'> = routes.logStream;
export const jobStream: Pick<typeof apply.jobStream, 'path'> = routes.jobStream;
