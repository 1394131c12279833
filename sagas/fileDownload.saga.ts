/**
 * `file download requested`: POST a JSON body to an API path whose answer is a file (PKCS#12, key export), save
 * it in the browser, and report the outcome in the resources slice's save map so the view can follow it by id.
 * Started with the PKI pages' chunk (a feature saga): it needs the browser.
 */
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { apiUrl } from '../src/api/client';
import { postForFile, saveFile, type DownloadedFile } from '../src/api/fileDownload';
import type { RootState } from '../src/store/createStore';
import { fileDownloadRequested } from '../src/store/slices/fileDownload.actions';
import { fieldErrorsCleared } from '../src/store/slices/fieldErrors.slice';
import { resourceSaveFinished } from '../src/store/slices/resources.slice';
import { handleError } from './handleError';

export function* downloadFile(action: ReturnType<typeof fileDownloadRequested>) {
  const { requestId, path, body, filename } = action.payload;
  const apiBase: string = yield select((s: RootState) => s.config.apiBase);
  try {
    yield put(fieldErrorsCleared());
    const file: DownloadedFile = yield call(postForFile, apiUrl(apiBase, path), body, filename);
    yield call(saveFile, file);
    yield put(resourceSaveFinished({ requestId, ok: true }));
  } catch (e) {
    yield put(resourceSaveFinished({ requestId, ok: false }));
    yield call(handleError, e);
  }
}

export function* fileDownloadSaga() {
  // takeEvery: each export is the user's own request.
  yield takeEvery(fileDownloadRequested.type, downloadFile);
}
