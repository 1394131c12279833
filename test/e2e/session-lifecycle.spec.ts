/**
 * The session's life end to end in Chromium, against the built server with shortened lifetimes: the timeout warning
 * appears before the idle end, "Stay signed in" keeps the session (in every tab), letting it lapse lands every open
 * tab on the login page with the timeout notice; a sensitive change made after the recent-sign-in window asks for
 * the password, then saves the very data the form held.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { ADMIN_PASSWORD, loginAsAdmin } from './support/session';
import { axeBuilder } from './support/axe';

const seriousViolations = async (page: Page) =>
  (await axeBuilder(page).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

async function signedIn(server: RunningServer, context: BrowserContext, url: string): Promise<Page> {
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const page = await context.newPage();
  await page.goto(`${server.url}${url}`);
  return page;
}

// The two journeys have their own servers and mostly wait for the clock: on both workers they wait side by side.
test.describe.configure({ mode: 'parallel' });

test.describe('idle timeout', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    // The warning shows 10 s before an idle end of 20 s.
    server = await startServer({ RAMPART_SESSION_IDLE_SECONDS: '20', RAMPART_SESSION_WARN_SECONDS: '10' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('warns, extends on request in every tab, and sends every tab to the login when it lapses', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const first = await signedIn(server, context, '/help');
    const second = await context.newPage();
    await second.goto(`${server.url}/dns/proxy`);
    await expect(first.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();

    const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Your session is about to end' });
    await expect(warning(first)).toBeVisible({ timeout: 20_000 });
    await expect(warning(second)).toBeVisible({ timeout: 5_000 });
    // The countdown runs, and focus is on the way out of the warning.
    const countdown = first.locator('.session-warning__countdown');
    const before = await countdown.textContent();
    await expect(countdown).not.toHaveText(before ?? '', { timeout: 3_000 });
    await expect(first.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    expect(await seriousViolations(first)).toEqual([]);

    await first.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(warning(first)).toBeHidden();
    // The other tab hears of the extension and closes its warning too.
    await expect(warning(second)).toBeHidden({ timeout: 5_000 });
    const status = await context.request.get(`${server.url}/api/auth/session`);
    expect(status.status()).toBe(200);
    expect((await status.json()).expires_in_seconds).toBeGreaterThan(10);

    // Now nobody answers: both tabs end on the login page with the timeout notice.
    await expect(warning(first)).toBeVisible({ timeout: 20_000 });
    for (const page of [first, second]) {
      await expect(page).toHaveURL(/\/account\/login\?notice=session_timeout$/, { timeout: 25_000 });
      await expect(page.getByText('Your session has timed out. Please log in again.')).toBeVisible();
    }
    expect((await context.request.get(`${server.url}/api/auth/session`)).status()).toBe(401);
    await context.close();
  });
});

test.describe('re-authentication', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ RAMPART_REAUTH_MAX_AGE_SECONDS: '10' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a sensitive change after the window asks for the password and then saves the same data', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext();
    const page = await signedIn(server, context, '/authentication/lockout');
    await expect(page.getByRole('heading', { name: 'Lockout', level: 1 })).toBeVisible();
    const attempts = page.getByRole('textbox', { name: /Failed attempts/ });
    await attempts.fill('7');
    // The sign-in is no longer recent.
    await page.waitForTimeout(11_000);
    await page.getByRole('button', { name: 'Save' }).click();

    const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(prompt).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await prompt.getByLabel('Password').fill('not the password');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect(prompt.getByRole('alert')).toHaveText('Invalid password');
    await prompt.getByLabel('Password').fill(ADMIN_PASSWORD);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect(prompt).toBeHidden();
    // The form kept what was typed, and that is what was saved.
    await expect(attempts).toHaveValue('7');
    await expect
      .poll(
        async () => (await (await context.request.get(`${server.url}/api/config/lockout`)).json()).attempts,
      )
      .toBe(7);
    await page.reload();
    await expect(page.getByRole('textbox', { name: /Failed attempts/ })).toHaveValue('7');

    // Cancelling leaves the saved value and says why nothing changed.
    await page.waitForTimeout(11_000);
    await page.getByRole('textbox', { name: /Failed attempts/ }).fill('8');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByText('it needs you to confirm your password or one-time code')).toBeVisible();
    expect((await (await context.request.get(`${server.url}/api/config/lockout`)).json()).attempts).toBe(7);
    await context.close();
  });
});
