/**
 * The QA panel in the built console: with RAMPART_QA_PANEL on, Ctrl+Alt+Q lists the login screen's running actor
 * with its state, follows its steps and opens its live statechart, and on a console page the windows manager's actor;
 * without it, the panel's chunk is never loaded and the shortcut does nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

test.describe.configure({ mode: 'serial' });

let server: RunningServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/**
 * Presses the shortcut until the panel opens: the panel's chunk loads after the page, and on a busy machine the first
 * press can come before it listens (as a person would, the press is repeated).
 */
async function openPanel(page: Page) {
  const panel = page.getByRole('dialog', { name: 'Running actors' });
  await expect(async () => {
    if (!(await panel.isVisible())) await page.keyboard.press('Control+Alt+KeyQ');
    await expect(panel).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return panel;
}

test('turned on: the login actor, its state and steps, and its live chart', async ({ page }) => {
  server = await startServer({ RAMPART_QA_PANEL: 'true' });
  await page.goto(`${server.url}/account/login`);
  const username = page.getByLabel('Username');
  await expect(username).toBeFocused();

  const panel = await openPanel(page);
  const login = panel.getByRole('row', { name: /^login/ });
  await expect(login).toContainText('"step":"username"');

  // The page's own actor moves on: the panel follows.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await username.fill('admin');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.press('Control+Alt+KeyQ');
  await expect(login).toContainText('"step":"password"');
  await expect(login).toContainText('user.next');

  await login.getByRole('button', { name: 'Chart of login' }).click();
  await expect(panel.getByRole('region', { name: 'Current state' })).toContainText('"step":"password"');
  await expect(panel.locator('[data-state="login.step.password"]')).toHaveClass(/statechart__state--active/);
  // An event sent from the chart goes to the page's actor: the screen goes back to the username step.
  await panel.getByRole('region', { name: 'Events' }).getByRole('button', { name: 'user.back' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(login).toContainText('"step":"username"');
});

test('turned on, in the console: the windows manager is a live actor the panel lists and follows', async ({
  browser,
}) => {
  server = await startServer({ RAMPART_QA_PANEL: 'true' });
  const context = await browser.newContext();
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/logs/overview`);
  await expect(page.getByRole('heading', { name: 'Live logs', level: 1 })).toBeVisible();
  const panel = await openPanel(page);
  const windows = panel.getByRole('row', { name: /^windows/ });
  await expect(windows).toContainText('"empty"');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Open in a window' }).click();
  await expect(page.getByRole('dialog', { name: /^Live log/ })).toBeVisible();
  await page.keyboard.press('Control+Alt+KeyQ');
  await expect(windows).toContainText('"open"');
  await expect(windows).toContainText('window.open');
  await context.close();
});

test('off by default in production: no panel chunk, no panel', async ({ page }) => {
  server = await startServer();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`${server.url}/account/login`);
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.press('Control+Alt+KeyQ');
  await expect(page.getByRole('dialog', { name: 'Running actors' })).toHaveCount(0);
  expect(scripts.filter((u) => u.includes('qa-panel'))).toEqual([]);
});
