/**
 * Users and lockout end to end, against the built server with its real appliance: an admin creates a user on the
 * Users page, the user signs in with the one-time password, changes it at first access and signs in; failed logins
 * lock an account, which the admin unlocks from the Lockout page's queue so the right password works again. Axe on
 * both pages.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, postForm } from './support/session';
import { axeBuilder } from './support/axe';

const NEW_PASSWORD = 'Quiet-meadow-73-lantern';

test.describe('Users and lockout', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function adminPage(browser: Browser, url: string): Promise<Page> {
    const context = await browser.newContext();
    await loginAsAdmin(context, server, { acceptAgreements: true });
    const page = await context.newPage();
    await page.goto(`${server.url}${url}`);
    return page;
  }

  const seriousViolations = async (page: Page) =>
    (await axeBuilder(page).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  test('create a user → first access → sign in', async ({ browser }) => {
    const admin = await adminPage(browser, '/authentication/users');
    await expect(admin.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Add user' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('textbox', { name: /User name/ }).fill('e2e.user');
    await dialog.getByRole('textbox', { name: /Full name/ }).fill('End To End');
    await dialog.getByRole('button', { name: 'Add' }).click();
    const oneTime = (await admin.getByTestId('one-time-password').textContent())?.trim() ?? '';
    expect(oneTime).toHaveLength(16);
    await admin.getByRole('button', { name: 'Done' }).click();
    await expect(admin.getByRole('rowheader', { name: 'e2e.user' })).toBeVisible();

    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/account/login`);
    await page.getByLabel('Username').fill('e2e.user');
    await page.keyboard.press('Enter');
    await page.getByLabel('Password').fill(oneTime);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/change-password\?(.*&)?notice=first_access_change/);
    // The notice is raised by the hydrated page: fields filled before hydration would be reset by it.
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByText('You must change your password on first access.'),
    ).toBeVisible();
    await page.getByLabel('Username').fill('e2e.user');
    await page.getByLabel('Current password').fill(oneTime);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /change password/i }).click();
    await expect(page).toHaveURL(/\/account\/login\?(.*&)?notice=password_changed/);
    await page.getByLabel('Username').fill('e2e.user');
    await page.keyboard.press('Enter');
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/account\/login/);
    expect((await page.context().cookies(server.url)).some((c) => c.name === 'rampart_session')).toBe(true);

    // The admin sees the sign-in in the user's history.
    await admin.getByRole('rowheader', { name: 'e2e.user' }).waitFor();
    await admin.getByRole('link', { name: 'e2e.user' }).click();
    await expect(admin.getByRole('heading', { name: 'User e2e.user', level: 1 })).toBeVisible();
    await expect(admin.getByRole('region', { name: 'Sign-in history' }).getByText('Signed in')).toBeVisible();
  });

  test('lock an account by failures → unlock it from the queue', async ({ browser }) => {
    const guesser = await browser.newContext();
    await guesser.request.get(`${server.url}/account/login`);
    const attempt = (password: string) =>
      postForm(guesser, server, '/api/auth/login', { username: 'e2e.user', password });
    for (let i = 0; i < 5; i += 1) expect((await attempt(`wrong-guess-${i}`)).status()).toBe(401);
    expect((await attempt(NEW_PASSWORD)).status()).toBe(429);

    const admin = await adminPage(browser, '/authentication/lockout');
    // Rendered on the server with their data: the queue and the user list hold the name before any script runs.
    for (const url of ['/authentication/lockout', '/authentication/users'])
      expect(await (await admin.context().request.get(`${server.url}${url}`)).text()).toContain('e2e.user');
    await expect(admin.getByRole('heading', { name: 'Lockout', level: 1 })).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await expect(admin.getByRole('rowheader', { name: 'e2e.user' })).toBeVisible();
    await admin.getByRole('button', { name: /Unlock e2e\.user/ }).click();
    await expect(admin.getByText('Nobody is locked out.')).toBeVisible();
    expect((await attempt(NEW_PASSWORD)).status()).toBe(200);
  });
});
