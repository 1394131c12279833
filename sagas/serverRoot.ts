/**
 * The server render's root saga: the root saga's request sagas and the core layout's (which the browser starts
 * with the core layout's chunk, see core.ts), forked so the render can wait for them.
 */
import { fork } from 'redux-saga/effects';
import { coreRequestSagas } from './core';
import { rootSaga } from './root';

export function* serverRootSaga() {
  yield fork(rootSaga);
  for (const saga of coreRequestSagas) yield fork(saga);
}
