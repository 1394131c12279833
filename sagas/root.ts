/**
 * The root saga. In the browser each feature is spawned, so one crashing feature does not stop the others. On the
 * server the request sagas are forked instead, so the render can wait for the root task: they end once the
 * render dispatches END and their in-flight calls finish. Long-lived browser effects never start on the server.
 */
import { call, fork, getContext, select, spawn } from 'redux-saga/effects';
import type { RootState } from '../src/store/createStore';
import type { SagaContext } from '../src/store/createStore';
import { buildUpdateSaga } from './buildUpdate.saga';
import { layoutSaga } from './layout.saga';
import { errorsSaga } from './errors.saga';
import { agreementsSaga, messagingSaga, messagingStartSaga } from './messaging.saga';
import { notificationsSaga } from './notifications.saga';
import { sessionSaga } from './session.saga';

/** Sagas that answer actions on every page, the account pages too; they also run during a server render. */
export const requestSagas = [layoutSaga, sessionSaga, messagingSaga, errorsSaga];

/**
 * The session's lifetime (timeout warning, re-authentication) runs only for signed-in visitors; it loads with its
 * state machine library on demand, so the login page never downloads it.
 */
export function* sessionLifetimeOnDemand() {
  const loggedIn: boolean = yield select((s: RootState) => s.session.loggedIn);
  if (!loggedIn) return;
  const mod: typeof import('./sessionLifetime.saga') = yield call(
    () => import(/* webpackChunkName: "session-lifetime" */ './sessionLifetime.saga'),
  );
  yield call(mod.sessionLifetimeSaga);
}

/** Long-lived browser effects (polling, streams). */
export const browserSagas = [
  buildUpdateSaga,
  notificationsSaga,
  agreementsSaga,
  messagingStartSaga,
  sessionLifetimeOnDemand,
];
// The core layout's sagas (its menu, its pages' data, safe-apply confirmations, the progress overlay, the windows
// hub) start with its chunk: see core.ts
// (the server render runs them through serverRoot.ts). Page-specific sagas (the live log stream) start with their
// page's chunk: see featureSagas.ts.

export function* rootSaga() {
  const platform: SagaContext['platform'] = yield getContext('platform');
  const start = platform === 'server' ? fork : spawn;
  for (const saga of requestSagas) yield start(saga);
  if (platform === 'browser') for (const saga of browserSagas) yield spawn(saga);
}
