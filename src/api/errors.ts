/**
 * Transport-level failures of the HTTP client (spec §8 "Transport errors"). An ApiError carries what the error
 * handler needs: its kind, the HTTP status and parsed body when there was a response, and the raw text when the
 * body was not JSON.
 */
export type ApiErrorKind = 'network' | 'timeout' | 'canceled' | 'bad_request' | 'bad_response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  /** Parsed JSON body, when the response had one. */
  readonly data?: unknown;
  /** The body as text when it could not be parsed as JSON. */
  readonly rawText?: string;
  readonly url: string;
  readonly method: string;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    url: string;
    method: string;
    status?: number;
    data?: unknown;
    rawText?: string;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.data = init.data;
    this.rawText = init.rawText;
    this.url = init.url;
    this.method = init.method;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** 4xx are the caller's fault (bad request), 5xx the server's (bad response). */
export function kindForStatus(status: number): ApiErrorKind {
  return status < 500 ? 'bad_request' : 'bad_response';
}

export const transportMessages: Record<
  ApiErrorKind,
  (ctx: { timeoutMs?: number; status?: number }) => string
> = {
  network: () => 'Network Error',
  timeout: ({ timeoutMs }) => `timeout of ${timeoutMs ?? 0} ms exceeded`,
  canceled: () => 'canceled',
  bad_request: ({ status }) => `Request failed with status code ${status}`,
  bad_response: ({ status }) => `Request failed with status code ${status}`,
};
