/**
 * Sagas of the pages inside the core layout: its menu, their data (updates, layout settings, the configuration
 * resources, the network pages), the safe-apply confirmation banners, the progress overlay's feed and the windows
 * manager. In the browser they start with the core layout's chunk (startFeatureSaga in CoreLayout.tsx), so the
 * account pages, which never show that layout, do not carry them in their first-load script (the login page's
 * bundle budget, README "Budgets"). The server render runs the request sagas for every page (serverRoot.ts).
 */
import { spawn } from 'redux-saga/effects';
import { confirmationsSaga } from './confirmations.saga';
import { layoutSettingsSaga } from './layoutSettings.saga';
import { menuSaga } from './menu.saga';
import { networkSaga } from './network.saga';
import { progressSaga } from './progress.saga';
import { resourcesSaga } from './resources.saga';
import { updatesSaga } from './updates.saga';
import { windowsSaga } from './windows.saga';

/** Sagas that answer the core pages' actions; they also run during a server render. */
export const coreRequestSagas = [menuSaga, updatesSaga, layoutSettingsSaga, resourcesSaga, networkSaga];

/** Long-lived browser effects of the core layout (the progress overlay, the windows hub, pending confirmations). */
export const coreBrowserSagas = [progressSaga, windowsSaga, confirmationsSaga];

/** Browser only: each saga is spawned, so one crashing feature does not stop the others. */
export function* coreLayoutSaga() {
  for (const saga of [...coreRequestSagas, ...coreBrowserSagas]) yield spawn(saga);
}
