/**
 * A `fetch` for server-side rendering that answers same-origin requests by injecting them into this Fastify
 * instance (no socket, no loopback hop) and sends any other origin to the real network, bounded
 * (service-kit/outbound.ts). Reads an embedded service
 * answers in process (menu, who-am-I: see service-kit/inProcessReads.ts) skip even the inject.
 */
import type { FastifyInstance } from 'fastify';
import { outboundFetch } from '../service-kit/outbound';
import type { InProcessReads } from '../service-kit/inProcessReads';
import type { PublicReadCache } from './publicReadCache';

/** Another origin (an external identity or API service) is asked through the bounded outbound client. */
const elsewhere = outboundFetch('the external service');

/** Marks a request the renderer injected; such a request is never rendered as a page (no render recursion). */
export const SSR_INTERNAL_HEADER = 'x-rampart-internal';

export function createInjectFetch(
  app: FastifyInstance,
  origin: string,
  publicReads?: PublicReadCache,
  inProcess?: InProcessReads,
): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.origin !== origin) return elsewhere(input, init);
    const method = init?.method ?? 'GET';
    const path = url.pathname + url.search;
    // Public, user-independent reads (the custom style) are answered from a short cache: no inject at all.
    const cacheable = method === 'GET' && publicReads?.covers(path);
    if (cacheable) {
      const hit = publicReads!.get(path);
      if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers });
    }
    const read = inProcess?.find(method, path);
    if (read) {
      try {
        const answer = read({
          headers: init?.headers instanceof Headers ? init.headers : new Headers(init?.headers),
        });
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        });
      } catch {
        // The route itself answers a failure (its error handler, its log line): inject it below.
      }
    }
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    headers[SSR_INTERNAL_HEADER] = '1';
    const res = await app.inject({
      method: method as 'GET',
      url: path,
      headers,
      payload: typeof init?.body === 'string' ? init.body : init?.body ? String(init.body) : undefined,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [String(v)]) out.append(k, item);
    }
    const status = res.statusCode;
    const body = status === 204 || status === 304 ? null : new Uint8Array(res.rawPayload);
    if (cacheable && status === 200 && body) publicReads!.set(path, { status, headers: out, body });
    return new Response(body, { status, headers: out });
  }) as typeof fetch;
}
