/**
 * The QA panel in the built console: with RAMPART_QA_PANEL on, Ctrl+Alt+Q lists the login screen's running actor
 * with its state, follows its steps and opens its live statechart; without it, the panel's chunk is never loaded
 * and the shortcut does nothing.
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: RunningServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test('turned on: the login actor, its state and steps, and its live chart', async ({ page }) => {
  server = await startServer({ RAMPART_QA_PANEL: 'true' });
  await page.goto(`${server.url}/account/login`);
  const username = page.getByLabel('Username');
  await expect(username).toBeFocused();

  await page.keyboard.press('Control+Alt+KeyQ');
  const panel = page.getByRole('dialog', { name: 'Running actors' });
  await expect(panel).toBeVisible();
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
