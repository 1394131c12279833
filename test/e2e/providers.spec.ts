/**
 * Third-party sign-in end to end, against the built server and a local OpenID provider (oidc-provider): the admin
 * adds the provider on the Providers page, runs the test bench, saves it and puts it on the console service; then a
 * visitor presses the provider's button on the login page, signs in at the provider and lands signed in. Axe on the
 * provider page.
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';
import { ALICE, startOidcProvider, type OidcProvider } from '../support/oidc';
import { axeBuilder } from './support/axe';

const CLIENT_SECRET = 'e2e-console-client-secret-0123456789';

test.describe('Identity providers', () => {
  let server: RunningServer;
  let op: OidcProvider;

  test.beforeAll(async () => {
    server = await startServer();
    // The first provider added gets id 2 (the local accounts are 1).
    op = await startOidcProvider({
      clients: [
        {
          client_id: 'rampart-e2e',
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${server.url}/api/auth/oidc/2/callback`],
        },
      ],
    });
  });
  test.afterAll(async () => {
    await Promise.all([server?.stop(), op?.stop()]);
  });

  test('sign in with the local OpenID provider from the login page and land signed in', async ({
    browser,
  }) => {
    const adminContext = await browser.newContext();
    await loginAsAdmin(adminContext, server, { acceptAgreements: true });
    const admin = await adminContext.newPage();
    await admin.goto(`${server.url}/authentication/providers`);
    await expect(admin.getByRole('heading', { name: 'Providers', level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'Add OpenID provider' }).click();
    await expect(admin.getByRole('heading', { name: /New OpenID Connect provider/, level: 1 })).toBeVisible();
    await admin.getByRole('textbox', { name: /^Name/ }).fill('Company SSO');
    await admin.getByRole('textbox', { name: /^Issuer/ }).fill(op.issuer);
    await admin.getByRole('textbox', { name: /^Client id/ }).fill('rampart-e2e');
    await admin.getByLabel(/^Client secret/).fill(CLIENT_SECRET);
    await admin.getByRole('button', { name: 'Test provider' }).click();
    const result = admin.getByRole('status', { name: 'Test result' });
    await expect(result).toContainText('The check passed.');
    await expect(result).toContainText('client id and secret accepted');
    expect(
      (await axeBuilder(admin).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id),
    ).toEqual([]);
    await admin.getByRole('button', { name: 'Add provider' }).click();
    await expect(admin).toHaveURL(/\/authentication\/providers\/2$/);
    await expect(admin.getByText(`${server.url}/api/auth/oidc/2/callback`)).toBeVisible();

    // The console service offers it.
    await admin.goto(`${server.url}/authentication/services/console`);
    await expect(admin.getByText('Console sign-in and buttons')).toBeVisible();
    await admin.getByRole('combobox', { name: 'Add a provider' }).selectOption({ label: 'Company SSO' });
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByRole('listitem').filter({ hasText: 'Company SSO' })).toBeVisible();
    await expect
      .poll(async () => (await adminContext.request.get(`${server.url}/api/auth/setup`)).text())
      .toContain('Company SSO');

    // A visitor signs in with it.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${server.url}/account/login`);
    await visitor.getByRole('link', { name: 'Log in with Company SSO' }).click();
    await visitor.locator('input[name="login"]').fill(ALICE.sub);
    await visitor.locator('input[name="password"]').fill(ALICE.password);
    await visitor.locator('button[type="submit"]').click();
    // The provider asks for consent once.
    await visitor.locator('button[type="submit"]').click();
    await expect(visitor).toHaveURL(`${server.url}/`);
    expect((await visitor.context().cookies(server.url)).some((c) => c.name === 'rampart_session')).toBe(
      true,
    );
    const me = await visitor.context().request.get(`${server.url}/api/users/me`);
    expect(await me.json()).toMatchObject({ username: 'alice' });
  });
});
