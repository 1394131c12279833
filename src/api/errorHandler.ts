/**
 * The one error handler (spec §8) every call goes through. `interpretError` is pure: it turns any thrown value
 * into outcomes (a forced-invalid field, notifications, sticky error modals); `errorActions` maps those to store
 * actions; `handleApiError` is the saga form callers use: `yield call(handleApiError, error)`.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { put } from 'redux-saga/effects';
import { CONFLICT_MS_PER_ITEM, ERROR_DURATION_MS } from '../notifications/constants';
import { fieldErrorSet } from '../store/slices/fieldErrors.slice';
import { notificationRequested, stickyErrorRaised } from '../store/slices/notifications.slice';
import {
  CONFLICT_TYPES,
  fillTemplate,
  isConflictType,
  messageForType,
  statusMessages,
} from './errorCatalogue';
import { isApiError } from './errors';
import { REAUTH_REQUIRED } from '../shared/http';

/** One item of a pydantic-style `detail` list (spec §3 error-detail item). */
export interface ErrorDetailItem {
  loc?: Array<string | number>;
  msg?: string;
  type?: string;
  ctx?: Record<string, unknown>;
  requiresConfirmation?: boolean;
  title?: string;
}

export type ErrorOutcome =
  | { kind: 'field'; name: string; message: string }
  | { kind: 'notification'; message: string; title?: string; duration: number }
  | { kind: 'sticky'; title: string; message: string };

/** Location segments that say where in the request the field was, not which field. */
const LOCATION_ROOTS = new Set(['body', 'query', 'path', 'header', 'cookie', 'form']);

/** The input name an item points at: its location without the request part, joined with dots. */
export function fieldNameOf(loc: ErrorDetailItem['loc']): string | undefined {
  if (!Array.isArray(loc) || loc.length === 0) return undefined;
  const parts = LOCATION_ROOTS.has(String(loc[0])) ? loc.slice(1) : loc;
  return parts.length ? parts.map(String).join('.') : undefined;
}

const toast = (message: string, duration = ERROR_DURATION_MS, title?: string): ErrorOutcome => ({
  kind: 'notification',
  message,
  duration,
  ...(title ? { title } : {}),
});

function conflictItems(item: ErrorDetailItem): string[] {
  const ctx = item.ctx ?? {};
  const raw =
    ctx.conflicts ??
    ctx.items ??
    ctx.users ??
    ctx.groups ??
    ctx.conflicting_users ??
    ctx.conflicting_groups ??
    [];
  if (!Array.isArray(raw)) return [String(raw)];
  return raw.map((x) => {
    if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      return String(o.name ?? o.username ?? o.id ?? JSON.stringify(o));
    }
    return String(x);
  });
}

/** Outcomes of a `detail` list: stops at the first field-located item (spec §8). */
export function interpretDetailItems(items: ErrorDetailItem[]): ErrorOutcome[] {
  const out: ErrorOutcome[] = [];
  for (const raw of items) {
    const item: ErrorDetailItem = raw && typeof raw === 'object' ? raw : { msg: String(raw) };
    if (isConflictType(item.type)) {
      const list = conflictItems(item);
      const message =
        fillTemplate(CONFLICT_TYPES[item.type], { items: list }) ?? item.msg ?? statusMessages.validation;
      out.push(toast(message, Math.max(1, list.length) * CONFLICT_MS_PER_ITEM));
      continue;
    }
    const message = messageForType(item.type, item.ctx, item.msg);
    const name = fieldNameOf(item.loc);
    if (name) {
      out.push({ kind: 'field', name, message });
      break;
    }
    if (item.requiresConfirmation) out.push({ kind: 'sticky', title: item.title ?? 'Error', message });
    else out.push(toast(message, ERROR_DURATION_MS, item.title));
  }
  return out;
}

/** Outcomes of a response body's `detail` (string or list); undefined when the body has none. */
function interpretDetail(data: unknown): ErrorOutcome[] | undefined {
  if (!data || typeof data !== 'object' || !('detail' in data)) return undefined;
  const detail = (data as { detail: unknown }).detail;
  if (typeof detail === 'string' && detail) return [toast(detail)];
  if (Array.isArray(detail) && detail.length) return interpretDetailItems(detail as ErrorDetailItem[]);
  if (detail && typeof detail === 'object') return interpretDetailItems([detail as ErrorDetailItem]);
  return undefined;
}

function describeData(data: unknown): string | undefined {
  if (data === undefined || data === null || data === '') return undefined;
  if (typeof data === 'string') return data;
  if (
    typeof data === 'object' &&
    'detail' in data &&
    typeof (data as { detail: unknown }).detail === 'string'
  ) {
    return (data as { detail: string }).detail;
  }
  if (
    typeof data === 'object' &&
    'message' in data &&
    typeof (data as { message: unknown }).message === 'string'
  ) {
    return (data as { message: string }).message;
  }
  return JSON.stringify(data);
}

/** Turns anything a call threw into what the user sees (spec §8 "By response status"). */
export function interpretError(error: unknown): ErrorOutcome[] {
  if (!isApiError(error)) {
    const message = error instanceof Error && error.message ? error.message : statusMessages.generic;
    return [toast(message)];
  }
  const { status, data, rawText } = error;
  // Transport errors (network, timeout, canceled) have no response: the client's message says which.
  if (status === undefined) return [toast(error.message || statusMessages.generic)];
  switch (status) {
    case 401:
      return [toast(statusMessages[401])];
    case 403:
      return [
        toast(
          (data as { detail?: { code?: unknown } } | undefined)?.detail?.code === REAUTH_REQUIRED
            ? statusMessages.reauthRequired
            : statusMessages[403],
        ),
      ];
    case 404:
      return interpretDetail(data) ?? [toast(statusMessages[404])];
    case 400:
    case 409:
    case 422:
      return interpretDetail(data) ?? [toast(statusMessages.validation)];
    case 500:
      return [toast(statusMessages[500])];
    default: {
      const shown = describeData(data) ?? (rawText && rawText.trim() ? rawText : undefined);
      return [toast(shown ?? statusMessages.generic)];
    }
  }
}

/** The store actions for an error's outcomes. */
export function errorActions(error: unknown): UnknownAction[] {
  return interpretError(error).map((o) => {
    switch (o.kind) {
      case 'field':
        return fieldErrorSet({ name: o.name, message: o.message });
      case 'sticky':
        return stickyErrorRaised({ title: o.title, message: o.message });
      case 'notification':
        return notificationRequested({
          kind: 'toast',
          level: 'error',
          message: o.message,
          title: o.title,
          duration: o.duration,
        });
    }
  });
}

/** The saga form: `yield call(handleApiError, error)` from any saga's catch. */
export function* handleApiError(error: unknown) {
  for (const action of errorActions(error)) yield put(action);
}

export { deserializeError, errorReported, serializeError, type SerializedError } from './errorReport';
