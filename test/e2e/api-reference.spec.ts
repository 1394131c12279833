/**
 * The API reference (issue 27 §1) in a real browser: reached from the help, generated from the appliance's own
 * OpenAPI document, in both themes, and its download link answers the document it shows. axe over it in both themes
 * is the route gate's (a11y-routes.spec.ts visits /help/api signed in): the page is the largest axe reads, and
 * reading it twice more here cost more than the rest of this file.
 */
import { expect, test } from '@playwright/test';
import { THEME_COOKIE } from '../../src/shared/http';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(() => server.stop());

test('an anonymous caller gets no document', async ({ request }) => {
  const res = await request.get(`${server.url}/api/openapi.json`);
  expect(res.status()).toBe(401);
});

for (const theme of ['light', 'dark'] as const)
  test(`the help leads to the reference, which states each endpoint's access (${theme})`, async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await loginAsAdmin(context, server, { acceptAgreements: true });
    await context.addCookies([{ name: THEME_COOKIE, value: theme, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/help`, { waitUntil: 'load' });
    await page
      .getByRole('navigation', { name: 'Help pages' })
      .getByRole('link', { name: 'API reference' })
      .click();
    await expect(page).toHaveURL(/\/help\/api$/);
    const users = page.getByRole('region', { name: 'users', exact: true });
    const remove = users.getByRole('article', { name: 'DELETE /api/users/{id}', exact: true });
    await expect(remove).toContainText('admins only');
    await expect(remove).toContainText('Needs a recent sign-in');
    await expect(
      page
        .getByRole('region', { name: 'auth', exact: true })
        .getByRole('article', { name: 'POST /api/auth/token', exact: true }),
    ).toContainText('anyone');

    const link = page.getByRole('link', { name: 'Download the OpenAPI document' });
    const res = await context.request.get(new URL((await link.getAttribute('href')) ?? '', server.url).href);
    expect(res.status()).toBe(200);
    const doc = (await res.json()) as { openapi: string; info: { version: string } };
    expect(doc.openapi).toBe('3.1.0');
    await expect(page.getByRole('region', { name: 'Signing in and errors' })).toContainText(
      `version ${doc.info.version}`,
    );

    await context.close();
  });
