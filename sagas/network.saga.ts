/**
 * Data of the network pages and the home dashboard (request saga: also runs during a server render, so the
 * pages render with their data). Each `…Requested` action loads one resource; a failure marks it failed and goes
 * through the one error handler, except the public interface list, whose failure the page shows itself.
 */
import { PASSIVE_HEADER } from '../src/shared/http';
import { call, delay, getContext, put, select, takeLatest } from 'redux-saga/effects';
import type { ApiClient, ApiResponse } from '../src/api/client';
import type * as network from '../src/shared/contracts/network';
import * as coreShell from '../src/shared/contracts/coreShell';
import * as shell from '../src/shared/contracts/shell';
import type { RootState } from '../src/store/createStore';
import {
  analyticsFailed,
  analyticsLoaded,
  analyticsRequested,
  interfacesFailed,
  interfacesLoaded,
  interfacesRequested,
  statusFailed,
  statusLoaded,
  dashboardLoaded,
  dashboardFailed,
  dashboardRequested,
  type DashboardSummary,
  statusRequested,
  type SamplesAnswer,
  type SystemStatus,
} from '../src/store/slices/network.slice';
import { handleError } from './handleError';
import type { ResponseOf } from '../src/shared/contracts/endpoint';

const apiBaseOf = (s: RootState) => s.config.apiBase;

export function* loadInterfaces() {
  const api: ApiClient = yield getContext('api');
  const apiBase: string = yield select(apiBaseOf);
  try {
    const res: ApiResponse<ResponseOf<typeof network.getInterfaces>> = yield call(
      [api, api.call],
      shell.getInterfaces,
      {},
      { apiBase },
    );
    yield put(
      interfacesLoaded({
        signedIn: res.data?.signed_in === true,
        data: Array.isArray(res.data?.data) ? res.data.data : [],
      }),
    );
  } catch {
    // A public page: no error modal for anonymous visitors; the page says the list could not be read.
    yield put(interfacesFailed());
  }
}

/** A range being dragged loads once it has stayed put this long (takeLatest drops the intermediate ones). */
export const RANGE_SETTLE_MS = 300;

export function* loadAnalytics(action: ReturnType<typeof analyticsRequested>) {
  if (action.payload.settle) yield delay(RANGE_SETTLE_MS);
  const api: ApiClient = yield getContext('api');
  const apiBase: string = yield select(apiBaseOf);
  const { from, to } = action.payload;
  try {
    const res: ApiResponse<SamplesAnswer> = yield call(() =>
      api.call(shell.getSamples, { query: { from: String(from), to: String(to) } }, { apiBase }),
    );
    yield put(analyticsLoaded(res.data));
  } catch (e) {
    yield put(analyticsFailed());
    yield call(handleError, e);
  }
}

export function* loadStatus() {
  const api: ApiClient = yield getContext('api');
  const apiBase: string = yield select(apiBaseOf);
  try {
    // The dashboard's refresh is the console's own polling, not the user's activity: it keeps no session alive.
    const res: ApiResponse<SystemStatus> = yield call(
      [api, api.call],
      shell.getSystemStatus,
      {},
      {
        apiBase,
        headers: { [PASSIVE_HEADER]: '1' },
      },
    );
    yield put(statusLoaded(res.data));
  } catch (e) {
    yield put(statusFailed());
    yield call(handleError, e);
  }
}

export function* loadDashboard() {
  const api: ApiClient = yield getContext('api');
  const apiBase: string = yield select(apiBaseOf);
  try {
    const res: ApiResponse<DashboardSummary> = yield call(
      [api, api.call],
      coreShell.getDashboard,
      {},
      {
        apiBase,
        headers: { [PASSIVE_HEADER]: '1' },
      },
    );
    yield put(dashboardLoaded(res.data));
  } catch (e) {
    // The status above is the page's main content: a summary that cannot be read leaves its cards out quietly.
    yield put(dashboardFailed());
  }
}

export function* networkSaga() {
  // takeLatest: a newer request (navigation back, a new range) replaces the one in flight.
  yield takeLatest(interfacesRequested.type, loadInterfaces);
  yield takeLatest(analyticsRequested.type, loadAnalytics);
  yield takeLatest(statusRequested.type, loadStatus);
  yield takeLatest(dashboardRequested.type, loadDashboard);
}
