import fs from 'node:fs';
import { AREAS } from '../../src/shared/privileges';
import type { FastifyInstance } from 'fastify';
import { adminAgent, startServer, type Harness } from '../appliance/support/harness';

let app: FastifyInstance;
let harness: Harness;
/** Cookies of a real session of the seeded admin. */
const LOGGED_IN = { cookie: '' };

beforeAll(async () => {
  harness = await startServer({ config: { env: 'test' } });
  app = harness.app;
  LOGGED_IN.cookie = (await adminAgent(harness)).cookieHeader();
});
afterAll(async () => {
  await harness.close();
  fs.rmSync(harness.dataDir, { recursive: true, force: true });
});

describe('server rendering', () => {
  test('the public network overview renders in the core layout without a login', async () => {
    const res = await app.inject({ url: '/network/overview' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<h1 class="page-header__title">Network overview<\/h1>/);
    expect(res.body).toContain('class="main-bar"');
    expect(res.body).toContain('<title>Network overview · Rampart</title>');
    expect(res.body).toContain('id="__RAMPART_STATE__"');
  });

  test.each([
    '/',
    '/dns/proxy',
    '/dns/dynamic',
    '/ssh/config',
    '/ssh/password',
    '/logs/overview',
    '/updates/update',
    '/settings/layout',
    '/network/analytics',
    '/network/preferences',
    '/system/acme-orders',
    '/system/certificates',
    '/system/certificate-authorities',
    '/system/certificate-revocation-lists',
    '/authentication/users',
    '/authentication/groups',
    '/authentication/services',
    '/authentication/providers',
    '/authentication/lockout',
    '/shop',
    '/help',
    '/profile',
    '/messaging/agreements',
  ])('protected route %s renders for a logged-in visitor and redirects an anonymous one', async (url) => {
    const ok = await app.inject({ url, headers: LOGGED_IN });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('<main id="main-content"');
    const anon = await app.inject({ url });
    expect(anon.statusCode).toBe(302);
    expect(anon.headers.location).toBe(`/account/login?return_to=${encodeURIComponent(url)}`);
  });

  test.each([
    '/system/acme-orders/o-1',
    '/system/certificates/c-1',
    '/system/certificate-authorities/ca-1',
    '/system/certificate-revocation-lists/crl-1',
    '/authentication/users/u-1',
    '/authentication/groups/g-1',
    '/authentication/services/s-1',
    '/authentication/providers/p-1',
  ])(
    'protected detail route %s renders in the layout for a logged-in visitor and redirects an anonymous one',
    async (url) => {
      // No appliance answers here: the page says it could not load the entity (200), or, where a list it reads says
      // the id is unknown, is the 404 page (test/server/entityNotFound.test.ts covers which is which).
      const ok = await app.inject({ url, headers: LOGGED_IN });
      expect([200, 404]).toContain(ok.statusCode);
      expect(ok.body).toContain('<main id="main-content"');
      const anon = await app.inject({ url });
      expect(anon.statusCode).toBe(302);
      expect(anon.headers.location).toBe(`/account/login?return_to=${encodeURIComponent(url)}`);
    },
  );

  test.each([
    '/account/login',
    '/account/signup',
    '/account/recover',
    '/login/',
    '/signup/',
    '/recovery/',
    '/verification/',
    '/logout/',
    '/terms',
    '/verified',
    '/change-password',
  ])('account page %s is public', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
  });

  test('an unknown path is a 404 page naming the path', async () => {
    const res = await app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page Not Found');
    expect(res.body).toContain('/no/such/page');
  });

  test('an unknown single-segment action is a 404 naming the path', async () => {
    const res = await app.inject({ url: '/frobnicate' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('/frobnicate');
  });

  test('a detail route whose id fails its validity check is a 404 naming the path', async () => {
    const res = await app.inject({ url: '/system/certificates/bad%20id', headers: LOGGED_IN });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page Not Found');
    expect(res.body).toContain('/system/certificates/bad%20id');
  });

  test('an unsupported authentication screen type is a 500 with its message', async () => {
    const res = await app.inject({ url: '/account/frob' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('Unsupported authentication type');
  });

  test('hostile text in the path is escaped in the page', async () => {
    const res = await app.inject({ url: '/x%3Cscript%3Ealert(1)%3C/script%3E/y' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/<script>alert/);
  });
});

describe('headers and cookies', () => {
  test('a strict CSP with a per-response nonce and no inline scripts', async () => {
    const a = await app.inject({ url: '/network/overview' });
    const b = await app.inject({ url: '/network/overview' });
    const csp = String(a.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).toMatch(/'nonce-[0-9a-f]+'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy']);
    const nonce = /'nonce-([0-9a-f]+)'/.exec(scriptSrc)![1];
    for (const tag of a.body.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    expect(a.headers['x-content-type-options']).toBe('nosniff');
  });

  test('sets the locale cookie for a year, SameSite=Lax', async () => {
    const res = await app.inject({ url: '/network/overview' });
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('locale='));
    expect(cookie).toMatch(/^locale=en-US;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  test('health and build metadata', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const meta = await app.inject({ url: '/_build/meta.json' });
    expect(meta.json()).toHaveProperty('buildId');
    const latest = await app.inject({ url: '/_build/latest.json?ts=123' });
    expect(latest.headers['cache-control']).toBe('no-store');
    expect(latest.json().buildId).toBe(meta.json().buildId);
  });

  test('an icon is served', async () => {
    const res = await app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/svg/);
  });
});

describe('bad input', () => {
  test('an overlong URL is refused with 414', async () => {
    const res = await app.inject({ url: '/' + 'a'.repeat(9000) });
    expect(res.statusCode).toBe(414);
  });

  test('invalid percent-encoding gets a clean 4xx', async () => {
    const res = await app.inject({ url: '/dns/%E0%A4%A' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  test('an unknown method gets a clean 4xx', async () => {
    const res = await app.inject({ method: 'PROPFIND' as never, url: '/dns/proxy' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  test('hostile Host and X-Forwarded headers do not change redirects or links', async () => {
    const res = await app.inject({
      url: '/dns/proxy',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'javascript',
      },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/account/login?return_to=%2Fdns%2Fproxy');
    const page = await app.inject({ url: '/network/overview', headers: { host: '"><script>x</script>' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>x</script>');
  });

  test('unknown API paths are JSON 404s, never a rendered page', async () => {
    const res = await app.inject({ url: '/api/definitely-not-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('render micro-cache', () => {
  test('cached anonymous pages still get a fresh nonce on every response', async () => {
    const a = await app.inject({ url: '/account/login' });
    const b = await app.inject({ url: '/account/login' });
    const nonceOf = (csp: string) => /script-src[^;]*'nonce-([0-9a-f]+)'/.exec(csp)![1];
    const na = nonceOf(String(a.headers['content-security-policy']));
    const nb = nonceOf(String(b.headers['content-security-policy']));
    expect(na).not.toBe(nb);
    expect(b.body).toContain(`nonce="${nb}"`);
    expect(b.body).not.toContain(na);
  });

  test('a login cookie without a session sends a protected page to the login and clears the cookie', async () => {
    const res = await app.inject({ url: '/dns/proxy', headers: { cookie: 'rampart_logged_in=1' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/account/login?return_to=%2Fdns%2Fproxy');
    expect(String(res.headers['set-cookie'])).toMatch(/rampart_logged_in=; Max-Age=0/);
  });

  test('logged-in visitors are never served from the cache', async () => {
    await app.inject({ url: '/network/overview' });
    const res = await app.inject({ url: '/network/overview', headers: LOGGED_IN });
    const state = JSON.parse(/id="__RAMPART_STATE__"[^>]*>([^<]*)</.exec(res.body)![1]);
    expect(state.session).toEqual({
      loggedIn: true,
      user: {
        username: 'admin',
        role: 'admin',
        mustChangePassword: false,
        privileges: Object.fromEntries(AREAS.map((a) => [a, 'write'])),
      },
    });
  });
});

describe('custom style', () => {
  test('a colour change shows on the next render, signed in and anonymous, with text readable on it', async () => {
    const admin = await adminAgent(harness);
    const primaryOf = (html: string) => /--color-primary:([^;}]+)/.exec(html)?.[1];
    const textOf = (html: string) => /--color-primary-contrast:([^;}]+)/.exec(html)?.[1];
    // Both renders read (and may keep) the current style first.
    await app.inject({ url: '/logs/overview', headers: LOGGED_IN });
    await app.inject({ url: '/account/login' });
    // A dark primary takes white text; amber keeps the theme's dark text.
    for (const [primary, text] of [
      ['#123456', '#ffffff'],
      ['#ffbf00', '#10180a'],
    ]) {
      const put = await admin.put('/api/config/settings', { primary_color: primary, bar_color: '#1f2a33' });
      expect(put.statusCode).toBe(200);
      const signedIn = await app.inject({ url: '/logs/overview', headers: LOGGED_IN });
      expect(primaryOf(signedIn.body)).toBe(primary);
      expect(textOf(signedIn.body)).toBe(text);
      const anonymous = await app.inject({ url: '/account/login' });
      expect(primaryOf(anonymous.body)).toBe(primary);
      expect(textOf(anonymous.body)).toBe(text);
    }
  });
});

describe('content security policy', () => {
  test('the policy from the template equals the one built directly', async () => {
    const { buildCsp } = await import('../../src/server/securityHeaders');
    const res = await app.inject({ url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    const [, script] = /script-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp)!;
    const [, style] = /style-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp)!;
    expect(csp).toBe(buildCsp({ extraOrigins: [], parentOrigin: '', secure: false }, { script, style }));
  });

  test('every response has nonces of its own, also past a refill of the random pool', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 150; i++) {
      const csp = String((await app.inject({ url: '/healthz' })).headers['content-security-policy']);
      const [, script] = /script-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp)!;
      const [, style] = /style-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp)!;
      seen.add(script).add(style);
    }
    expect(seen.size).toBe(300);
  });
});

describe('the document title of a server render', () => {
  test("is a detail page's entity name, the same the browser keeps (the route's handle.title)", async () => {
    const users = await app.inject({ url: '/api/users?per_page=100', headers: LOGGED_IN });
    const admin = (JSON.parse(users.body) as { data: Array<{ id: number; username: string }> }).data.find(
      (u) => u.username === 'admin',
    )!;
    const res = await app.inject({ url: `/authentication/users/${admin.id}`, headers: LOGGED_IN });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>User admin · Rampart</title>');
  });

  test("is the entity's kind for an id the appliance does not know (the page is the 404)", async () => {
    const res = await app.inject({ url: '/authentication/groups/987654', headers: LOGGED_IN });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Group · Rampart</title>');
  });
});
