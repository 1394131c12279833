/**
 * The generic HTTP client (spec §7 "Generic client"): same-origin requests carry the XSRF header read from the
 * XSRF-TOKEN cookie (`__Host-XSRF-TOKEN` over HTTPS); no default timeout; one retry for body-less methods and none for the others on the retry
 * statuses; 400–599 are errors. Used by every saga through the saga context, so tests inject their own `fetch`.
 */
import { ApiError, kindForStatus, transportMessages } from './errors';
import { retriesFor, shouldRetry } from './retryPolicy';
import { XSRF_COOKIE, XSRF_HEADER, XSRF_HOST_COOKIE } from '../shared/http';
import { apiUrl, joinPath } from '../shared/paths';
import {
  pathOf,
  type AnyEndpoint,
  type CallArgs,
  type ResponseOf,
  type RouteOf,
} from '../shared/contracts/endpoint';

export { authBaseOf } from '../shared/contracts/endpoint';

export type Method = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Query parameters; arrays become repeated keys. */
  query?: Record<string, string | number | boolean | ReadonlyArray<string | number> | undefined>;
  /** A JSON body, or a URLSearchParams / FormData / Blob sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds; none by default. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Override the policy's retry count (used by tests and by callers that must not retry). */
  retries?: number;
  credentials?: RequestCredentials;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

/** `api.call`'s options: the request's own (headers, timeout, signal, retries) and the API base (`/api/` by default). */
export interface CallOptions extends Omit<RequestOptions, 'method' | 'body' | 'query'> {
  apiBase?: string;
  /**
   * The part of the endpoint's path `apiBase` already holds: endpoints under the configurable auth base
   * (`auth/session` called at `{authBase}/session`) pass `authBaseOf(authBase)`, as the appliance registers them
   * with `under: 'auth/'`.
   */
  under?: string;
}

/** A form endpoint's body as the browser's form: fields in order, unset ones left out. */
function formOf(body: unknown): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>))
    if (v !== undefined && v !== null) form.set(k, String(v));
  return form;
}

export interface ApiClient {
  /**
   * Calls an endpoint of the appliance from its contract (src/shared/contracts): the URL from its path and `params`,
   * its method, `query` and `body`; the answer has the response's type. An endpoint's route typed as it
   * (`RouteOf<E>`, src/shared/contracts/shell.ts: the first script's calls, without TypeBox) is called the same way.
   */
  call<E extends AnyEndpoint>(
    endpoint: E | RouteOf<E>,
    args: CallArgs<E>,
    options?: CallOptions,
  ): Promise<ApiResponse<ResponseOf<E>>>;
  request<T = unknown>(url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(url: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<ApiResponse<T>>;
  post<T = unknown>(
    url: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<ApiResponse<T>>;
  put<T = unknown>(
    url: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<ApiResponse<T>>;
  patch<T = unknown>(
    url: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<ApiResponse<T>>;
  delete<T = unknown>(url: string, options?: Omit<RequestOptions, 'method'>): Promise<ApiResponse<T>>;
}

export interface ClientEnvironment {
  fetch: typeof fetch;
  /** Origin requests are resolved against and compared with for the XSRF header. */
  origin: string;
  /** Reads a cookie by name (document.cookie in the browser, the request's cookies on the server). */
  readCookie: (name: string) => string | undefined;
  /** Headers added to every same-origin request (the server forwards the visitor's cookies this way). */
  defaultHeaders?: Record<string, string>;
  /** The API base `api.call` resolves endpoints against when the call names none (default `/api/`). */
  apiBase?: string;
}

export const DEFAULT_API_BASE = '/api/';

/** The request `api.call` sends for an endpoint (any client's `request` can send it: see `withCall`). */
export function endpointRequest<E extends AnyEndpoint>(
  endpoint: E | RouteOf<E>,
  args: CallArgs<E>,
  options: CallOptions = {},
  defaultBase = DEFAULT_API_BASE,
): { url: string; options: RequestOptions } {
  const { apiBase, under = '', ...rest } = options;
  const { params, query, body } = args as { params?: object; query?: object; body?: unknown };
  const path = pathOf(endpoint, params as Record<string, unknown>);
  if (!path.startsWith(under)) throw new Error(`${endpoint.method} ${endpoint.path}: not under ${under}`);
  const url = joinPath(apiBase ?? defaultBase, path.slice(under.length));
  const sent = endpoint.form ? formOf(body) : body;
  return {
    url,
    options: {
      ...rest,
      method: endpoint.method,
      ...(query ? { query: query as RequestOptions['query'] } : {}),
      ...(sent === undefined ? {} : { body: sent }),
    },
  };
}

/** `call` for a client that has `request` (wrappers and test doubles). */
export function withCall(client: Omit<ApiClient, 'call'>, defaultBase = DEFAULT_API_BASE): ApiClient {
  return {
    ...client,
    call: (endpoint, args, options) => {
      const r = endpointRequest(endpoint, args, options, defaultBase);
      return client.request(r.url, r.options);
    },
  };
}

export function readDocumentCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return parseCookieHeader(document.cookie)[name];
}

export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).trim();
    if (!k || k in out) continue;
    const v = part.slice(eq + 1).trim();
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

function buildUrl(url: string, origin: string, query: RequestOptions['query']): URL {
  const u = new URL(url, origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) u.searchParams.append(key, String(v));
    else u.searchParams.set(key, String(value));
  }
  return u;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof URLSearchParams) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return body;
  }
  if (typeof FormData !== 'undefined' && body instanceof FormData) return body;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function parseBody(res: Response): Promise<{ data?: unknown; rawText?: string }> {
  const text = await res.text();
  if (text === '') return { data: undefined };
  try {
    return { data: JSON.parse(text) };
  } catch {
    return { rawText: text };
  }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createApiClient(env: ClientEnvironment): ApiClient {
  async function attempt<T>(url: URL, method: Method, options: RequestOptions): Promise<ApiResponse<T>> {
    const headers = new Headers(options.headers);
    headers.set('Accept', headers.get('Accept') ?? 'application/json');
    const sameOrigin = url.origin === env.origin;
    if (sameOrigin) {
      for (const [k, v] of Object.entries(env.defaultHeaders ?? {})) if (!headers.has(k)) headers.set(k, v);
      const token = env.readCookie(XSRF_HOST_COOKIE) ?? env.readCookie(XSRF_COOKIE);
      if (token) headers.set(XSRF_HEADER, token);
    }
    const body = encodeBody(options.body, headers);
    // Only a request that can be aborted gets a controller (making one showed in every server render's profile).
    const controller = options.timeoutMs || options.signal ? new AbortController() : undefined;
    let timedOut = false;
    const onAbort = () => controller?.abort();
    options.signal?.addEventListener('abort', onAbort);
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          controller?.abort();
        }, options.timeoutMs)
      : undefined;
    const base = { url: url.toString(), method };
    try {
      let res: Response;
      try {
        res = await env.fetch(url.toString(), {
          method,
          headers,
          body,
          signal: controller?.signal,
          credentials: options.credentials ?? (sameOrigin ? 'same-origin' : 'include'),
        });
      } catch {
        if (timedOut)
          throw new ApiError({
            ...base,
            kind: 'timeout',
            message: transportMessages.timeout({ timeoutMs: options.timeoutMs }),
          });
        if (options.signal?.aborted)
          throw new ApiError({ ...base, kind: 'canceled', message: transportMessages.canceled({}) });
        throw new ApiError({ ...base, kind: 'network', message: transportMessages.network({}) });
      }
      const parsed = await parseBody(res);
      if (res.status >= 400 && res.status <= 599) {
        const kind = kindForStatus(res.status);
        throw new ApiError({
          ...base,
          kind,
          status: res.status,
          ...parsed,
          message: transportMessages[kind]({ status: res.status }),
        });
      }
      if (parsed.rawText !== undefined && res.headers.get('content-type')?.includes('json')) {
        throw new ApiError({
          ...base,
          kind: 'bad_response',
          status: res.status,
          rawText: parsed.rawText,
          message: 'Response is not valid JSON',
        });
      }
      return { status: res.status, data: (parsed.data ?? parsed.rawText) as T, headers: res.headers };
    } finally {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function request<T>(url: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const method = options.method ?? 'GET';
    const target = buildUrl(url, env.origin, options.query);
    let left = options.retries ?? retriesFor(method);
    for (;;) {
      try {
        return await attempt<T>(target, method, options);
      } catch (e) {
        const err = e as ApiError;
        const retryable =
          err.kind === 'network' || err.kind === 'timeout' || err.kind === 'canceled'
            ? { kind: err.kind }
            : { status: err.status };
        if (left <= 0 || !shouldRetry(retryable)) throw err;
        left -= 1;
        await delay(100);
      }
    }
  }

  return withCall(
    {
      request,
      get: (url, o) => request(url, { ...o, method: 'GET' }),
      post: (url, body, o) => request(url, { ...o, method: 'POST', body }),
      put: (url, body, o) => request(url, { ...o, method: 'PUT', body }),
      patch: (url, body, o) => request(url, { ...o, method: 'PATCH', body }),
      delete: (url, o) => request(url, { ...o, method: 'DELETE' }),
    },
    env.apiBase,
  );
}

/** The browser's client: same origin as the page, cookies from the document. */
export function createBrowserApiClient(): ApiClient {
  return createApiClient({
    fetch: window.fetch.bind(window),
    origin: window.location.origin,
    readCookie: readDocumentCookie,
  });
}

/** Joins the configured API base (`/api/` or `https://…/`) and a path relative to it. */
export { apiUrl };
