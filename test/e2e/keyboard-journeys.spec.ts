/**
 * Keyboard-only journeys (issue 18 accessibility gate) against the built server: the agreement modal, the live log
 * report and a configuration form, each used with the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape and
 * typing; never the pointer), each ending with axe on the page it leaves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext } from '@playwright/test';
import { expectAccessible, retype, tabTo } from './support/keyboard';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, postJson } from './support/session';

let server: RunningServer;

// The agreement journey accepts the seeded agreement: it runs first, on the same appliance.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer({ RAMPART_ENV: 'test' });
});
test.afterAll(async () => server?.stop());

/** Toasts fade: without motion axe reads their settled colours, not a frame mid-fade. */
const calmContext = (browser: import('@playwright/test').Browser, viewport = { width: 1280, height: 900 }) =>
  browser.newContext({ reducedMotion: 'reduce', viewport });

async function addLog(context: BrowserContext, service: string, message: string) {
  const res = await postJson(context, server, '/api/logs', { service, message });
  expect(res.status(), await res.text()).toBe(201);
}

test('the agreement modal traps focus, ignores Escape, and is read and accepted with the keyboard', async ({
  browser,
}) => {
  // A short window: the terms scroll inside their region.
  const context = await calmContext(browser, { width: 1100, height: 460 });
  await loginAsAdmin(context, server);
  const page = await context.newPage();
  await page.goto(`${server.url}/messaging/agreements`);
  const dialog = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(dialog).toBeVisible();
  const read = dialog.getByRole('checkbox', { name: 'I read all terms' });
  const accept = dialog.getByRole('button', { name: 'Accept' });
  // The modal takes the focus on the box to tick; Accept waits for it.
  await expect(read).toBeFocused();
  await expect(accept).toBeDisabled();

  // Not closable (spec §2): Escape leaves it open, the focus where it was.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(read).toBeFocused();

  // Focus stays inside, both ways round.
  const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await inside(), `after ${key}`).toBe(true);
  }

  // The terms region is reached by Tab and scrolls with the keys that scroll.
  const terms = dialog.getByRole('region', { name: 'Terms', exact: true });
  await tabTo(page, terms);
  expect(await terms.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await page.keyboard.press('End');
  await expect.poll(() => terms.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await expect(terms).toContainText('apply them with care');

  await tabTo(page, read);
  await page.keyboard.press('Space');
  await expect(read).toBeChecked();
  await expect(accept).toBeEnabled();
  await expectAccessible(page);
  await tabTo(page, accept);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'You have accepted all agreements.' }),
  ).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test('the log report with the keyboard: search, filters, pause and resume, a live window', async ({
  browser,
}) => {
  const context = await calmContext(browser);
  await loginAsAdmin(context, server, { acceptAgreements: true });
  await addLog(context, 'dns', 'kbd dns marker');
  await addLog(context, 'ssh', 'kbd ssh marker');
  const page = await context.newPage();
  await page.goto(`${server.url}/logs/overview`);
  await expect(page.getByRole('heading', { name: 'Live logs', level: 1 })).toBeVisible();
  const cell = (text: string) => page.getByRole('cell', { name: new RegExp(text) });
  await expect(cell('kbd dns marker')).toBeVisible();
  await expect(cell('login succeeded').first()).toBeVisible();

  // The skip link first, then into the report's tools.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
  await page.keyboard.type('kbd');
  await expect(cell('kbd ssh marker')).toBeVisible();
  // The login's audit line does not match the keyword.
  await expect(cell('login succeeded')).toHaveCount(0);

  // Filters: open, untick ssh, apply.
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await tabTo(page, filters);
  await page.keyboard.press('Enter');
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Filters' });
  await tabTo(page, panel.getByRole('checkbox', { name: 'ssh' }));
  await page.keyboard.press('Space');
  await expect(panel.getByRole('checkbox', { name: 'ssh' })).not.toBeChecked();
  await tabTo(page, panel.getByRole('button', { name: 'Apply filters' }));
  await page.keyboard.press('Enter');
  await expect(cell('kbd ssh marker')).toHaveCount(0);
  await expect(cell('kbd dns marker')).toBeVisible();

  // Pause: new entries wait (counted), resume shows them.
  const pause = page.getByRole('button', { name: 'Pause', exact: true });
  await tabTo(page, pause, { back: true });
  await page.keyboard.press('Enter');
  await expect(pause).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'paused' })).toBeVisible();
  await addLog(context, 'dns', 'kbd while paused');
  await expect(page.getByRole('button', { name: /^\d+ new entr(y|ies)$/ })).toBeVisible();
  await expect(cell('kbd while paused')).toHaveCount(0);
  await expect(pause).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pause).toHaveAttribute('aria-pressed', 'false');
  await expect(cell('kbd while paused')).toBeVisible();

  // The live tail in a floating window: it takes the focus, and Escape closes it.
  await tabTo(page, page.getByRole('button', { name: 'Open in a window' }));
  await page.keyboard.press('Enter');
  const win = page.getByRole('dialog', { name: /^Live log/ });
  await expect(win).toBeVisible();
  await expect(win.getByRole('status')).toHaveText(/Live/);
  expect(await win.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await addLog(context, 'dns', 'kbd window marker');
  await expect(win.getByText('kbd window marker')).toBeVisible();
  // Its entries scroll with the keyboard too: Tab reaches the list.
  await tabTo(page, win.getByRole('list', { name: 'Newest log entries' }), { max: 12 });
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(win).toBeHidden();
  await expectAccessible(page);
  await context.close();
});

test('network preferences with the keyboard: an error takes the focus, the fix is saved and applied', async ({
  browser,
}) => {
  const context = await calmContext(browser);
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/network/preferences`);
  await expect(page.getByRole('heading', { level: 1, name: 'Network preferences' })).toBeVisible();

  const host = page.getByRole('textbox', { name: 'Host name' });
  await tabTo(page, host);
  const original = await host.inputValue();
  await retype(page, 'bad_host');
  // Save is reached by Tab; the refusal brings the focus back to the field, which says why.
  const save = page.getByRole('button', { name: 'Save preferences' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(host).toBeFocused();
  await expect(host).toHaveAttribute('aria-invalid', 'true');
  await expect(host).toHaveAccessibleDescription(/must be a hostname/i);
  await expectAccessible(page);

  // Fixed (the host name as it was), and a DNS server added with Enter.
  await retype(page, original);
  await expect(host).toHaveAttribute('aria-invalid', 'false');
  const dns = page.getByRole('textbox', { name: /^DNS servers/ });
  await tabTo(page, dns);
  await page.keyboard.type('192.0.2.153');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'DNS servers values' })).toContainText('192.0.2.153');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved changes are not applied yet.')).toBeVisible();

  const resolv = path.join(server.dataDir, 'network', 'etc', 'resolv.conf');
  const apply = page.getByRole('button', { name: 'Apply configuration' });
  await tabTo(page, apply, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText('The running configuration is up to date.')).toBeVisible({ timeout: 20_000 });
  expect(fs.readFileSync(resolv, 'utf8')).toContain('nameserver 192.0.2.153');
  await expectAccessible(page);
  await context.close();
});
