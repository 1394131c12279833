/**
 * Open redirects: every `return_to` the console takes (the local login and change password, and each identity flow:
 * login, registration, recovery, verification, settings, logout) goes through the one redirect policy. For each
 * payload the server either answers the normalised same-origin path / allow-listed URL the table expects, or refuses
 * it (the local login falls back to `/`, the identity service answers `self_service_flow_return_to_forbidden` and
 * sends a browser to its error page). Whatever the answer, no `Location` header and no `redirect_browser_to`,
 * `redirect_uri`, `return_to` or `logout_url` in a body leads anywhere but the console or the allow-list.
 *
 * The table holds the value the server receives (it goes into the query string percent-encoded); `{origin}` stands
 * for the console's origin. Adding a case is one line.
 */
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import http from 'node:http';
import path from 'node:path';
import { startServer, type RunningServer } from '../e2e/support/server';
import { adminJar, ADMIN_PASSWORD, Jar, rawRequest, type RawRequest, type RawResponse } from './support/http';

/** An origin the server is configured to allow (RAMPART_REDIRECT_ORIGINS). */
const SSO = 'https://sso.example:8443';

/** [family, return_to as received, expected target: a local path, an allow-listed URL, or null = refused] */
const corpus: Array<[family: string, returnTo: string, expected: string | null]> = [
  // allowed, normalised
  ['plain path', '/dns/proxy?x=1#top', '/dns/proxy?x=1#top'],
  ['own origin, absolute', '{origin}/settings/', '/settings/'],
  ['dot segments inside the console', '/a/b/../c', '/a/c'],
  ['encoded slashes stay one path segment', '/%2f%2fother.host', '/%2f%2fother.host'],
  ['encoded backslash stays one path segment', '/%5cother.host', '/%5cother.host'],
  ['allow-listed origin', `${SSO}/cb?a=1`, `${SSO}/cb?a=1`],
  ['IDNA full stops that spell the console itself', '{origin-idna}/x', '/x'],
  // dot segments collapsing into `//host`
  ['reported: /.//host', '/.//other.host/page', null],
  ['/./ then //', '/.///other.host', null],
  ['parent then //', '/a/..//other.host', null],
  ['encoded dot', '/%2e//other.host', null],
  ['encoded dot dot', '/a/%2e%2e//other.host', null],
  ['own origin with dot segment', '{origin}/.//other.host', null],
  // doubled and backslashed slashes, scheme-relative
  ['scheme-relative', '//other.host/page', null],
  ['triple slash', '///other.host', null],
  ['slash backslash', '/\\other.host', null],
  ['backslash backslash', '\\\\other.host', null],
  ['backslash slash', '\\/other.host', null],
  ['encoded slashes as the whole target', '%2f%2fother.host', null],
  ['encoded backslash as the whole target', '%5c%5cother.host', null],
  // other origins, userinfo
  ['another host', 'https://other.host/', null],
  ['suffix lookalike', '{origin}.other.host/', null],
  ['allow-listed host, other port', 'https://sso.example/cb', null],
  ['origin as user name', '{origin}@other.host/', null],
  ['user name on the origin', 'http://user:pw@{host}/', null],
  ['https without slashes', 'https:other.host', null],
  ['relative path', 'other.host/page', null],
  // script and data schemes
  ['javascript:', 'javascript:alert(1)', null],
  ['JavaScript: mixed case', 'JaVaScRiPt:alert(1)', null],
  ['data:', 'data:text/html,<script>alert(1)</script>', null],
  ['vbscript:', 'vbscript:msgbox(1)', null],
  // whitespace and control characters
  ['leading space', ' //other.host', null],
  ['tab inside the scheme', 'java\tscript:alert(1)', null],
  ['newline inside the scheme', 'java\nscript:alert(1)', null],
  ['NUL before the scheme', '\u0000javascript:alert(1)', null],
  ['tab between slashes', '/\t/other.host', null],
  ['newline between slashes', '/\n/other.host', null],
  ['header injection', '/ok\r\nLocation: https://other.host', null],
  ['no-break space between slashes', '/\u00a0/other.host', null],
  // unicode lookalikes
  ['fullwidth solidus host', '{origin}\uff0f\uff0fother.host', null],
  ['ideographic full stop in another host', 'https://other\u3002host/', null],
  ['cyrillic lookalike scheme', 'htt\u0440s://other.host/', null],
];

let server: RunningServer;
let identity: Jar;

const origin = () => server.url;
const host = () => new URL(server.url).host;
const fill = (value: string) =>
  value
    .replaceAll('{origin-idna}', origin().replaceAll('.', '\u3002'))
    .replaceAll('{origin}', origin())
    .replaceAll('{host}', host());
const absolute = (expected: string) => (expected.startsWith('/') ? origin() + expected : expected);
const query = (value: string) => `return_to=${encodeURIComponent(fill(value))}`;

let nextAddress = 20;
/** A request from its own loopback address, so the per-address login limit never blocks the corpus. */
function fromOwnAddress(req: RawRequest): Promise<RawResponse> {
  const localAddress = `127.0.0.${nextAddress++ % 250 || 1}`;
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress,
        method: req.method ?? 'GET',
        path: req.path,
        headers: { 'content-length': String(Buffer.byteLength(req.body ?? '')), ...req.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
      },
    );
    r.on('error', reject);
    r.end(req.body ?? '');
  });
}

/** Every address an answer hands the browser: the Location header and the redirect fields of a JSON body. */
function addressesIn(res: RawResponse): string[] {
  const out: string[] = [];
  if (typeof res.headers.location === 'string') out.push(res.headers.location);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = null;
  }
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (
          typeof x === 'string' &&
          /^(redirect_browser_to|redirect_uri|redirect_to|return_to|logout_url)$/.test(k)
        )
          out.push(x);
        else walk(x);
      }
  };
  walk(body);
  // An address that carries a return_to of its own hands that on too.
  for (const a of [...out]) {
    try {
      const inner = new URL(a, origin()).searchParams.get('return_to');
      if (inner !== null) out.push(inner);
    } catch {
      /* checked below */
    }
  }
  return out;
}

/** A browser reads this address as the console or an allow-listed origin. */
function expectSafe(address: string) {
  if (address.startsWith('/')) {
    expect(address, `${address} is read as another host`).not.toMatch(/^\/[/\\]/);
    return;
  }
  expect([origin(), SSO], `${address} leaves the console`).toContain(new URL(address).origin);
}

function expectAllSafe(res: RawResponse) {
  for (const a of addressesIn(res)) expectSafe(a);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ RAMPART_REDIRECT_ORIGINS: SSO });
  await adminJar(server); // first access: the seeded admin's password is now ADMIN_PASSWORD
  identity = await identitySession();
});
test.afterAll(async () => server.stop());

const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

/** Signs up, marks the address verified (the mailed code is the journey test's business) and logs in. */
async function identitySession(): Promise<Jar> {
  const jar = new Jar();
  const email = 'redirects@example.com';
  const password = 'Copper-Lantern-Harbour-61';
  const start = async (kind: string) => {
    const res = jar.absorb(
      await rawRequest(server, {
        path: `/identity/self-service/${kind}/browser`,
        headers: { accept: 'application/json', cookie: jar.header() },
      }),
    );
    const flow = res.json<{
      id: string;
      ui: { nodes: Array<{ attributes: { name?: string; value?: string } }> };
    }>();
    const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value ?? '';
    return { id: flow.id, csrf };
  };
  const submit = async (kind: string, body: Record<string, unknown>) => {
    const flow = await start(kind);
    return jar.absorb(
      await rawRequest(server, {
        method: 'POST',
        path: `/identity/self-service/${kind}?flow=${flow.id}`,
        headers: { ...JSON_HEADERS, cookie: jar.header() },
        body: JSON.stringify({ ...body, csrf_token: flow.csrf }),
      }),
    );
  };
  const signedUp = await submit('registration', { method: 'password', traits: { email }, password });
  expect(signedUp.status, signedUp.body).toBe(200);
  const db = new Database(path.join(server.dataDir, 'identity.db'));
  try {
    db.prepare("UPDATE verifiable_addresses SET verified = 1, status = 'completed' WHERE value = ?").run(
      email,
    );
  } finally {
    db.close();
  }
  const loggedIn = await submit('login', { method: 'password', identifier: email, password });
  expect(loggedIn.status, loggedIn.body).toBe(200);
  expect(Object.keys(jar.cookies)).toContain('ory_kratos_session');
  return jar;
}

test.describe('local login', () => {
  for (const [family, returnTo, expected] of corpus) {
    test(`POST /api/auth/login return_to ${family}: ${JSON.stringify(returnTo)}`, async () => {
      const page = await fromOwnAddress({ path: '/account/login' });
      const jar = new Jar();
      jar.absorb(page);
      const xsrf = Object.entries(jar.cookies).find(([k]) => k.endsWith('XSRF-TOKEN'))?.[1] ?? '';
      const res = await fromOwnAddress({
        method: 'POST',
        path: `/api/auth/login?${query(returnTo)}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: jar.header(),
          'x-xsrf-token': xsrf,
        },
        body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD }).toString(),
      });
      expect(res.status, res.body).toBe(200);
      expect(res.json<{ data: { redirect_uri: string } }>().data.redirect_uri).toBe(expected ?? '/');
      expectAllSafe(res);
    });
  }
});

test('change password keeps only a checked return_to on its login redirect', async () => {
  const change = async (from: string, to: string, returnTo: string) => {
    const jar = new Jar();
    jar.absorb(await fromOwnAddress({ path: '/account/login' }));
    const xsrf = Object.entries(jar.cookies).find(([k]) => k.endsWith('XSRF-TOKEN'))?.[1] ?? '';
    const res = await fromOwnAddress({
      method: 'POST',
      path: `/api/auth/change_password?${query(returnTo)}`,
      headers: { 'content-type': 'application/json', cookie: jar.header(), 'x-xsrf-token': xsrf },
      body: JSON.stringify({ username: 'admin', password: from, new_password: to }),
    });
    expect(res.status, res.body).toBe(200);
    expectAllSafe(res);
    return res.json<{ data: { redirect_uri: string } }>().data.redirect_uri;
  };
  const other = `${ADMIN_PASSWORD}-2`;
  expect(await change(ADMIN_PASSWORD, other, '/.//other.host/page')).toBe(
    '/account/login?notice=password_changed',
  );
  expect(await change(other, ADMIN_PASSWORD, '/dns/proxy')).toBe(
    '/account/login?notice=password_changed&return_to=%2Fdns%2Fproxy',
  );
});

test.describe('identity flows', () => {
  const get = (p: string, accept: 'json' | 'html') =>
    rawRequest(server, {
      path: `/identity${p}`,
      headers: {
        accept: accept === 'json' ? 'application/json' : 'text/html',
        cookie: identity.header(),
      },
    });
  const refusedJson = (res: RawResponse) => {
    expect(res.status, res.body).toBe(400);
    expect(res.json<{ error: { id: string } }>().error.id).toBe('self_service_flow_return_to_forbidden');
  };
  const refusedBrowser = (res: RawResponse) => {
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(
      new RegExp(`^${origin().replaceAll('.', '\\.')}/error/\\?id=[0-9a-f-]{36}$`),
    );
  };

  for (const [family, returnTo, expected] of corpus) {
    test(`return_to ${family}: ${JSON.stringify(returnTo)}`, async () => {
      // Login, registration and recovery with a session send the browser straight to return_to.
      for (const kind of ['login', 'registration', 'recovery']) {
        const browser = await get(`/self-service/${kind}/browser?${query(returnTo)}`, 'html');
        expectAllSafe(browser);
        if (expected === null) refusedBrowser(browser);
        else {
          expect(browser.status, `${kind}: ${browser.body}`).toBe(303);
          expect(browser.headers.location, kind).toBe(absolute(expected));
        }
        const json = await get(`/self-service/${kind}/browser?${query(returnTo)}`, 'json');
        expectAllSafe(json);
        if (expected === null) refusedJson(json);
        else expect(json.json<{ error: { id: string } }>().error.id).toBe('session_already_available');
      }
      // Verification and settings keep return_to on the flow, where the browser goes when it is done.
      for (const kind of ['verification', 'settings']) {
        const json = await get(`/self-service/${kind}/browser?${query(returnTo)}`, 'json');
        expectAllSafe(json);
        if (expected === null) refusedJson(json);
        else {
          expect(json.status, `${kind}: ${json.body}`).toBe(200);
          expect(json.json<{ return_to?: string }>().return_to, kind).toBe(absolute(expected));
        }
        const browser = await get(`/self-service/${kind}/browser?${query(returnTo)}`, 'html');
        expectAllSafe(browser);
        if (expected === null) refusedBrowser(browser);
        else expect(browser.headers.location).toMatch(new RegExp(`/${kind}/\\?flow=`));
      }
      // Logout: the logout URL carries return_to, and the logout itself checks it again.
      const logout = await get(`/self-service/logout/browser?${query(returnTo)}`, 'json');
      expectAllSafe(logout);
      if (expected === null) refusedJson(logout);
      else {
        const url = new URL(logout.json<{ logout_url: string }>().logout_url);
        expect(url.searchParams.get('return_to')).toBe(absolute(expected));
      }
      const direct = await get(`/self-service/logout?token=not-a-token&${query(returnTo)}`, 'html');
      expectAllSafe(direct);
      if (expected === null) refusedBrowser(direct);
    });
  }

  test('a real logout lands on the checked return_to', async () => {
    const link = await get(`/self-service/logout/browser?${query('/a/./b?c=1')}`, 'json');
    const url = new URL(link.json<{ logout_url: string }>().logout_url);
    const res = await get(`${url.pathname.replace(/^\/identity/, '')}${url.search}`, 'html');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${origin()}/a/b?c=1`);
  });
});
