/**
 * Network pages, home and help in Chromium against the real built server: the public overview's counters move
 * without a login, a log tail opened in a floating window keeps streaming while the user navigates, and each page
 * passes axe (serious and critical).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, postJson } from './support/session';
import { axeBuilder } from './support/axe';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ RAMPART_ENV: 'test' });
});
test.afterAll(async () => server?.stop());

async function expectAccessible(page: Page) {
  const result = await axeBuilder(page).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an anonymous visitor sees the interfaces and live counters that move, without MAC or addresses', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/network/overview`);
  await expect(page.getByRole('heading', { level: 1, name: 'Network overview' })).toBeVisible();
  await expect(page.getByText('Live: counters update every second.')).toBeVisible();
  await expect(page.getByText('MAC and IP addresses are hidden')).toBeVisible();
  const table = page.getByRole('table', { name: /Interfaces of this machine/ });
  await expect(table.getByRole('columnheader', { name: 'MAC' })).toHaveCount(0);
  // The browser's own stream crosses loopback, so its received counter keeps growing.
  const loReceived = table.getByRole('row', { name: /^lo/ }).getByRole('cell').nth(3).locator('data');
  const bytes = async () => Number(await loReceived.getAttribute('value'));
  const first = await bytes();
  await expect.poll(bytes, { timeout: 5000 }).toBeGreaterThan(first);
  await expect(table.getByRole('row', { name: /^lo/ }).getByRole('cell').nth(5)).toHaveText(/B\/s$/);
  await expectAccessible(page);
  await context.close();
});

test('a log tail opened in a floating window keeps streaming while navigating', async ({ browser }) => {
  const context = await browser.newContext();
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/logs/overview`);
  await expect(page.getByRole('heading', { name: 'Live logs', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Open in a window' }).click();
  const win = page.getByRole('dialog', { name: 'Live log: all services' });
  await expect(win).toBeVisible();
  await expect(win.getByRole('status')).toHaveText(/Live/);
  // It opened clear of the navigation: neither the top bar nor the menu lies under it.
  const box = (await win.boundingBox())!;
  // (The page's banner comes first; a floating window's title bar is a header too.)
  for (const nav of [page.getByRole('banner').first(), page.getByRole('navigation', { name: 'Menu' })]) {
    const r = (await nav.boundingBox())!;
    const apart =
      box.x >= r.x + r.width ||
      r.x >= box.x + box.width ||
      box.y >= r.y + r.height ||
      r.y >= box.y + box.height;
    expect(apart).toBe(true);
  }

  // Navigate inside the console (client-side): the window stays and keeps receiving.
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Network analytics' })).toBeVisible();
  const added = await postJson(context, server, '/api/logs', {
    service: 'settings',
    message: 'e2e window marker',
  });
  expect(added.status()).toBe(201);
  await expect(win.getByText('e2e window marker')).toBeVisible();

  // Docked in the right column and floated again (spec §4 aspects): still the same stream.
  await win.getByRole('button', { name: 'Dock Live log: all services on the right' }).click();
  await expect(
    page.getByRole('complementary', { name: 'Side window' }).getByText('e2e window marker'),
  ).toBeVisible();
  await win.getByRole('button', { name: 'Float Live log: all services' }).click();
  await expect(page.getByRole('complementary', { name: 'Side window' })).toHaveCount(0);

  // Minimise and restore: the stream is kept.
  await win.getByRole('button', { name: 'Minimise Live log: all services' }).click();
  await page.getByRole('button', { name: 'Restore Live log: all services' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Live log: all services' }).getByText('e2e window marker'),
  ).toBeVisible();
  await context.close();
});

test('the command palette opens with Ctrl+K and navigates by keyboard alone', async ({ browser }) => {
  const context = await browser.newContext();
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/logs/overview`);
  await expect(page.getByRole('heading', { name: 'Live logs', level: 1 })).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Go to a page or run an action' });
  const input = palette.getByRole('combobox', { name: 'Search pages and actions' });
  await expect(input).toBeFocused();
  // The page's own actions are offered beside the pages.
  await expect(palette.getByRole('group', { name: 'This page' })).toContainText(
    'Open the live log in a window',
  );
  await expectAccessible(page);

  await page.keyboard.type('network');
  const options = palette.getByRole('option');
  await expect(options).toHaveText([/^Overview/, /^Analytics/, /^Preferences/]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${server.url}/network/preferences`);
  await expect(page.getByRole('heading', { level: 1, name: 'Network preferences' })).toBeVisible();
  await expect(palette).toBeHidden();

  // Escape closes it; the page chosen last comes first next time.
  await page.keyboard.press('Control+k');
  await expect(palette.getByRole('group', { name: 'Recent' }).getByRole('option')).toHaveText(/^Preferences/);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await context.close();
});

test('home, analytics, preferences and help show real data and pass axe', async ({ browser }) => {
  // Toasts appear after the apply; without their fade, axe checks their settled colours, not a frame mid-fade.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const page = await context.newPage();

  await page.goto(`${server.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Services' })).toContainText(/Network sampler\s*Running/);
  await expectAccessible(page);

  await page.goto(`${server.url}/network/overview`);
  await expect(page.getByRole('columnheader', { name: 'MAC' })).toBeVisible();
  await expect(page.getByText('127.0.0.1/8')).toBeVisible();

  await page.goto(`${server.url}/network/analytics`);
  await expect(page.getByRole('heading', { level: 1, name: 'Network analytics' })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`${server.url}/network/preferences`);
  await expect(page.getByRole('heading', { level: 1, name: 'Network preferences' })).toBeVisible();
  const host = page.getByRole('textbox', { name: 'Host name' });
  await host.fill('bad_host');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText(/must be a hostname/i).first()).toBeVisible();
  await host.fill('e2e-gateway');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Saved changes are not applied yet.')).toBeVisible();
  // Before Apply the page shows what changes against the running file (the whole file is one click away).
  await expect(page.getByRole('region', { name: /Changes to .*network\/etc\/hostname/ })).toContainText(
    'Added: e2e-gateway',
  );
  const hostnameFile = path.join(server.dataDir, 'network', 'etc', 'hostname');
  expect(fs.readFileSync(hostnameFile, 'utf8')).not.toBe('e2e-gateway\n');
  await page.getByRole('button', { name: 'Apply configuration' }).click();
  await expect(page.getByRole('progressbar', { name: 'Applying configuration' })).toBeVisible();
  // A new host name can cut the admin off: it stays only when kept.
  const banner = page.getByRole('listitem', { name: /Keep the network preference changes\?/ });
  await expect(banner).toContainText('host name changed');
  await banner.getByRole('button', { name: 'Keep changes' }).click();
  await expect(page.getByText('Changes kept.')).toBeVisible();
  await expect(page.getByText('The running configuration is up to date.')).toBeVisible();
  expect(fs.readFileSync(hostnameFile, 'utf8')).toBe('e2e-gateway\n');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Help: network' }).click();
  await expect(page).toHaveURL(`${server.url}/help#network`);
  await page.getByRole('searchbox', { name: 'Search the help' }).fill('top talkers');
  await expect(page.getByRole('article', { name: 'Network' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Home' })).toHaveCount(0);
  await expectAccessible(page);
  await context.close();
});
