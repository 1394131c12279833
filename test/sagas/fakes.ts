/** Test doubles shared by the notification-area saga tests: a recording API client and a store factory. */
import { withCall, type ApiClient, type ApiResponse } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { createAppStore, type RootState, type SagaContext } from '../../src/store/createStore';
import { configSlice } from '../../src/store/slices/config.slice';

export interface RecordedCall {
  method: string;
  url: string;
  body?: unknown;
  query?: unknown;
  /** Headers the caller set (GET only: e.g. the passive flag of a poll). */
  headers?: Record<string, string>;
}

/** Answers by `METHOD url` from a table; unknown routes fail like a 404. */
export function fakeApi(routes: Record<string, (body?: unknown) => unknown>) {
  const calls: RecordedCall[] = [];
  const respond = async (
    method: string,
    url: string,
    body?: unknown,
    query?: unknown,
  ): Promise<ApiResponse<unknown>> => {
    calls.push({ method, url, body, query });
    const handler = routes[`${method} ${url}`];
    if (!handler)
      throw new ApiError({
        kind: 'bad_request',
        status: 404,
        message: 'Request failed with status code 404',
        url,
        method,
        data: { detail: 'Not Found' },
      });
    const data = await handler(body);
    return { status: 200, data, headers: new Headers() };
  };
  // The fake answers whatever the table holds; callers' response types are theirs to assert.
  const typed = respond as <T>(
    method: string,
    url: string,
    body?: unknown,
    query?: unknown,
  ) => Promise<ApiResponse<T>>;
  const api: ApiClient = withCall({
    request: <T>(url: string, o?: Parameters<ApiClient['request']>[1]) => {
      const pending = typed<T>(o?.method ?? 'GET', url, o?.body, o?.query);
      if (o?.headers) calls[calls.length - 1].headers = Object.fromEntries(new Headers(o.headers).entries());
      return pending;
    },
    get: <T>(url: string, o?: Parameters<ApiClient['get']>[1]) => {
      const pending = typed<T>('GET', url, undefined, o?.query);
      if (o?.headers) calls[calls.length - 1].headers = Object.fromEntries(new Headers(o.headers).entries());
      return pending;
    },
    post: (url, body) => typed('POST', url, body),
    put: (url, body) => typed('PUT', url, body),
    patch: (url, body) => typed('PATCH', url, body),
    delete: (url) => typed('DELETE', url),
  });
  return { api, calls };
}

export function testConfig(patch: Partial<RootState['config']> = {}): RootState['config'] {
  return {
    ...configSlice.getInitialState(),
    apiBase: '/api/',
    notifications: true,
    messagingMode: 'agreements',
    parentOrigin: '',
    ...patch,
  };
}

export function makeTestStore(options: {
  api: ApiClient;
  config?: Partial<RootState['config']>;
  state?: Partial<RootState>;
  context?: Partial<SagaContext>;
}) {
  return createAppStore({
    preloadedState: { config: testConfig(options.config), ...options.state },
    context: { api: options.api, platform: 'browser', ...options.context },
  });
}

/** Lets pending promises (API calls, saga steps) settle while fake timers are on. */
export async function flush(times = 5) {
  for (let i = 0; i < times; i++) await Promise.resolve();
}
