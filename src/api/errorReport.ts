/**
 * Reporting an error to the one error handler from code that is not a saga. Kept apart from the handler itself, so
 * the handler and its message catalogue load only when an error actually has to be shown.
 */
import { createAction } from '@reduxjs/toolkit';
import { ApiError, isApiError, type ApiErrorKind } from './errors';

/** A thrown value in a form the store accepts (actions stay serialisable). */
export interface SerializedError {
  message: string;
  kind?: ApiErrorKind;
  status?: number;
  data?: unknown;
  rawText?: string;
  url?: string;
  method?: string;
}

export function serializeError(error: unknown): SerializedError {
  if (isApiError(error)) {
    const { message, kind, status, data, rawText, url, method } = error;
    return { message, kind, status, data, rawText, url, method };
  }
  return { message: error instanceof Error ? error.message : String(error ?? '') };
}

export function deserializeError(e: SerializedError): unknown {
  if (!e.kind) return new Error(e.message);
  return new ApiError({
    kind: e.kind,
    message: e.message,
    url: e.url ?? '',
    method: e.method ?? 'GET',
    status: e.status,
    data: e.data,
    rawText: e.rawText,
  });
}

/** For non-saga code: `dispatch(errorReported(serializeError(error)))`. */
export const errorReported = createAction<SerializedError>('errors/reported');
