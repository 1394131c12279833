/**
 * The identity service's own third-party sign-in (Kratos' `oidc` method) in Chromium, against the built server and
 * a local OpenID provider (oidc-provider) configured in `identity-providers.json`: from the identity login page the
 * visitor presses the provider's button, signs in on the provider's page and lands signed in (whoami names the new
 * identity, made on this first sign-in); a second visit signs in to the same identity.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { ALICE, startOidcProvider, type OidcProvider } from '../support/oidc';
import { freePort } from '../support/slapd';

const CLIENT_SECRET = 'e2e-identity-client-secret-0123456789';

test.describe('Identity sign-in through an OpenID provider', () => {
  let server: RunningServer;
  let op: OidcProvider;

  test.beforeAll(async () => {
    const port = await freePort();
    const callback = `http://127.0.0.1:${port}/identity/self-service/methods/oidc/callback/corp`;
    op = await startOidcProvider({
      clients: [
        { client_id: 'rampart-identity-e2e', client_secret: CLIENT_SECRET, redirect_uris: [callback] },
      ],
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-e2e-oidc-'));
    fs.writeFileSync(
      path.join(dataDir, 'identity-providers.json'),
      JSON.stringify({
        providers: [
          {
            id: 'corp',
            label: 'Corp SSO',
            issuer_url: op.issuer,
            client_id: 'rampart-identity-e2e',
            client_secret: CLIENT_SECRET,
          },
        ],
      }),
    );
    server = await startServer({ RAMPART_PORT: String(port), RAMPART_DATA_DIR: dataDir });
  });
  test.afterAll(async () => {
    await Promise.all([server?.stop(), op?.stop()]);
  });

  /** One visit: the identity login page, the provider button, the provider's login (and consent), back signed in. */
  async function visit(browser: Browser) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const settings = `${server.url}/settings/`;
    await page.goto(`${server.url}/login/?return_to=${encodeURIComponent(settings)}`);
    await page.getByRole('button', { name: 'Log in with Corp SSO' }).click();
    await expect(page).toHaveURL(new RegExp(`^${op.issuer}/`));
    await page.locator('input[name="login"]').fill(ALICE.sub);
    await page.locator('input[name="password"]').fill(ALICE.password);
    await page.locator('button[type="submit"]').click();
    // The provider may ask for consent (a new browser session at the provider).
    const consent = page.locator('input[name="prompt"][value="consent"]');
    const back = page.waitForURL(settings);
    if (await Promise.race([back.then(() => false), consent.waitFor({ state: 'attached' }).then(() => true)]))
      await page.locator('button[type="submit"]').click();
    await back;
    await expect(page).toHaveURL(settings);
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    const who = await context.request.get(`${server.url}/identity/sessions/whoami`, {
      headers: { accept: 'application/json' },
    });
    expect(who.status()).toBe(200);
    const session = (await who.json()) as {
      identity: { id: string; traits: { email: string } };
      authentication_methods: Array<{ method: string; provider?: string }>;
    };
    expect(session.identity.traits.email).toBe(ALICE.email);
    expect(session.authentication_methods[0]).toMatchObject({ method: 'oidc', provider: 'corp' });
    // The settings page shows the account's own address.
    await expect(page.getByRole('textbox', { name: /E-Mail/ })).toHaveValue(ALICE.email!);
    await context.close();
    return session.identity.id;
  }

  test('press the provider button on the login page, sign in at the provider and land signed in', async ({
    browser,
  }) => {
    const first = await visit(browser);
    const second = await visit(browser);
    expect(second).toBe(first);
  });
});
