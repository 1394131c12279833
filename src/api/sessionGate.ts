/**
 * Where the API client meets the session's life (issue "session lifecycle"):
 * - a sensitive change refused with 403 `reauth_required` waits while the user re-authenticates, then is sent again
 *   exactly as it was (same URL, method and body: the form's data is never touched), or fails as refused when the
 *   user cancels. Every caller of the client benefits: resources saga, feature sagas and views alike.
 * - an answer saying the session timed out (401 `session_timeout`) tells the session's owner at once, so a tab that
 *   was away learns it at its next request.
 * One prompt serves every request waiting at the same time.
 */
import { withCall, type ApiClient, type RequestOptions } from './client';
import { isApiError } from './errors';
import { REAUTH_REQUIRED, SESSION_TIMEOUT } from '../shared/http';

export type SessionGateEvent = 'reauth' | 'ended';

export interface SessionGate {
  /** Resolves true once the user re-authenticated, false when they cancelled. */
  reauthenticate(): Promise<boolean>;
  /** Settles the pending re-authentication (the session machine's `retried` / `cancelled`). */
  settle(ok: boolean): void;
  /** An answer said the session is over. */
  sessionEnded(): void;
  /** The session's owner (the lifetime saga) listens; returns the unsubscribe. */
  subscribe(listener: (event: SessionGateEvent) => void): () => void;
}

export function createSessionGate(): SessionGate {
  const listeners = new Set<(event: SessionGateEvent) => void>();
  let pending: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | null = null;
  const emit = (event: SessionGateEvent) => listeners.forEach((l) => l(event));
  return {
    reauthenticate() {
      // Nobody to ask (no signed-in layout): the refusal stands.
      if (listeners.size === 0) return Promise.resolve(false);
      if (!pending) {
        let resolve!: (ok: boolean) => void;
        const promise = new Promise<boolean>((r) => (resolve = r));
        pending = { promise, resolve };
        emit('reauth');
      }
      return pending.promise;
    },
    settle(ok) {
      const p = pending;
      pending = null;
      p?.resolve(ok);
    },
    sessionEnded() {
      emit('ended');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const detailCode = (e: unknown): unknown => {
  if (!isApiError(e)) return undefined;
  const data = e.data as { detail?: { code?: unknown }; code?: unknown } | undefined;
  return data?.detail?.code ?? data?.code;
};

/** A sensitive change refused because the session's sign-in is too old. */
export const isReauthRequired = (e: unknown): boolean =>
  isApiError(e) && e.status === 403 && detailCode(e) === REAUTH_REQUIRED;

/** An answer saying the session ended by its idle or absolute timeout. */
export const isSessionTimeout = (e: unknown): boolean =>
  isApiError(e) && e.status === 401 && detailCode(e) === SESSION_TIMEOUT;

/** The client with the gate in front: re-authentication and retry, and timeout reports. */
export function withSessionGate(client: ApiClient, gate: SessionGate): ApiClient {
  async function request<T>(url: string, options: RequestOptions = {}) {
    try {
      return await client.request<T>(url, options);
    } catch (e) {
      if (isSessionTimeout(e)) gate.sessionEnded();
      if (!isReauthRequired(e)) throw e;
      if (!(await gate.reauthenticate())) throw e;
      // The same request again: a second refusal is final (it is handed to the caller as is).
      return client.request<T>(url, options);
    }
  }
  // `call` goes through the gated `request` too (callers name the API base: sagas take it from the config).
  return withCall({
    request,
    get: (url, o) => request(url, { ...o, method: 'GET' }),
    post: (url, body, o) => request(url, { ...o, method: 'POST', body }),
    put: (url, body, o) => request(url, { ...o, method: 'PUT', body }),
    patch: (url, body, o) => request(url, { ...o, method: 'PATCH', body }),
    delete: (url, o) => request(url, { ...o, method: 'DELETE' }),
  });
}
