/** jsdom lacks what React Router needs at import time; Node's own implementations stand in. Import first. */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Pages built without an injected client use the browser's fetch; here every such call fails like offline.
if (typeof globalThis.fetch !== 'function') {
  Object.assign(globalThis, { fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
}
