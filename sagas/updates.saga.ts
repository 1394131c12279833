/**
 * The updates page's data (`/updates/update`). `updatesLoadRequested` (the route's prefetch, so the server render
 * has the data) loads `GET {api}updates`; the admin actions (check the repository, upload a package, apply,
 * roll back, save the repository or schedule) are calls of their endpoints (src/shared/contracts/system.ts), with errors going to
 * the central handler. Applying and rolling back start an appliance job that the progress overlay follows; the
 * status is reloaded when the job ends.
 */
import { call, getContext, put, select, take, takeLeading } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient, ApiResponse } from '../src/api/client';
import type { AnyEndpoint, CallArgs, ResponseOf, RouteOf } from '../src/shared/contracts/endpoint';
import * as coreShell from '../src/shared/contracts/coreShell';
import type { UploadedPackage } from '../src/shared/contracts/system';
import { SUCCESS_DURATION_MS } from '../src/notifications/constants';
import {
  progressClosed,
  progressJobStarted,
  progressUpdated,
  type ProgressView,
} from '../src/store/slices/progress.slice';
import type { RootState } from '../src/store/createStore';
import { notificationRequested } from '../src/store/slices/notifications.slice';
import {
  updateApplyRequested,
  updatePackageUploadRequested,
  updateRollbackRequested,
  updateScheduleSaveRequested,
  updateTrustedKeyAddRequested,
  updateSettingsSaveRequested,
  updatesActionFinished,
  updatesCheckRequested,
  updatesLoaded,
  updatesLoadFailed,
  updatesLoadRequested,
  type UpdateStatus,
} from '../src/store/slices/updates.slice';
import { handleError } from './handleError';

/** Calls an updates endpoint (src/shared/contracts/system.ts) on the configured API base. */
function* callEndpoint<E extends AnyEndpoint>(e: RouteOf<E>, args: CallArgs<E>) {
  const api: ApiClient = yield getContext('api');
  const state: RootState = yield select();
  const res: ApiResponse<ResponseOf<E>> = yield call([api, api.call], e, args, {
    apiBase: state.config.apiBase,
  });
  return res;
}

export function* loadUpdates() {
  try {
    const res: ApiResponse<UpdateStatus> = yield* callEndpoint(coreShell.getUpdates, {});
    yield put(updatesLoaded(res.data));
  } catch (e) {
    yield put(updatesLoadFailed());
    yield call(handleError, e);
  }
}

const success = (message: string) =>
  notificationRequested({ kind: 'toast', level: 'success', message, duration: SUCCESS_DURATION_MS });

/** Waits until the job ends (a final status, or its overlay is closed without moving into a window). */
export function* waitForJob(id: string) {
  for (;;) {
    const action: UnknownAction = yield take([progressUpdated.type, progressClosed.type]);
    // A job moved into a window still runs: its final progress (still dispatched) ends the wait.
    if (progressClosed.match(action) && !action.payload?.toWindow) return;
    if (progressUpdated.match(action) && action.payload.id === id && action.payload.status !== 'running')
      return;
  }
}

function* startJob(res: ApiResponse<ProgressView>) {
  yield put(progressJobStarted({ id: res.data.id, dataType: 'upgrade' }));
  yield call(waitForJob, res.data.id);
  yield call(loadUpdates);
}

type MutationAction =
  | ReturnType<typeof updatesCheckRequested>
  | ReturnType<typeof updatePackageUploadRequested>
  | ReturnType<typeof updateApplyRequested>
  | ReturnType<typeof updateRollbackRequested>
  | ReturnType<typeof updateSettingsSaveRequested>
  | ReturnType<typeof updateScheduleSaveRequested>
  | ReturnType<typeof updateTrustedKeyAddRequested>;

export function* runUpdatesAction(action: MutationAction) {
  let uploaded: string | undefined;
  try {
    if (updatesCheckRequested.match(action)) {
      const res: ApiResponse<UpdateStatus> = yield* callEndpoint(coreShell.checkUpdates, {});
      yield put(updatesLoaded(res.data));
      const n = res.data.available.length;
      if (!res.data.last_check?.error)
        yield put(
          success(n ? `${n} update${n === 1 ? '' : 's'} available.` : 'The appliance is up to date.'),
        );
    } else if (updatePackageUploadRequested.match(action)) {
      const body = new Blob([action.meta.arg], { type: 'application/octet-stream' });
      const res: ApiResponse<UploadedPackage> = yield* callEndpoint(coreShell.uploadUpdatePackage, { body });
      uploaded = res.data.version;
      yield put(success(`Package ${uploaded} verified and ready to apply.`));
      yield call(loadUpdates);
    } else if (updateApplyRequested.match(action)) {
      const res: ApiResponse<ProgressView> = yield* callEndpoint(coreShell.applyUpdate, {
        body: { version: action.payload.version },
      });
      yield call(startJob, res);
    } else if (updateRollbackRequested.match(action)) {
      const res: ApiResponse<ProgressView> = yield* callEndpoint(coreShell.rollbackUpdate, { body: {} });
      yield call(startJob, res);
    } else if (updateSettingsSaveRequested.match(action)) {
      const res: ApiResponse<UpdateStatus> = yield* callEndpoint(coreShell.putUpdateSettings, {
        body: action.payload,
      });
      yield put(updatesLoaded(res.data));
      yield put(success('Repository settings saved.'));
    } else if (updateScheduleSaveRequested.match(action)) {
      const res: ApiResponse<UpdateStatus> = yield* callEndpoint(coreShell.putUpdateSchedule, {
        body: action.payload,
      });
      yield put(updatesLoaded(res.data));
      yield put(success('Update schedule saved.'));
    } else if (updateTrustedKeyAddRequested.match(action)) {
      const res: ApiResponse<UpdateStatus> = yield* callEndpoint(coreShell.addTrustedKey, {
        body: action.payload,
      });
      yield put(updatesLoaded(res.data));
      yield put(success(`Key ${action.payload.name} is now trusted for update packages.`));
    }
  } catch (e) {
    yield call(handleError, e);
  } finally {
    yield put(updatesActionFinished(uploaded ? { uploaded } : undefined));
  }
}

export function* updatesSaga() {
  // takeLeading: one load at a time; a repeated request while loading is served by the first.
  yield takeLeading(updatesLoadRequested.type, loadUpdates);
  // takeLeading: one admin action at a time (a job runs alone anyway); a second click meanwhile is dropped.
  yield takeLeading(
    [
      updatesCheckRequested.type,
      updatePackageUploadRequested.type,
      updateApplyRequested.type,
      updateRollbackRequested.type,
      updateSettingsSaveRequested.type,
      updateScheduleSaveRequested.type,
      updateTrustedKeyAddRequested.type,
    ],
    runUpdatesAction,
  );
}
