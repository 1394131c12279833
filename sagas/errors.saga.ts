/**
 * Lets code that is not a saga (a component, a machine's host callback) send an error to the one error handler:
 * it dispatches `errorReported(serializeError(error))`; this saga rebuilds the error and handles it.
 */
import { call, takeEvery } from 'redux-saga/effects';
import { errorReported, handleApiError, deserializeError } from '../src/api/errorHandler';

export function* errorsSaga() {
  // takeEvery: every reported error is handled; they do not replace each other.
  yield takeEvery(errorReported.type, function* (action: ReturnType<typeof errorReported>) {
    yield call(handleApiError, deserializeError(action.payload));
  });
}
