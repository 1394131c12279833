/**
 * Updates and layout settings end to end against the built server:
 * - a package signed by scripts/make-update-package.ts (its key installed as trusted) is uploaded through the file
 *   chooser, applied with the progress overlay, and the version and history change; an unsigned one is refused;
 * - changing the primary and bar colours changes the main bar on every page after a reload, in a fresh browser too;
 * - both pages pass an axe check.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';
import { axeBuilder } from './support/axe';

let server: RunningServer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-e2e-updates-'));
const root = path.resolve(__dirname, '../..');

/** Runs the repository's package script, as an admin would. */
function makePackage(args: string[]): string {
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/make-update-package.ts', ...args],
    { cwd: root, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`make-update-package failed: ${r.stderr}`);
  return r.stdout.trim();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer({ RAMPART_NOTIFICATIONS: 'true' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Console errors and page errors of a page (a refused request's own status line excepted: it is expected). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource'))
      errors.push(m.text());
  });
  return errors;
}

async function adminPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

async function expectNoSeriousAxeViolations(page: Page) {
  const axe = await axeBuilder(page).include('main').analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
}

test('a signed package is uploaded, applied with the progress overlay, and the version and history change', async ({
  browser,
}) => {
  const keys = path.join(work, 'keys');
  const signed = makePackage([
    '--version',
    '1.1.0',
    '--security',
    '--keys',
    keys,
    '--trust',
    server.dataDir,
    '--changelog',
    '## Security fixes\n\n- **TLS** renegotiation fixed',
    '--out',
    path.join(work, 'rampart-1.1.0.rup'),
  ]);
  const unsigned = makePackage([
    '--version',
    '1.2.0',
    '--keys',
    keys,
    '--unsigned',
    '--out',
    path.join(work, 'unsigned.rup'),
  ]);

  const { context, page, errors } = await adminPage(browser);
  await page.goto(`${server.url}/updates/update`);
  await expect(page.getByRole('heading', { name: 'Updates', level: 1 })).toBeVisible();
  await expect(page.getByTestId('current-version')).toHaveText('1.0.0');
  await expect(page.getByText('No updates are available.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const chooser = page.locator('input[type="file"][accept^=".rup"]');
  // Refused: nothing becomes available.
  await chooser.setInputFiles(unsigned);
  await page.getByRole('button', { name: 'Upload and verify' }).click();
  await expect(page.getByText('The package is not signed')).toBeVisible();
  await expect(page.getByText('No updates are available.')).toBeVisible();

  await chooser.setInputFiles(signed);
  await page.getByRole('button', { name: 'Upload and verify' }).click();
  await expect(page.getByRole('heading', { name: 'Version 1.1.0' })).toBeVisible();
  await expect(page.getByText('Security', { exact: true })).toBeVisible();
  // The changelog is rendered markdown.
  await expect(page.locator('.updates__changelog strong')).toHaveText('TLS');

  await page.getByRole('button', { name: 'Apply 1.1.0' }).click();
  await page
    .getByRole('alertdialog', { name: 'Apply update' })
    .getByRole('button', { name: 'Apply', exact: true })
    .click();
  const overlay = page.getByRole('dialog', { name: 'Applying update', exact: true });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByText(/Step \d of 4/)).toBeVisible();
  // The job's details move into a floating window; the console is usable while it runs.
  await overlay.getByRole('button', { name: 'Open in a window' }).click();
  const jobWindow = page.getByRole('dialog', { name: 'Job: Applying update' });
  await expect(jobWindow).toBeVisible();
  await expect(overlay).toBeHidden();
  await expect(jobWindow.getByRole('status')).toHaveText(/^Done · 100%/, { timeout: 15_000 });
  await expect(jobWindow.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(4);
  await jobWindow.getByRole('button', { name: /Close/ }).click();
  await expect(jobWindow).toBeHidden();

  await expect(page.getByTestId('current-version')).toHaveText('1.1.0');
  const history = page.getByRole('table', { name: 'Update history' });
  await expect(history.getByRole('row').filter({ hasText: '1.1.0' })).toContainText('Security update');
  await expect(page.getByRole('button', { name: 'Roll back to 1.0.0' })).toBeVisible();

  // After a reload the server renders the new state.
  await page.reload();
  await expect(page.getByTestId('current-version')).toHaveText('1.1.0');
  expect(errors).toEqual([]);
  await context.close();
});

const mainBarColour = (page: Page) =>
  page.locator('header.main-bar').evaluate((el) => getComputedStyle(el).backgroundColor);

test('changing the colours changes the main bar on every page after a reload', async ({ browser }) => {
  const { context, page, errors } = await adminPage(browser);
  await page.goto(`${server.url}/settings/layout`);
  await expect(page.getByRole('heading', { name: 'Layout settings', level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('textbox', { name: 'Primary colour' }).fill('#cc0000');
  await page.getByRole('textbox', { name: 'Bar colour' }).fill('#003366');
  // The preview follows before saving.
  await expect(page.getByTestId('preview-bar')).toHaveCSS('background-color', 'rgb(0, 51, 102)');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Layout saved.')).toBeVisible();
  // This page at once.
  await expect.poll(() => mainBarColour(page)).toBe('rgb(0, 51, 102)');

  for (const route of ['/', '/updates/update', '/logs/overview', '/settings/layout']) {
    await page.goto(`${server.url}${route}`);
    await page.reload();
    expect(await mainBarColour(page)).toBe('rgb(0, 51, 102)');
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      ),
    ).toBe('#cc0000');
  }
  expect(errors).toEqual([]);
  await context.close();

  // Another browser, with nothing cached, sees the same look; the login screen takes the primary colour too.
  const fresh = await adminPage(browser);
  await fresh.page.goto(`${server.url}/dns/proxy`);
  expect(await mainBarColour(fresh.page)).toBe('rgb(0, 51, 102)');
  await fresh.context.close();
  const anonymous = await browser.newContext();
  const login = await anonymous.newPage();
  await login.goto(`${server.url}/account/login`);
  expect(
    await login.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    ),
  ).toBe('#cc0000');
  await anonymous.close();
});
