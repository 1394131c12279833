/**
 * Path spellings: every equivalent spelling of every state-changing route (encoded letters, dot segments, doubled
 * slashes, backslashes, encoded slashes, other letter cases, absolute-form targets) sent by a signed-in browser
 * without the XSRF token never reaches a handler, and nothing changes.
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../e2e/support/server';
import { ADMIN_PASSWORD, adminJar, rawRequest, setCookies, type Jar, type RawResponse } from './support/http';
import { MUTATING_ROUTES, type MutatingRoute } from './support/routes';

let server: RunningServer;
let jar: Jar;

test.beforeAll(async () => {
  server = await startServer();
  jar = await adminJar(server);
});
test.afterAll(async () => server.stop());

const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;

/** Rewrites the path part of a target (the query stays as it is). */
const onPath = (target: string, f: (path: string) => string) => {
  const q = target.indexOf('?');
  return q < 0 ? f(target) : f(target.slice(0, q)) + target.slice(q);
};

/** Spellings the router (or a lenient proxy) treats as the same route; each must be refused or miss it. */
const SPELLINGS: Array<[string, (path: string) => string]> = [
  ['as written (no token)', (p) => p],
  [
    'first letter percent-encoded',
    (p) => onPath(p, (s) => s.replace(/^\/(.)/, (_, c: string) => `/${hex(c)}`)),
  ],
  ['last letter percent-encoded', (p) => onPath(p, (s) => s.replace(/(.)$/, (_, c: string) => hex(c)))],
  [
    'upper-case hex escape',
    (p) => onPath(p, (s) => s.replace(/^\/(.)/, (_, c: string) => `/${hex(c).toUpperCase()}`)),
  ],
  [
    'double-encoded first letter',
    (p) => onPath(p, (s) => s.replace(/^\/(.)/, (_, c: string) => `/%25${hex(c).slice(1)}`)),
  ],
  ['upper-case prefix', (p) => onPath(p, (s) => s.replace(/^\/[^/]+/, (x) => x.toUpperCase()))],
  [
    'capitalised prefix',
    (p) => onPath(p, (s) => s.replace(/^\/(.)/, (_, c: string) => `/${c.toUpperCase()}`)),
  ],
  ['leading double slash', (p) => `/${p}`],
  ['inner double slash', (p) => onPath(p, (s) => s.replace(/^(\/[^/]+)\//, '$1//'))],
  ['dot segment', (p) => onPath(p, (s) => s.replace(/^(\/[^/]+)\//, '$1/./'))],
  ['encoded dot segment', (p) => onPath(p, (s) => s.replace(/^(\/[^/]+)\//, '$1/%2e/'))],
  ['parent segment', (p) => `/x/..${p}`],
  ['encoded parent segment', (p) => `/x/%2e%2e${p}`],
  ['mixed-case encoded parent', (p) => `/x/%2E%2e${p}`],
  ['trailing dot segment', (p) => onPath(p, (s) => `${s}/.`)],
  ['backslashes', (p) => onPath(p, (s) => `/${s.slice(1).replace(/\//g, '\\')}`)],
  ['encoded slashes', (p) => onPath(p, (s) => `/${s.slice(1).replace(/\//g, '%2f')}`)],
  ['encoded backslashes', (p) => onPath(p, (s) => `/${s.slice(1).replace(/\//g, '%5C')}`)],
  ['trailing slash', (p) => onPath(p, (s) => `${s}/`)],
  ['trailing semicolon', (p) => onPath(p, (s) => `${s};`)],
  ['encoded NUL', (p) => onPath(p, (s) => `${s}%00`)],
  ['absolute-form target', (p) => `http://127.0.0.1:${server.port}${p}`],
  ['absolute-form target of another host', (p) => `http://evil.example${p}`],
];

function send(
  route: MutatingRoute,
  target: string,
  extra: Record<string, string> = {},
): Promise<RawResponse> {
  return rawRequest(server, {
    method: route.method,
    path: target,
    // API callers ask for JSON; the identity service would otherwise answer browser errors with a redirect.
    headers: {
      cookie: jar.header(),
      accept: 'application/json',
      'content-type': route.contentType,
      ...extra,
    },
    body: route.method === 'GET' ? undefined : route.body,
  });
}

interface Snapshot {
  settings: string;
  lockout: string;
  loginLogo: number;
  jobs: string;
  acceptances: string;
  me: number;
  plantedLogs: boolean;
}

async function snapshot(): Promise<Snapshot> {
  const get = (path: string) => rawRequest(server, { path, headers: { cookie: jar.header() } });
  const logs = await get(`/eos/system/logs/stream?services=dns&to=${Math.floor(Date.now() / 1000) + 1}`);
  return {
    settings: (await get('/api/config/settings')).body,
    lockout: (await get('/api/config/lockout')).body,
    loginLogo: (await get('/api/config/login_logo')).status,
    jobs: (await get('/api/jobs')).body,
    acceptances: (await get('/api/messages/acceptances')).body,
    me: (await get('/api/users/me')).status,
    plantedLogs: logs.body.includes('planted'),
  };
}

let before: Snapshot;
test.beforeAll(async () => {
  before = await snapshot();
  expect(before.me).toBe(200);
  expect(before.loginLogo).toBe(404);
  expect(before.plantedLogs).toBe(false);
});

for (const route of MUTATING_ROUTES) {
  for (const [name, spell] of SPELLINGS) {
    test(`${route.method} ${route.route}, ${name}: never reaches the handler`, async () => {
      const target = spell(route.path);
      const res = await send(route, target);
      expect([400, 403, 404], `${target} → ${res.status} ${res.body.slice(0, 200)}`).toContain(res.status);
      // A refusal of an API path is JSON, whatever the spelling.
      expect(res.headers['content-type'] ?? '', target).toMatch(/^application\/json/);
      expect(setCookies(res), target).not.toHaveProperty('rampart_session');
    });
  }
}

test('nothing changed and the session survived every logout spelling', async () => {
  expect(await snapshot()).toEqual(before);
});

// Login CSRF: the right credentials under another spelling still sign nobody in.
for (const [name, spell] of SPELLINGS.slice(1)) {
  test(`login CSRF with valid credentials, ${name}: no session`, async () => {
    const res = await rawRequest(server, {
      method: 'POST',
      path: spell('/api/auth/login'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD }).toString(),
    });
    expect([400, 403, 404]).toContain(res.status);
    expect(setCookies(res)).not.toHaveProperty('rampart_session');
  });
}

// Page paths: refused the same way, as plain text rather than JSON; a canonical page still renders.
const PAGE_SPELLINGS: Array<[string, string, number]> = [
  ['canonical page', '/account/login', 200],
  ['encoded letter in a page path', '/%61ccount/login', 400],
  ['dot segment in a page path', '/account/./login', 400],
  ['double slash in a page path', '//account/login', 400],
  ['backslash in a page path', '/account\\login', 400],
];
for (const [name, path, status] of PAGE_SPELLINGS) {
  test(`GET ${name} (${path}) answers ${status}`, async () => {
    const res = await rawRequest(server, { path });
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('Bad Request');
    }
  });
}
