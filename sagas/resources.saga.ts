/**
 * The configuration pages' data (see resources.slice.ts). `resource load requested` GETs `{api}<key>` through the
 * saga-context client (routes dispatch it as their prefetch, so the server render waits for it); `resource save
 * requested` sends the change, hands failures to the one error handler (pydantic field errors land under their
 * fields), and on success shows a toast and reloads the key. A save answered by a job starts the progress overlay
 * and reloads once the job has ended.
 */
import { call, getContext, put, select, take, takeEvery } from 'redux-saga/effects';
import { apiUrl, type ApiClient, type ApiResponse } from '../src/api/client';
import { isApiError } from '../src/api/errors';
import { SUCCESS_DURATION_MS } from '../src/notifications/constants';
import { PASSIVE_HEADER } from '../src/shared/http';
import { progressJobStarted, progressUpdated } from '../src/store/slices/progress.slice';
import type { RootState } from '../src/store/createStore';
import { fieldErrorsCleared } from '../src/store/slices/fieldErrors.slice';
import { notificationRequested } from '../src/store/slices/notifications.slice';
import {
  resourceLoaded,
  resourceLoadFailed,
  resourceLoadRequested,
  resourcePagesForgotten,
  resourceSaveFinished,
  resourceSaveRequested,
} from '../src/store/slices/resources.slice';
import { handleError } from './handleError';

export function* loadResource(action: ReturnType<typeof resourceLoadRequested>) {
  const { key, notFoundIsPage, passive } = action.payload;
  const apiBase: string = yield select((s: RootState) => s.config.apiBase);
  const api: ApiClient = yield getContext('api');
  try {
    const res: ApiResponse<unknown> = yield call(
      api.get,
      apiUrl(apiBase, key),
      ...(passive ? [{ headers: { [PASSIVE_HEADER]: '1' } }] : []),
    );
    yield put(resourceLoaded({ key, data: res.data }));
  } catch (e) {
    // The view tells an entity the appliance does not know (404) from a load that failed otherwise.
    const status = isApiError(e) ? e.status : undefined;
    yield put(resourceLoadFailed({ key, error: { status } }));
    // An entity's detail page is the 404 page for an id the appliance does not know: a toast would only repeat it.
    // Every other failure (and any 404 of a key no page says so for) goes to the error handler.
    if (notFoundIsPage && status === 404) return;
    if (passive && status !== 401) return;
    yield call(handleError, e);
  }
}

function* waitForJobEnd(id: string) {
  for (;;) {
    const action: ReturnType<typeof progressUpdated> = yield take(progressUpdated.type);
    if (action.payload.id === id && action.payload.status !== 'running') return;
  }
}

export function* saveResource(action: ReturnType<typeof resourceSaveRequested>) {
  const save = action.payload;
  const apiBase: string = yield select((s: RootState) => s.config.apiBase);
  const api: ApiClient = yield getContext('api');
  const reload = [save.key, ...(save.refresh ?? [])];
  try {
    yield put(fieldErrorsCleared());
    const res: ApiResponse<{ id?: string; job?: { id?: string } | null }> = yield call(
      api.request,
      apiUrl(apiBase, save.path),
      {
        method: save.method,
        ...(save.body === undefined ? {} : { body: save.body }),
        ...(save.headers ? { headers: save.headers } : {}),
      },
    );
    if (save.resultKey) yield put(resourceLoaded({ key: save.resultKey, data: res.data }));
    yield put(resourceSaveFinished({ requestId: save.requestId, ok: true }));
    if (save.message)
      yield put(
        notificationRequested({
          kind: 'toast',
          level: 'success',
          message: save.message,
          duration: SUCCESS_DURATION_MS,
        }),
      );
    // A job answers itself (Apply) or inside the answer (a configuration document: `{plan, revision, job}`).
    const jobId = typeof res.data?.id === 'string' ? res.data.id : res.data?.job?.id;
    if (save.job && typeof jobId === 'string') {
      yield put(progressJobStarted({ id: jobId, dataType: 'config' }));
      yield call(waitForJobEnd, jobId);
    }
    for (const key of reload) {
      const entries: Record<string, unknown> = yield select((s: RootState) => s.resources.entries);
      yield put(resourcePagesForgotten({ key }));
      // Only what someone holds reloads: a list shown in pages reloads from its view (the page on screen asks
      // again), and a key nobody has loaded (ten thousand certificates after a change on one of them) is loaded by
      // the view that needs it, when it needs it.
      if (key in entries) yield call(loadResource, resourceLoadRequested({ key }));
    }
  } catch (e) {
    yield put(resourceSaveFinished({ requestId: save.requestId, ok: false }));
    yield call(handleError, e);
  }
}

export function* resourcesSaga() {
  // takeEvery: loads of different keys run side by side; a repeated load of one key just answers twice.
  yield takeEvery(resourceLoadRequested.type, loadResource);
  // takeEvery: each save is the user's own request and reports its own outcome.
  yield takeEvery(resourceSaveRequested.type, saveResource);
}
