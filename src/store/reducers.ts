/** Every feature slice's reducer, by its key in the root state. A feature adds its slice here. */
import { buildSlice } from './slices/build.slice';
import { configSlice } from './slices/config.slice';
import { layoutSlice } from './slices/layout.slice';
import { menuSlice } from './slices/menu.slice';
import { notificationsSlice } from './slices/notifications.slice';
import { logReportSlice } from './slices/logReport.slice';
import { networkSlice } from './slices/network.slice';
import { logTailSlice } from './slices/logTail.slice';
import { sessionSlice } from './slices/session.slice';
import { sessionLifetimeSlice } from './slices/sessionLifetime.slice';
import { fieldErrorsSlice } from './slices/fieldErrors.slice';
import { windowsSlice } from '../windows/windows.slice';
import { progressSlice } from '../progress/progress.slice';
import { jobWindowsSlice } from '../progress/jobWindows.slice';
import { updatesSlice } from './slices/updates.slice';
import { layoutSettingsSlice } from './slices/layoutSettings.slice';
import { resourcesSlice } from './slices/resources.slice';

export const reducers = {
  config: configSlice.reducer,
  session: sessionSlice.reducer,
  sessionLifetime: sessionLifetimeSlice.reducer,
  menu: menuSlice.reducer,
  layout: layoutSlice.reducer,
  build: buildSlice.reducer,
  notifications: notificationsSlice.reducer,
  fieldErrors: fieldErrorsSlice.reducer,
  windows: windowsSlice.reducer,
  progress: progressSlice.reducer,
  jobWindows: jobWindowsSlice.reducer,
  logReport: logReportSlice.reducer,
  updates: updatesSlice.reducer,
  layoutSettings: layoutSettingsSlice.reducer,
  resources: resourcesSlice.reducer,
  network: networkSlice.reducer,
  logTails: logTailSlice.reducer,
};
