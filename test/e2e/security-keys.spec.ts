/**
 * A console account's security key end to end in Chromium, with the browser's virtual authenticator (CDP WebAuthn
 * domain, a platform authenticator that verifies the user): the admin adds a key under "Your account", signs out,
 * and signs in with the password, then the key. WebAuthn needs a host name, so the console is opened at `localhost`.
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { ADMIN_PASSWORD, loginAsAdmin } from './support/session';

let server: RunningServer;
/** The same server by host name: browsers refuse WebAuthn on IP-address origins. */
let local: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
  local = { ...server, url: server.url.replace('127.0.0.1', 'localhost') };
});
test.afterAll(async () => {
  await server?.stop();
});

test('adds a security key under Your account, then signs in with the password and the key', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await loginAsAdmin(context, local, { acceptAgreements: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await page.goto(`${local.url}/profile`);
  const keys = page.getByRole('region', { name: 'Security keys' });
  await expect(keys).toContainText('No security key yet.');
  await keys.getByRole('button', { name: 'Add security key' }).click();
  await keys.getByLabel('Name of the key').fill('Laptop');
  await keys.getByRole('button', { name: 'Continue' }).click();
  await expect(keys.getByRole('rowheader', { name: 'Laptop' })).toBeVisible();
  await expect(keys.getByRole('row', { name: /Laptop/ })).toContainText('Never');
  await expect(page.getByRole('region', { name: 'Password and two-factor' })).toContainText(
    'On: a security key.',
  );
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  await page.goto(`${local.url}/logout/`);
  await expect(page).not.toHaveURL(/\/logout\//);
  // Where the logout lands is not this test's subject (it has landed on the identity service's /login/ once): the
  // console's own login is opened by its address.
  await page.goto(`${local.url}/account/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The password alone does not sign in: the key step follows, without a code field (no authenticator app).
  const useKey = page.getByRole('button', { name: 'Use your security key' });
  await expect(useKey).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Use your security key to finish logging in.');
  await expect(page.getByLabel('One-time code')).toHaveCount(0);
  await useKey.click();
  await expect(page).not.toHaveURL(/\/account\/login/);
  expect((await context.cookies(local.url)).some((c) => c.name === 'rampart_session')).toBe(true);

  await page.goto(`${local.url}/profile`);
  await expect(keys.getByRole('row', { name: /Laptop/ })).not.toContainText('Never');
  await expect(page.getByRole('table', { name: 'Recent sign-ins' })).toContainText(
    'Password and security key',
  );
  await context.close();
});
