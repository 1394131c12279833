/**
 * Hostile requests that aim at headers and bodies rather than paths: CR/LF smuggled through query values into
 * redirects and headers, path traversal under /assets/ (and the private source maps), bodies that are not UTF-8 or
 * are too large for the API, and state-changing requests from another site. Each family is a table.
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../e2e/support/server';
import { adminJar, rawRequest, type Jar, type RawResponse } from './support/http';
import { MUTATING_ROUTES } from './support/routes';

let server: RunningServer;
let jar: Jar;

test.beforeAll(async () => {
  server = await startServer();
  jar = await adminJar(server);
});
test.afterAll(async () => server.stop());

const xsrf = () => Object.entries(jar.cookies).find(([k]) => k.endsWith('XSRF-TOKEN'))?.[1] ?? '';
const signedIn = (extra: Record<string, string> = {}) => ({
  cookie: jar.header(),
  'x-xsrf-token': xsrf(),
  accept: 'application/json',
  ...extra,
});
const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server, { path, headers });

// Header injection ------------------------------------------------------------------------------------------------

const CRLF = '%0d%0aX-Injected:%201%0d%0aSet-Cookie:%20injected=1';
/** U+560A U+560D: servers that cut characters to their low byte turn these into LF and CR. */
const WIDE_CRLF = '%E5%98%8A%E5%98%8DX-Injected:%201';

const INJECTIONS: Array<[string, string, 'anonymous' | 'signed-in']> = [
  ['guarded page, any query value (login redirect)', `/logs/overview?x=${CRLF}`, 'anonymous'],
  ['guarded page, return_to', `/logs/overview?return_to=${CRLF}`, 'anonymous'],
  ['login page, return_to', `/account/login?return_to=/${CRLF}`, 'anonymous'],
  ['login page, wide CR/LF', `/account/login?return_to=/${WIDE_CRLF}`, 'anonymous'],
  ['account flow page, flow id', `/login/?flow=${CRLF}`, 'anonymous'],
  ['recovery page, flow id', `/recovery/?flow=${CRLF}`, 'anonymous'],
  [
    'identity login browser, relative return_to',
    `/identity/self-service/login/browser?return_to=/${CRLF}`,
    'anonymous',
  ],
  [
    'identity login browser, absolute return_to',
    `/identity/self-service/login/browser?return_to=SELF/${CRLF}`,
    'anonymous',
  ],
  [
    'identity registration browser, wide CR/LF',
    `/identity/self-service/registration/browser?return_to=SELF/${WIDE_CRLF}`,
    'anonymous',
  ],
  [
    'identity logout, token and return_to',
    `/identity/self-service/logout?token=x${CRLF}&return_to=SELF/${CRLF}`,
    'anonymous',
  ],
  ['API read, query value', `/api/config/settings?x=${CRLF}`, 'signed-in'],
  ['signed-in page, query value', `/system/dns?x=${CRLF}`, 'signed-in'],
];

function expectNoInjection(res: RawResponse) {
  expect(res.status).toBeLessThan(500);
  expect(res.headers['x-injected']).toBeUndefined();
  expect((res.headers['set-cookie'] ?? []).join('\n')).not.toContain('injected');
  const location = res.headers.location ?? '';
  expect(location).not.toMatch(/[\r\n]/);
  // A location may carry the value, but only percent-encoded.
  expect(decodeURIComponentSafe(location)).not.toMatch(/^X-Injected/m);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

for (const [name, template, who] of INJECTIONS) {
  test(`CR/LF in a query value: ${name}`, async () => {
    const path = template.replace(/SELF/g, encodeURIComponent(server.url));
    const res = await get(path, who === 'signed-in' ? { cookie: jar.header() } : {});
    expectNoInjection(res);
  });
}

test('CR/LF in the return_to of a signed-in login stays inside the JSON answer', async () => {
  const res = await rawRequest(server, {
    method: 'POST',
    path: `/api/auth/login?return_to=/${CRLF}`,
    headers: signedIn({ 'content-type': 'application/x-www-form-urlencoded' }),
    body: 'username=admin&password=wrong',
  });
  expectNoInjection(res);
});

// Path traversal under /assets/ -----------------------------------------------------------------------------------

const TRAVERSALS: string[] = [
  '/assets/..%2f..%2fpackage.json',
  '/assets/..%2F..%2F..%2Fpackage.json',
  '/assets/%2e%2e/%2e%2e/package.json',
  '/assets/%2E%2E%2F%2E%2E%2Fpackage.json',
  '/assets/../../package.json',
  '/assets/..\\..\\package.json',
  '/assets/..%5c..%5cpackage.json',
  '/assets/js/..%252f..%252f..%252fpackage.json',
  '/assets/%c0%ae%c0%ae/%c0%ae%c0%ae/package.json',
  '/assets/....//....//package.json',
  '/assets//etc/passwd',
  '/assets/%2fetc%2fpasswd',
  '/assets/..%00/package.json',
  '/assets/../asset-manifest.json',
  '/assets/..%2fasset-manifest.json',
  '/assets/..%2fsourcemaps%2fjs',
  '/ASSETS/../package.json',
];

for (const path of TRAVERSALS) {
  test(`path traversal under /assets/: ${path}`, async () => {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toMatch(/"devDependencies"|"buildId"|root:x:0:0|"mappings"/);
  });
}

test('source maps are private: scripts carry no map reference and no .map (or copy) is served', async () => {
  const page = await get('/account/login');
  const scripts = [...page.body.matchAll(/<script[^>]*src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const js = await get(src);
    expect(js.status).toBe(200);
    expect(js.body).not.toContain('sourceMappingURL');
    for (const [suffix, headers] of [
      ['.map', {}],
      ['.map', { 'accept-encoding': 'br, gzip' }],
      ['.map.gz', {}],
      ['.map.br', {}],
    ] as const) {
      const map = await get(src + suffix, headers);
      expect(map.status, src + suffix).toBe(404);
      expect(map.body).not.toContain('"mappings"');
    }
  }
});

// Request bodies ------------------------------------------------------------------------------------------------

interface BodyRoute {
  method: 'POST' | 'PUT';
  path: string;
  contentType: string;
  /** A valid body with `@@` where the hostile bytes go. */
  template: string;
}

const BODY_ROUTES: BodyRoute[] = [
  {
    method: 'PUT',
    path: '/api/config/settings',
    contentType: 'application/json',
    template: '{"primary_color":"#0000ff","bar_color":"@@"}',
  },
  {
    method: 'PUT',
    path: '/api/config/lockout',
    contentType: 'application/json',
    template: '{"attempts":3,"window_seconds":60,"duration_seconds":"@@"}',
  },
  {
    method: 'POST',
    path: '/api/users/me/ack-messages',
    contentType: 'application/json',
    template: '{"message_id":"terms","version_id":"@@"}',
  },
  {
    method: 'POST',
    path: '/api/logs',
    contentType: 'application/json',
    template: '{"service":"dns","message":"@@"}',
  },
  { method: 'POST', path: '/api/jobs', contentType: 'application/json', template: '{"type":"@@"}' },
  {
    method: 'POST',
    path: '/api/auth/login',
    contentType: 'application/x-www-form-urlencoded',
    template: 'username=@@&password=x',
  },
  {
    method: 'POST',
    path: '/api/auth/change_password',
    contentType: 'application/x-www-form-urlencoded',
    template: 'username=admin&password=@@&new_password=y',
  },
];

const INVALID_UTF8: Array<[string, number[]]> = [
  ['a lone continuation byte', [0x80]],
  ['0xff', [0xff]],
  ['an overlong "/"', [0xc0, 0xaf]],
  ['an encoded surrogate', [0xed, 0xa0, 0x80]],
  ['a truncated sequence', [0xe2, 0x82]],
  ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
];

const withBytes = (template: string, bytes: Buffer) => {
  const [before, after] = template.split('@@');
  return Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]);
};

async function appState() {
  const read = async (path: string) => (await get(path, { cookie: jar.header() })).body;
  const logs = await get(`/eos/system/logs/stream?services=dns&to=${Math.floor(Date.now() / 1000) + 1}`, {
    cookie: jar.header(),
  });
  return {
    settings: await read('/api/config/settings'),
    lockout: await read('/api/config/lockout'),
    jobs: await read('/api/jobs'),
    acceptances: await read('/api/messages/acceptances'),
    dnsLogs: logs.body.replace(/: heartbeat\n\n/g, ''),
  };
}

test.describe('bodies the API cannot read', () => {
  let before: Awaited<ReturnType<typeof appState>>;
  test.beforeAll(async () => {
    before = await appState();
  });

  for (const route of BODY_ROUTES) {
    for (const [name, bytes] of INVALID_UTF8) {
      test(`${route.method} ${route.path} with ${name}: 400 value_error.unicode`, async () => {
        const body = route.contentType.startsWith('application/json')
          ? withBytes(route.template, Buffer.from(bytes))
          : // A form body carries bytes percent-encoded; the raw bytes are tried below.
            Buffer.from(route.template.replace('@@', bytes.map((b) => `%${b.toString(16)}`).join('')));
        const res = await rawRequest(server, {
          method: route.method,
          path: route.path,
          headers: signedIn({ 'content-type': route.contentType }),
          body,
        });
        expect(res.status, res.body).toBe(400);
        expect(res.json<{ detail: Array<{ type: string }> }>().detail[0].type).toBe('value_error.unicode');
      });
    }
  }

  test('raw invalid bytes in a form body: 400 value_error.unicode', async () => {
    const res = await rawRequest(server, {
      method: 'POST',
      path: '/api/auth/login',
      headers: signedIn({ 'content-type': 'application/x-www-form-urlencoded' }),
      body: withBytes('username=@@&password=x', Buffer.from([0xc3, 0x28])),
    });
    expect(res.status).toBe(400);
    expect(res.json<{ detail: Array<{ type: string }> }>().detail[0].type).toBe('value_error.unicode');
  });

  const OVERSIZED: Array<[BodyRoute, number, string]> = BODY_ROUTES.map((r) => [r, 64 * 1024 + 1, '64 KiB']);

  for (const [route, size, limit] of OVERSIZED) {
    test(`${route.method} ${route.path} with a ${size}-byte body: 413 naming the ${limit} limit`, async () => {
      const [head, tail] = route.template.split('@@');
      const body = head + 'a'.repeat(size - head.length - tail.length) + tail;
      expect(Buffer.byteLength(body)).toBe(size);
      const res = await rawRequest(server, {
        method: route.method,
        path: route.path,
        headers: signedIn({ 'content-type': route.contentType }),
        body,
      });
      expect(res.status).toBe(413);
      expect(res.json()).toEqual({ detail: `Request body is too large (at most ${limit})` });
    });
  }

  test('nothing was stored by any refused body', async () => {
    expect(await appState()).toEqual(before);
  });
});

// Cross-site Origin -------------------------------------------------------------------------------------------------

test.describe('state-changing requests from another site', () => {
  let before: Awaited<ReturnType<typeof appState>>;
  test.beforeAll(async () => {
    before = await appState();
  });

  const ORIGINS: Array<[string, (port: number) => Record<string, string>]> = [
    ['another site', () => ({ origin: 'https://evil.example' })],
    ['a look-alike host', () => ({ origin: 'http://127.0.0.1.evil.example' })],
    ['another port of the same host', (port) => ({ origin: `http://127.0.0.1:${port + 1}` })],
    ['an opaque origin (sandboxed frame)', () => ({ origin: 'null' })],
    ['Sec-Fetch-Site: cross-site', () => ({ 'sec-fetch-site': 'cross-site' })],
  ];

  for (const route of MUTATING_ROUTES.filter((r) => r.method !== 'GET')) {
    for (const [name, headers] of ORIGINS) {
      test(`${route.method} ${route.route} from ${name}, with a valid session and token: 403`, async () => {
        const res = await rawRequest(server, {
          method: route.method,
          path: route.path,
          headers: signedIn({ 'content-type': route.contentType, ...headers(server.port) }),
          body: route.body,
        });
        expect(res.status, res.body).toBe(403);
        expect(res.body).toContain('Cross-site request refused');
      });
    }
  }

  test('nothing changed and the session is still signed in', async () => {
    expect(await appState()).toEqual(before);
    expect((await get('/api/users/me', { cookie: jar.header() })).status).toBe(200);
  });

  test('control: the same request from the console itself goes through', async () => {
    const res = await rawRequest(server, {
      method: 'PUT',
      path: '/api/config/settings',
      headers: signedIn({ 'content-type': 'application/json', origin: server.url }),
      body: JSON.stringify({ primary_color: '#123456', bar_color: '#654321' }),
    });
    expect(res.status, res.body).toBe(200);
  });
});
