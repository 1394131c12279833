/**
 * The local login screen in Chromium, against the built server: server-rendered, hydrated without errors, and
 * keyboard-operable through its steps. The full journey (log in, codes, change password) needs the appliance's
 * local-auth endpoints and runs in the journey specs.
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

test('the login page is server-rendered, hydrates cleanly and walks its steps by keyboard', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|did not match/i.test(m.text())) pageErrors.push(m.text());
  });

  const response = await page.goto(`${server.url}/account/login?return_to=%2Fdns%2Fproxy`);
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  expect(html).toContain('id="login-username"');

  const username = page.getByLabel('Username');
  await expect(username).toBeFocused();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your username.');

  await username.fill('admin');
  await page.keyboard.press('Tab');
  const password = page.getByLabel('Password');
  await expect(password).toBeFocused();
  await expect(page.getByText('admin', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Password')).toBeFocused();

  expect(pageErrors).toEqual([]);
  await context.close();
});

test('an unsupported authentication type is a server error page', async ({ page }) => {
  const response = await page.goto(`${server.url}/account/register`);
  expect(response?.status()).toBe(500);
  await expect(page.getByText('Unsupported authentication type')).toBeVisible();
});

test('the verified screen continues to the login', async ({ page }) => {
  await page.goto(`${server.url}/verified`);
  await page.getByRole('link', { name: 'Continue to log in' }).click();
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
