/**
 * Typing before the page's scripts have run, in Chromium against the built server: the account screens are
 * server-rendered, so their fields take keys before hydration. The scripts are held back (a slow network) while the
 * user types into the login's username and, after the first login, into the change-password fields; once they are
 * released and the page has hydrated, what was typed is still in the fields and is what the page sends. The same
 * holds for a signed-in page's settings form.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, seededPassword } from './support/session';

const NEW_PASSWORD = 'Amber-harbour-58-compass';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

/** Holds every script of the page until released; `hold` holds the next page's scripts again. */
async function holdScripts(page: Page) {
  let release = () => {};
  let held = Promise.resolve();
  const hold = () => {
    held = new Promise<void>((resolve) => (release = resolve));
  };
  hold();
  await page.route('**/assets/js/**', async (route) => {
    await held;
    await route.continue();
  });
  return { hold, release: () => release() };
}

/** True once React has taken the element over (it keeps its fiber on the node). */
const hydrated = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$')));

const notice = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text);

test('what is typed into the login and change-password fields before hydration stays and is sent', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|did not match/i.test(m.text())) problems.push(m.text());
  });
  const scripts = await holdScripts(page);
  const oneTime = seededPassword(server.output());

  // The login: the username is typed while the scripts are held.
  await page.goto(`${server.url}/account/login?notice=session_timeout`, { waitUntil: 'commit' });
  const username = page.getByLabel('Username');
  await username.pressSequentially('admin');
  expect(await hydrated(page, '#login-username')).toBe(false);
  scripts.release();
  // The notice is raised by the hydrated page.
  await expect(notice(page, 'Your session has timed out. Please log in again.')).toBeVisible();
  await expect(username).toHaveValue('admin');
  await page.keyboard.press('Enter');
  // The password step names the username the page took from the field.
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.getByText('admin', { exact: true })).toBeVisible();

  // The first login of the seeded admin goes to the change-password page, whose scripts are held again.
  await page.getByLabel('Password').fill(oneTime);
  scripts.hold();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/change-password\?(.*&)?notice=first_access_change/);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Current password').pressSequentially(oneTime);
  await page.getByLabel('New password', { exact: true }).pressSequentially(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').pressSequentially(NEW_PASSWORD);
  expect(await hydrated(page, '#cp-new-password')).toBe(false);
  scripts.release();
  await expect(notice(page, 'You must change your password on first access.')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('admin');
  await expect(page.getByLabel('Current password')).toHaveValue(oneTime);
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue(NEW_PASSWORD);
  await expect(page.getByLabel('Repeat the new password')).toHaveValue(NEW_PASSWORD);

  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/change_password/.test(r.url()));
  await page.getByRole('button', { name: 'Change password' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    username: 'admin',
    password: oneTime,
    new_password: NEW_PASSWORD,
  });
  await expect(page).toHaveURL(/\/account\/login\?(.*&)?notice=password_changed/);
  expect(problems).toEqual([]);
});

test('a signed-in settings form keeps what was typed before hydration through its next render', async ({
  browser,
}) => {
  // A server of its own: the test above changes the admin's password.
  const own = await startServer();
  const context = await browser.newContext();
  try {
    await loginAsAdmin(context, own, { acceptAgreements: true });
    const page = await context.newPage();
    const scripts = await holdScripts(page);
    await page.goto(`${own.url}/ssh/config`, { waitUntil: 'commit' });
    const port = page.getByRole('textbox', { name: 'Port', exact: true });
    await port.fill('2222');
    expect(await hydrated(page, 'form')).toBe(false);
    scripts.release();
    await expect.poll(() => hydrated(page, 'form')).toBe(true);
    // Any change renders every field of the form again: the port typed early is the form's value by then.
    await page.getByLabel('Allow password authentication').click();
    await expect(port).toHaveValue('2222');
  } finally {
    await context.close();
    await own.stop();
  }
});
