/**
 * Build-update polling (spec §4, §9): about 1 s after start, then every `buildPollSeconds`, the client reads
 * /_build/latest.json with a timestamp query; a differing build id marks an update, and the router turns the next
 * navigation into a full page load. Runs in the browser only.
 */
import { call, delay, getContext, put, select } from 'redux-saga/effects';
import type { ApiClient, ApiResponse } from '../src/api/client';
import type { RootState } from '../src/store/createStore';
import { latestBuildSeen } from '../src/store/slices/build.slice';

export const FIRST_BUILD_CHECK_MS = 1000; // §9 first build check about 1 s after start

export function* checkLatestBuild() {
  const api: ApiClient = yield getContext('api');
  try {
    const res: ApiResponse<{ buildId?: unknown }> = yield call(api.get, '/_build/latest.json', {
      query: { ts: Date.now() },
      retries: 0,
    });
    if (typeof res.data?.buildId === 'string') yield put(latestBuildSeen(res.data.buildId));
  } catch {
    // Offline or restarting: try again at the next poll.
  }
}

export function* buildUpdateSaga() {
  yield delay(FIRST_BUILD_CHECK_MS);
  for (;;) {
    yield call(checkLatestBuild);
    const state: RootState = yield select();
    if (state.build.updateAvailable) return;
    yield delay(state.config.buildPollSeconds * 1000);
  }
}
