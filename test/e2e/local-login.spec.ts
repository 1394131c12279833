/**
 * The console's local authentication in Chromium against the built server (spec §2, §3, §7, §8): the seeded
 * admin asks for a protected page, is sent to /account/login with the page as return_to, walks the steps, changes
 * its one-time password on first access, logs in again and lands on the page it asked for. Wrong passwords,
 * the lockout after five failures and logout run against the same real appliance database.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';

const PROTECTED = '/dns/proxy';
const NEW_PASSWORD = 'Correct-Horse-Battery-9';

let server: RunningServer;
let seededPassword: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer();
  const match = /Seeded admin: admin \/ (\S+)/.exec(server.output());
  if (!match) throw new Error(`no seeded admin password in the server output:\n${server.output()}`);
  seededPassword = match[1];
});
test.afterAll(async () => {
  await server.stop();
});

/** Walks the two login steps with the keyboard: Enter advances from the username to the password. */
async function logIn(page: Page, username: string, password: string) {
  const user = page.getByLabel('Username');
  await expect(user).toBeFocused();
  await user.fill(username);
  await page.keyboard.press('Enter');
  const pass = page.getByLabel('Password');
  await expect(pass).toBeFocused();
  await pass.fill(password);
  await page.keyboard.press('Enter');
}

const loginUrl = (path: string) =>
  new RegExp(
    `/account/login\\?return_to=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
  );

test('first access: protected page → login → change password → login → back on the page; logout', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  await page.goto(`${server.url}${PROTECTED}`);
  await expect(page).toHaveURL(loginUrl(PROTECTED));

  await logIn(page, 'admin', seededPassword);
  await expect(page).toHaveURL(/\/change-password\?(.*&)?notice=first_access_change/);
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('You must change your password on first access.'),
  ).toBeVisible();

  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Current password').fill(seededPassword);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /change password/i }).click();

  await expect(page).toHaveURL(/\/account\/login\?(.*&)?notice=password_changed/);
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText(/Your password was changed/),
  ).toBeVisible();
  // The old one-time password no longer works.
  await logIn(page, 'admin', seededPassword);
  await expect(page.locator('#login-error')).toHaveText('Wrong username or password.');
  await page.getByRole('button', { name: 'Back' }).click();

  await logIn(page, 'admin', NEW_PASSWORD);
  await expect(page).toHaveURL(`${server.url}${PROTECTED}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Logout ends the session: the protected page asks for a login again.
  // Sign out is an item of the account menu (the avatar opens the menu; it does nothing before hydration).
  const avatar = page.getByRole('button', { name: /Account menu/ });
  await expect(async () => {
    await avatar.click();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${server.url}/account/login`);
  await expect(page.getByLabel('Username')).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).not.toContain('rampart_session');
  await page.goto(`${server.url}${PROTECTED}`);
  await expect(page).toHaveURL(loginUrl(PROTECTED));

  expect(pageErrors).toEqual([]);
});

test('a foreign return_to is never followed after login', async ({ browser }) => {
  for (const target of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const foreign: string[] = [];
    await page.route(
      (u) => u.hostname === 'evil.example',
      (route) => {
        foreign.push(route.request().url());
        return route.abort();
      },
    );
    await page.goto(`${server.url}/account/login?return_to=${encodeURIComponent(target)}`);
    await logIn(page, 'admin', NEW_PASSWORD);
    await expect(page).toHaveURL(`${server.url}/`);
    expect(foreign).toEqual([]);
    await context.close();
  }
});

test('a wrong password says so; five failures lock the account without telling whether it exists', async ({
  browser,
}) => {
  const lockedMessages: string[] = [];
  for (const username of ['operator-that-does-not-exist', 'admin']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/account/login?return_to=${encodeURIComponent(PROTECTED)}`);
    for (let attempt = 1; attempt <= 5; attempt++) {
      if (attempt > 1) await page.getByRole('button', { name: 'Back' }).click();
      await logIn(page, username, `wrong-password-${attempt}`);
      await expect(page.locator('#login-error')).toHaveText('Wrong username or password.');
    }
    // Locked: even the right password is refused (429), announced as an error notification.
    await page.getByRole('button', { name: 'Back' }).click();
    await logIn(page, username, username === 'admin' ? NEW_PASSWORD : 'anything-else');
    const locked = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
    await expect(locked).toContainText(/too many failed attempts; try again in \d+ minutes/i);
    lockedMessages.push((await locked.innerText()).trim());
    await expect(page).toHaveURL(/\/account\/login/);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('rampart_session');
    await context.close();
  }
  // The same words for a name that exists and one that does not.
  expect(lockedMessages[0]).toBe(lockedMessages[1]);
  expect(lockedMessages[0]).not.toMatch(/admin|operator|exist|unknown/i);
});
