/** The root server's first hook: non-canonical paths (400) and cross-site writes (403), in each API's error format. */
import { startServer, type Harness } from '../appliance/support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(() => h.close());

describe('non-canonical paths', () => {
  it.each([
    ['/%61pi/config/settings', 'json'],
    ['/API/config/settings', 'json'],
    ['/identity/self-service/%6cogin/browser', 'identity'],
    ['/Identity/self-service/login/browser', 'identity'],
    ['/api//config/settings', 'json'],
    ['/system/..%5c..%5capi/config', 'json'],
    ['/account//login', 'text'],
    ['/%61ccount/login', 'text'],
  ] as const)('%s is refused with 400 (%s)', async (url, format) => {
    const res = await h.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    if (format === 'text') expect(res.body).toMatch(/^Bad Request: /);
    else if (format === 'json') expect(res.json().detail).toMatch(/^Bad Request: /);
    else expect(res.json().error).toMatchObject({ code: 400, status: 'Bad Request' });
  });
});

describe('cross-site writes', () => {
  const put = (headers: Record<string, string>) =>
    h.app.inject({
      method: 'PUT',
      url: '/api/config/settings',
      headers: { 'content-type': 'application/json', ...headers },
      payload: '{}',
    });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['a sibling port', { origin: 'http://localhost:8081' }],
    ['an opaque origin', { origin: 'null' }],
    ['a malformed origin', { origin: 'http://localhost/path' }],
    ['a look-alike host', { origin: 'http://localhost.evil.example' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ])('from %s: 403 before the XSRF check', async (_name, headers) => {
    const res = await put(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/^Cross-site request refused/);
  });

  it.each([
    ['no Origin (a non-browser client)', {}],
    ['the host it was sent to', { origin: 'http://localhost' }],
    ['the public origin', { origin: 'http://127.0.0.1:8080' }],
  ])('from %s: passes on to the XSRF check', async (_name, headers) => {
    const res = await put(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/^XSRF check failed/);
  });

  it('answers the identity service in its own envelope', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/identity/self-service/login?flow=00000000-0000-4000-8000-000000000000',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 403, status: 'Forbidden' });
    expect(res.json().error.reason).toMatch(/^Cross-site request refused/);
  });

  it('leaves reads and bearer-authenticated requests alone', async () => {
    const read = await h.app.inject({
      method: 'GET',
      url: '/api/config/settings',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    const bearer = await put({ origin: 'https://evil.example', authorization: 'Bearer not-a-token' });
    expect(bearer.statusCode).toBe(401);
  });
});
