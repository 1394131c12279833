/**
 * Reducers of the slices only signed-in pages read. They load with the core layout's chunk (which registers them,
 * see CoreLayout.tsx) so the account pages' first-load script does not carry them; the server registers them up
 * front (render.tsx), so it renders and serialises their state on every page.
 */
import { logReportSlice } from './slices/logReport.slice';
import { networkSlice } from './slices/network.slice';
import { logTailSlice } from './slices/logTail.slice';
import { windowsSlice } from './slices/windows.slice';
import { progressSlice } from './slices/progress.slice';
import { updatesSlice } from './slices/updates.slice';
import { layoutSettingsSlice } from './slices/layoutSettings.slice';
import { resourcesSlice } from './slices/resources.slice';

export const signedInReducers = {
  windows: windowsSlice.reducer,
  progress: progressSlice.reducer,
  logReport: logReportSlice.reducer,
  updates: updatesSlice.reducer,
  layoutSettings: layoutSettingsSlice.reducer,
  resources: resourcesSlice.reducer,
  network: networkSlice.reducer,
  logTails: logTailSlice.reducer,
};
