/**
 * The console shell in Chromium against the real built server: server rendering, hydration, 404s, the public
 * route, the login guard, build-update reloads and the chunk-error reload guard.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ RAMPART_ENV: 'test' });
});
test.afterAll(async () => server?.stop());

/** Collects console errors and warnings, page errors included. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** Resolves once React has hydrated: the menu toggle reacts to a click. */
async function waitForHydration(page: Page) {
  const toggle = page.getByRole('button', { name: /menu/i }).first();
  await expect(async () => {
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Show menu' })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Show menu' }).click();
}

test('the server sends the rendered page, not an empty shell', async () => {
  const html = await (await fetch(`${server.url}/network/overview`)).text();
  expect(html).toMatch(/<h1 class="page-header__title">Network overview<\/h1>/);
  expect(html).toMatch(/<script defer src="\/assets\/js\/main\.[0-9a-f]+\.js" nonce="[0-9a-f]+"><\/script>/);
  expect(html).toMatch(/area-network\.[0-9a-f]+\.js/);
});

test('the public network overview hydrates without console errors or warnings', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${server.url}/network/overview`);
  await expect(page.getByRole('heading', { level: 1, name: 'Network overview' })).toBeVisible();
  await waitForHydration(page);
  expect(problems).toEqual([]);
});

test('an unknown page shows Page Not Found with its path', async ({ page }) => {
  const res = await page.goto(`${server.url}/no/such/page`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
});

test('an anonymous visitor of a protected page lands on the login page with the page to return to', async ({
  page,
}) => {
  await page.goto(`${server.url}/dns/proxy?tab=forwarders`);
  await expect(page).toHaveURL(`${server.url}/account/login?return_to=%2Fdns%2Fproxy%3Ftab%3Dforwarders`);
});

test('client-side navigation loads the route chunk on demand', async ({ page, context }) => {
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const chunks: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/js\/(area-[a-z]+)\./.exec(r.url());
    if (m) chunks.push(m[1]);
  });
  await page.goto(`${server.url}/network/overview`);
  await waitForHydration(page);
  expect(chunks).not.toContain('area-ssh');
  await page.getByRole('link', { name: 'Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SSH password' })).toBeVisible();
  expect(chunks).toContain('area-ssh');
});

test('a signed-in page hydrates cleanly and its main bar links navigate in the app', async ({
  page,
  context,
}) => {
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const problems = watchConsole(page);
  await page.goto(`${server.url}/logs/overview`);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(`${server.url}/help`);
  await expect(sections.getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Rampart home' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(sections.getByRole('link', { name: 'Console' })).toHaveAttribute('aria-current', 'page');
  // Both were client-side navigations: the document (and what it holds) is the one loaded first.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  expect(problems).toEqual([]);
});

test('a signed-in page with the context bar the server kept hydrates cleanly and its menu search works', async ({
  page,
  context,
}) => {
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const bar = async () => {
    const res = await context.request.get(`${server.url}/dns/proxy`);
    return /<nav id="context-bar".*?<\/nav>/.exec(await res.text())?.[0];
  };
  // The first render keeps the bar's HTML, the next one is served from it: both are the same markup.
  const rendered = await bar();
  expect(rendered).toContain('href="/dns/proxy" class="context-bar__link active" aria-current="page"');
  expect(await bar()).toBe(rendered);

  const problems = watchConsole(page);
  await page.goto(`${server.url}/dns/proxy`);
  await waitForHydration(page);
  const search = page.getByRole('combobox', { name: 'Search the menu' });
  await search.fill('dyn');
  const results = page.getByRole('listbox', { name: 'Menu search results' });
  await expect(results.getByRole('option')).toHaveText(['DNS Dynamic DNS']);
  await search.press('Enter');
  await expect(page).toHaveURL(`${server.url}/dns/dynamic`);
  await expect(
    page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Dynamic DNS' }),
  ).toHaveAttribute('aria-current', 'page');
  expect(problems).toEqual([]);
});

test.describe('a new deployment', () => {
  let deployed: RunningServer;
  let clientDir: string;
  test.beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-client-'));
    fs.cpSync(path.resolve(__dirname, '../../dist/client'), clientDir, { recursive: true });
    deployed = await startServer({
      RAMPART_ENV: 'test',
      RAMPART_CLIENT_DIR: clientDir,
      RAMPART_BUILD_POLL_SECONDS: '1',
    });
  });
  test.afterAll(async () => deployed?.stop());

  test('makes the next navigation a full page load', async ({ page, context }) => {
    await loginAsAdmin(context, deployed, { acceptAgreements: true });
    await page.goto(`${deployed.url}/network/overview`);
    await waitForHydration(page);

    // Same build: navigation stays in the page.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('link', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Network analytics' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    // Deploy: the polled build id changes.
    const latest = await page.waitForResponse((r) => r.url().includes('/_build/latest.json'));
    expect(latest.status()).toBe(200);
    fs.writeFileSync(path.join(clientDir, 'build-latest.json'), JSON.stringify({ buildId: 'next-build' }));
    await page.waitForResponse(
      async (r) => r.url().includes('/_build/latest.json') && (await r.json()).buildId === 'next-build',
    );

    const navigated = page.waitForEvent('framenavigated');
    await page.getByRole('link', { name: 'Preferences' }).click();
    await navigated;
    await expect(page.getByRole('heading', { level: 1, name: 'Network preferences' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  });
});

test('a chunk that fails to load reloads the page once, then the guard stops the loop', async ({
  page,
  context,
}) => {
  await loginAsAdmin(context, server, { acceptAgreements: true });
  await page.goto(`${server.url}/network/overview`);
  await waitForHydration(page);
  await page.route(/\/assets\/js\/area-dns\./, (route) => route.abort());
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('link', { name: 'DNS proxy' }).click();
  // One full reload of /dns/proxy; its chunk fails again; the 10 s guard holds and the error page shows.
  await expect(page.getByRole('heading', { name: 'Internal Server Error' })).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1500);
  expect(loads).toBe(1);
  expect(new URL(page.url()).pathname).toBe('/dns/proxy');
  const flag = await page.evaluate(() => sessionStorage.getItem('rampart-chunk-reload:/dns/proxy'));
  expect(Number(flag)).toBeGreaterThan(0);
});

test('SIGTERM shuts the server down gracefully', async () => {
  const s = await startServer({ RAMPART_ENV: 'test' });
  expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  const started = Date.now();
  expect(await s.terminate()).toBe(0);
  expect(Date.now() - started).toBeLessThan(5000);
  await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
});
