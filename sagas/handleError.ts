/**
 * Sends an error to the one error handler (src/api/errorHandler.ts), loading the handler and its message catalogue
 * on the first error instead of with the page.
 */
import { call } from 'redux-saga/effects';

type ErrorHandlerModule = typeof import('../src/api/errorHandler');

export const loadErrorHandler = (): Promise<ErrorHandlerModule> =>
  import(/* webpackChunkName: "error-handler" */ '../src/api/errorHandler');

export function* handleError(error: unknown) {
  const { handleApiError }: ErrorHandlerModule = yield call(loadErrorHandler);
  yield call(handleApiError, error);
}
