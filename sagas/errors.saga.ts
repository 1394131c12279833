/**
 * Lets code that is not a saga (a component, a machine's host callback) send an error to the one error handler:
 * it dispatches `errorReported(serializeError(error))`; this saga rebuilds the error and handles it.
 */
import { call, takeEvery } from 'redux-saga/effects';
import { deserializeError, errorReported } from '../src/api/errorReport';
import { handleError } from './handleError';

export function* errorsSaga() {
  // takeEvery: every reported error is handled; they do not replace each other.
  yield takeEvery(errorReported.type, function* (action: ReturnType<typeof errorReported>) {
    yield call(handleError, deserializeError(action.payload));
  });
}
