/** jsdom lacks what React Router needs at import time; Node's own implementations stand in. Import first. */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Pages built without an injected client use the browser's fetch; here every such call fails like offline.
if (typeof globalThis.fetch !== 'function') {
  Object.assign(globalThis, { fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
}

// The data router builds a Request for every navigation; jsdom has none. This carries what the router reads.
if (typeof globalThis.Request !== 'function') {
  class RequestShim {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Headers;
    constructor(
      input: string | URL,
      init: { method?: string; signal?: AbortSignal; headers?: HeadersInit } = {},
    ) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = new Headers(init.headers);
    }
  }
  Object.assign(globalThis, { Request: RequestShim });
}
