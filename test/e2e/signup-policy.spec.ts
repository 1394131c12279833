/**
 * Who may sign up, end to end against the built server: the admin closes sign-up on the Services page, and a
 * visitor finds no sign-up link on either login page and a "Sign-up is closed" screen at /signup/; then the admin
 * limits sign-up to one domain, and an address elsewhere is refused on the form while one at the domain signs up.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

const PASSWORD = 'Blue-Harbour-Lantern-47';

let server: RunningServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const url = (p: string) => `${server.url}${p}`;

async function setSignup(page: Page, option: string, domains: string[] = []) {
  await page.goto(url('/authentication/services'));
  const section = page.getByRole('region', { name: 'Self-service sign-up' });
  await section.getByRole('radio', { name: option }).check();
  for (const d of domains) {
    await section.getByRole('textbox', { name: /Allowed e-mail domains/ }).fill(d);
    await section.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sign-up setting saved.')).toBeVisible();
}

test('closed sign-up hides the links and says so; a domain list refuses other addresses', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  await loginAsAdmin(adminContext, server, { acceptAgreements: true });
  const admin = await adminContext.newPage();
  const visitor = await (await browser.newContext()).newPage();

  // Open by default: the links are there.
  await visitor.goto(url('/account/login'));
  await expect(visitor.getByRole('link', { name: 'Sign up' })).toBeVisible();

  await setSignup(admin, 'Nobody (sign-up is closed)');
  for (const page of ['/account/login', '/login/']) {
    await visitor.goto(url(page));
    await expect(visitor.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  }
  await visitor.goto(url('/signup/'));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Sign-up is closed' })).toBeVisible();
  await expect(visitor.getByRole('textbox')).toHaveCount(0);

  await setSignup(admin, 'Only addresses at these domains', ['example.com']);
  await visitor.goto(url('/signup/'));
  const fill = async (email: string) => {
    await visitor.getByLabel('E-Mail').fill(email);
    await visitor.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await visitor.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
    await visitor.getByRole('button', { name: 'Sign up' }).click();
  };
  await fill('someone@elsewhere.test');
  await expect(
    visitor
      .getByRole('main')
      .getByText('Sign-up is not open to addresses at elsewhere.test.', { exact: false }),
  ).toBeVisible();
  await fill('someone@example.com');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Account created' })).toBeVisible();
});
