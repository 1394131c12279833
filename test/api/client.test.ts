import { createApiClient, type ClientEnvironment } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { retriesFor, RETRY_STATUSES } from '../../src/api/retryPolicy';
import { Type } from '@sinclair/typebox';
import { atPath, authBaseOf, endpoint } from '../../src/shared/contracts/endpoint';
import { getSession, login, logout } from '../../src/shared/contracts/authentication';
import * as dnsContracts from '../../src/shared/contracts/dns';

const ORIGIN = 'http://console.test';

type Reply = { status: number; body?: string; contentType?: string } | 'network' | 'hang';

/** A fetch that answers from a script of replies and records every call. */
function scriptedFetch(replies: Reply[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const reply = replies.shift() ?? { status: 200, body: '{}' };
    if (reply === 'network') throw new TypeError('fetch failed');
    if (reply === 'hang')
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    return new Response(reply.body ?? '', {
      status: reply.status,
      headers: { 'content-type': reply.contentType ?? 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function client(replies: Reply[], env: Partial<ClientEnvironment> = {}) {
  const f = scriptedFetch(replies);
  const api = createApiClient({
    fetch: f.fetch,
    origin: ORIGIN,
    readCookie: (n) => (n === 'XSRF-TOKEN' ? 'tok123' : undefined),
    ...env,
  });
  return { api, calls: f.calls };
}

describe('retry policy (spec §7)', () => {
  test.each([
    ['GET', 1],
    ['HEAD', 1],
    ['OPTIONS', 1],
    ['POST', 0],
    ['PUT', 0],
    ['PATCH', 0],
    ['DELETE', 0],
  ])('%s retries %i time(s)', (method, n) => expect(retriesFor(method)).toBe(n));

  test('retry statuses are exactly 408, 409, 425, 429, 500, 502, 503, 504', () => {
    expect([...RETRY_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  test.each([408, 409, 425, 429, 500, 502, 503, 504])(
    'GET is retried once on %i and then succeeds',
    async (status) => {
      const { api, calls } = client([{ status }, { status: 200, body: '{"ok":true}' }]);
      await expect(api.get('/api/x')).resolves.toMatchObject({ status: 200, data: { ok: true } });
      expect(calls).toHaveLength(2);
    },
  );

  test.each([400, 401, 403, 404, 422, 501])('GET is not retried on %i', async (status) => {
    const { api, calls } = client([{ status, body: '{"detail":"x"}' }]);
    await expect(api.get('/api/x')).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  test('GET gives up after one retry', async () => {
    const { api, calls } = client([{ status: 503 }, { status: 503 }, { status: 200 }]);
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 503, kind: 'bad_response' });
    expect(calls).toHaveLength(2);
  });

  test.each(['post', 'put', 'patch'] as const)('%s is never retried', async (m) => {
    const { api, calls } = client([{ status: 503 }, { status: 200 }]);
    await expect(api[m]('/api/x', { a: 1 })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  test('DELETE is never retried', async () => {
    const { api, calls } = client([{ status: 500 }, { status: 200 }]);
    await expect(api.delete('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  test('a network error on GET is retried once', async () => {
    const { api, calls } = client(['network', { status: 200, body: '[]' }]);
    await expect(api.get('/api/x')).resolves.toMatchObject({ data: [] });
    expect(calls).toHaveLength(2);
  });
});

describe('errors and transport failures (spec §7, §8)', () => {
  test.each([
    [400, 'bad_request'],
    [404, 'bad_request'],
    [499, 'bad_request'],
    [500, 'bad_response'],
    [599, 'bad_response'],
  ])('status %i is an error of kind %s carrying the parsed body', async (status, kind) => {
    const { api } = client([
      { status, body: '{"detail":"nope"}' },
      { status, body: '{"detail":"nope"}' },
    ]);
    const err = (await api.post('/api/x').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe(kind);
    expect(err.status).toBe(status);
    expect(err.data).toEqual({ detail: 'nope' });
    expect(err.message).toBe(`Request failed with status code ${status}`);
  });

  test('an unparsable error body is kept as raw text', async () => {
    const { api } = client([{ status: 502, body: '<html>gateway</html>', contentType: 'text/html' }]);
    const err = (await api.post('/api/x').catch((e) => e)) as ApiError;
    expect(err.rawText).toBe('<html>gateway</html>');
    expect(err.data).toBeUndefined();
  });

  test('a 200 that claims JSON but is not is a bad response', async () => {
    const { api } = client([{ status: 200, body: 'not json' }]);
    await expect(api.post('/api/x')).rejects.toMatchObject({ kind: 'bad_response', rawText: 'not json' });
  });

  test('a network failure is "Network Error"', async () => {
    const { api } = client(['network']);
    await expect(api.post('/api/x')).rejects.toMatchObject({ kind: 'network', message: 'Network Error' });
  });

  test('there is no default timeout; a given one is reported as "timeout of N ms exceeded"', async () => {
    const { api } = client(['hang']);
    await expect(api.post('/api/x', undefined, { timeoutMs: 20 })).rejects.toMatchObject({
      kind: 'timeout',
      message: 'timeout of 20 ms exceeded',
    });
  });

  test('an aborted request is "canceled" and not retried', async () => {
    const { api, calls } = client(['hang', { status: 200 }]);
    const controller = new AbortController();
    const p = api.get('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(p).rejects.toMatchObject({ kind: 'canceled', message: 'canceled' });
    expect(calls).toHaveLength(1);
  });
});

describe('request shape', () => {
  test('same-origin requests carry the XSRF header from the cookie', async () => {
    const { api, calls } = client([{ status: 200 }]);
    await api.post('/api/x', { a: 1 });
    const headers = new Headers(calls[0].init.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(calls[0].init.body).toBe('{"a":1}');
  });

  test('behind HTTPS the __Host- cookie is the one echoed, not a plain XSRF-TOKEN a sibling could plant', async () => {
    const cookies: Record<string, string> = { 'XSRF-TOKEN': 'planted', '__Host-XSRF-TOKEN': 'real' };
    const { api, calls } = client([{ status: 200 }], { readCookie: (n) => cookies[n] });
    await api.put('/api/x', {});
    expect(new Headers(calls[0].init.headers).get('X-XSRF-TOKEN')).toBe('real');
  });

  test('cross-origin requests never carry the XSRF token', async () => {
    const { api, calls } = client([{ status: 200 }]);
    await api.get('https://other.example/api/x');
    expect(new Headers(calls[0].init.headers).get('X-XSRF-TOKEN')).toBeNull();
  });

  test('form bodies are sent url-encoded', async () => {
    const { api, calls } = client([{ status: 200 }]);
    await api.post('/api/auth/login', new URLSearchParams({ username: 'a', password: 'b' }));
    expect(new Headers(calls[0].init.headers).get('Content-Type')).toMatch(
      /application\/x-www-form-urlencoded/,
    );
    expect(String(calls[0].init.body)).toBe('username=a&password=b');
  });

  test('array query values become repeated keys', async () => {
    const { api, calls } = client([{ status: 200 }]);
    await api.get('/eos/system/logs/stream', { query: { services: ['dns', 'ssh'], empty: undefined } });
    expect(calls[0].url).toBe(`${ORIGIN}/eos/system/logs/stream?services=dns&services=ssh`);
  });
});

describe('api.call (an endpoint from its contract)', () => {
  it('sends the contract’s method to its path with the params filled in, the query and the body', async () => {
    const { api, calls } = client([{ status: 200, body: '{"id":3}' }], { apiBase: '/console-api/' });
    const res = await api.call(dnsContracts.upstreams.replace, {
      params: { id: '3' },
      body: { address: 'fd00::53', port: 53, tls: false, tls_name: '' },
    });
    expect(res.data).toEqual({ id: 3 });
    expect(calls[0].url).toBe(`${ORIGIN}/console-api/dns/proxy/upstreams/3`);
    expect(calls[0].init.method).toBe('PUT');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      address: 'fd00::53',
      port: 53,
      tls: false,
      tls_name: '',
    });
  });

  it('encodes params, adds the query and takes the API base the caller names', async () => {
    const { api, calls } = client([{ status: 200, body: '{}' }]);
    const things = endpoint({
      method: 'GET',
      path: 'things/:name',
      params: Type.Object({ name: Type.String() }),
      query: Type.Object({ q: Type.Optional(Type.String()) }),
      response: Type.Object({}),
      summary: 'x',
    });
    await api.call(
      things,
      { params: { name: 'a/b c' }, query: { q: 'x y' } },
      { apiBase: 'https://appliance.test/api' },
    );
    expect(calls[0].url).toBe('https://appliance.test/api/things/a%2Fb%20c?q=x+y');
  });

  it('calls an endpoint under the configured auth base, at a path the settings moved, and refuses one not under it', async () => {
    const { api, calls } = client([
      { status: 200, body: '{}' },
      { status: 200, body: '{}' },
    ]);
    await api.call(getSession, {}, authBaseOf('/rampart/auth'));
    await api.call(
      atPath(login, 'auth/signin'),
      { body: { username: 'ann', password: 'p&w' } },
      authBaseOf('/rampart/auth'),
    );
    expect(calls.map((c) => c.url)).toEqual([
      `${ORIGIN}/rampart/auth/session`,
      `${ORIGIN}/rampart/auth/signin`,
    ]);
    expect(() => api.call(dnsContracts.getProxy, {}, authBaseOf('/api/auth'))).toThrow('not under auth/');
  });

  it('sends a form endpoint’s body as a form, an empty one when it has none', async () => {
    const { api, calls } = client([
      { status: 200, body: '{}' },
      { status: 200, body: '{}' },
    ]);
    await api.call(login, { body: { username: 'ann', password: 'p&w', otp: undefined } });
    await api.call(logout, {});
    expect(calls.map((c) => [String(c.init.body), new Headers(c.init.headers).get('content-type')])).toEqual([
      ['username=ann&password=p%26w', 'application/x-www-form-urlencoded;charset=UTF-8'],
      ['', 'application/x-www-form-urlencoded;charset=UTF-8'],
    ]);
  });
});
