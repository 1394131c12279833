/**
 * The account menu and the phone layout as a signed-in console admin meets them: the avatar opens a menu and never
 * signs out by itself; `/settings/` (the identity service's account settings) keeps the console session and says
 * where a console account's password and two-factor live; at 390×844 the side menu starts closed and no page
 * scrolls sideways.
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server?.stop());

const stillSignedIn = async (request: import('@playwright/test').APIRequestContext) =>
  (await request.get(`${server.url}/api/users/me`)).status();

test('the avatar opens the account menu; signing out is one of its items', async ({ context, page }) => {
  await loginAsAdmin(context, server);
  await page.goto(`${server.url}/dns/proxy`, { waitUntil: 'load' });
  const avatar = page.getByRole('button', { name: /Account menu/ });
  await expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
  // Pressed before hydration it would do nothing: press until the menu shows.
  await expect(async () => {
    await avatar.click();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem', { name: 'Your account' })).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  expect(page.url()).toBe(`${server.url}/dns/proxy`);
  expect(await stillSignedIn(context.request)).toBe(200);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(avatar).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Your account' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Password and two-factor' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile#security$/);
  await expect(page.getByRole('heading', { name: 'Password and two-factor' })).toBeVisible();
  expect(await stillSignedIn(context.request)).toBe(200);
});

test('a console admin who opens /settings/ stays signed in and is told where their settings are', async ({
  context,
  page,
}) => {
  await loginAsAdmin(context, server);
  await page.goto(`${server.url}/settings/`, { waitUntil: 'load' });
  await expect(page.getByText(/two-factor for console accounts/i)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your account' }).first()).toHaveAttribute('href', /\/profile/);
  // Give any redirect or sign-out a moment to happen, then check nothing did.
  await page.waitForTimeout(1500);
  expect(new URL(page.url()).pathname).toBe('/settings/');
  expect(await stillSignedIn(context.request)).toBe(200);
  await page.goto(`${server.url}/dns/proxy`, { waitUntil: 'load' });
  await expect(page).toHaveURL(/\/dns\/proxy$/);
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const path of [
    '/',
    '/dns/proxy',
    '/system/certificates',
    '/logs/overview',
    '/authentication/users',
    '/profile',
  ]) {
    test(`${path}: the side menu starts closed and nothing scrolls sideways`, async ({ context, page }) => {
      await loginAsAdmin(context, server);
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      await expect(page.getByRole('main')).toBeVisible();
      // Before and after the page is hydrated.
      await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The toggle still opens it (over the content), and choosing an entry closes it again.
      await page.getByRole('button', { name: 'Show menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Menu' });
      await expect(menu).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await menu.getByRole('link', { name: 'Lockout' }).click();
      await expect(page).toHaveURL(/\/authentication\/lockout$/);
      await expect(menu).toBeHidden();
    });
  }
});
