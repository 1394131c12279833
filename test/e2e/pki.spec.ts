/**
 * PKI end to end, against the built server and its real appliance: create a root CA, issue a server certificate,
 * export it as PKCS#12 (opened by openssl with the password), revoke it, and find its serial on the authority's new
 * revocation list. Each list page is rendered on the server with its data and has no serious axe findings.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';
import { axeBuilder } from './support/axe';

test.describe('PKI pages', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function open(browser: Browser, url: string): Promise<Page> {
    const context = await browser.newContext({ acceptDownloads: true });
    await loginAsAdmin(context, server, { acceptAgreements: true });
    const page = await context.newPage();
    await page.goto(`${server.url}${url}`);
    return page;
  }

  const seriousViolations = async (page: Page) =>
    (await axeBuilder(page).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  test('create a CA, issue a certificate, export PKCS#12, revoke it, the CRL lists it', async ({
    browser,
  }) => {
    const page = await open(browser, '/system/certificate-authorities');
    await expect(page.getByRole('heading', { name: 'Certificate authorities', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Create authority' }).click();
    const create = page.getByRole('dialog', { name: 'Create certificate authority' });
    await create.getByRole('textbox', { name: /^Name/ }).fill('E2E root');
    await create.getByRole('textbox', { name: /Common name/ }).fill('E2E Root CA');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toBeHidden();
    await expect(page.getByRole('rowheader', { name: /E2E root/ })).toBeVisible();

    await page.goto(`${server.url}/system/certificates`);
    await page.getByRole('button', { name: 'Issue certificate' }).click();
    const issue = page.getByRole('dialog', { name: 'Issue certificate' });
    await expect(issue.getByRole('combobox', { name: 'Issuing authority' })).toHaveValue(/.+/);
    await issue.getByRole('textbox', { name: /Common name/ }).fill('app.e2e.test');
    await issue.getByRole('textbox', { name: /DNS names/ }).fill('app.e2e.test');
    await issue.getByRole('textbox', { name: /DNS names/ }).press('Enter');
    await issue.getByRole('button', { name: 'Issue' }).click();
    await expect(issue).toBeHidden();
    await page
      .getByRole('table', { name: 'Certificates' })
      .getByRole('link', { name: 'app.e2e.test' })
      .click();
    await expect(page.getByRole('heading', { name: /^app\.e2e\.test/, level: 1 })).toBeVisible();
    const serial = (
      await page.locator('.pki-facts__row', { hasText: 'Serial number' }).locator('code').innerText()
    ).trim();
    expect(serial).toMatch(/^[0-9A-F]+$/i);
    // Usages in words, not the appliance's identifiers.
    const extensions = page.getByRole('region', { name: 'Extensions' });
    await expect(extensions).toContainText('Digital signature');
    await expect(extensions).toContainText('TLS server authentication');
    await expect(extensions).not.toContainText(/digital_signature|server_auth/);

    await page.getByRole('button', { name: 'Export with private key' }).click();
    const exporting = page.getByRole('dialog', { name: /Export app\.e2e\.test/ });
    await exporting.getByRole('textbox', { name: 'Password' }).fill('export-secret');
    const downloaded = page.waitForEvent('download');
    await exporting.getByRole('button', { name: 'Export' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.p12$/);
    const file = await download.path();
    // openssl opens it with the password and finds the certificate and its key.
    const dump = execFileSync('openssl', ['pkcs12', '-in', file, '-passin', 'pass:export-secret', '-nodes'], {
      encoding: 'utf8',
    });
    expect(dump).toContain('subject=CN = app.e2e.test');
    expect(dump).toContain('-----BEGIN PRIVATE KEY-----');
    expect(fs.statSync(file).size).toBeGreaterThan(500);
    await expect(exporting).toBeHidden();

    await page.getByRole('button', { name: 'Revoke' }).click();
    const revoke = page.getByRole('dialog', { name: /Revoke app\.e2e\.test/ });
    await revoke.getByRole('combobox', { name: 'Reason' }).selectOption('key_compromise');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(revoke).toBeHidden();
    await expect(page.getByText(/Revoked .* \(Key compromise\)\./)).toBeVisible();
    // The certificate's state, not an error of the page.
    await expect(page.getByRole('status').filter({ hasText: /^Revoked / })).toHaveText(
      /^Revoked .* \(Key compromise\)\.$/,
    );
    await expect(page.getByText(/Error: Revoked/)).toHaveCount(0);
    // The list says each status once, in words: a bullet's colour is never read out.
    await page.goto(`${server.url}/system/certificates`);
    const certificates = page.getByRole('table', { name: /Certificates/ });
    await expect(certificates.getByRole('cell', { name: 'Revoked', exact: true })).toBeVisible();
    for (const text of await certificates.getByRole('cell').allTextContents())
      expect(text).not.toMatch(/Status: (green|red|orange|grey|blue)/);

    await page.goto(`${server.url}/system/certificate-revocation-lists`);
    const current = page.getByRole('row', { name: /E2E Root CA.*Current/ });
    await current.getByRole('link').first().click();
    const revoked = page.getByRole('table', { name: 'Revoked certificates' });
    await expect(revoked.getByRole('row', { name: new RegExp(serial, 'i') })).toContainText('Key compromise');
  });

  for (const [path, heading, key] of [
    ['/system/certificate-authorities', 'Certificate authorities', 'pki/cas?page=1&per_page=50&sort=name'],
    ['/system/certificates', 'Certificates', 'pki/certificates?page=1&per_page=50&sort=-created_at'],
    [
      '/system/certificate-revocation-lists',
      'Certificate revocation lists',
      'pki/crls?page=1&per_page=50&sort=-created_at',
    ],
    ['/system/acme-orders', 'ACME orders', 'pki/acme/orders?page=1&per_page=50&sort=-created_at'],
  ] as const)
    test(`${path} is rendered with its data and has no serious axe findings`, async ({ browser }) => {
      const page = await open(browser, path);
      // The server render waited for the list: the state it hands over holds the loaded answer.
      const html = await (await page.context().request.get(`${server.url}${path}`)).text();
      expect(html).toContain(`>${heading}<`);
      // The page the URL asks for (its key as the page builds it; `&` may be escaped in the inline state).
      const escaped = key.replace(/\?/g, '\\?').replace(/&/g, '(?:&|\\\\u0026)');
      expect(html).toMatch(
        new RegExp(
          `"${escaped}":\\{"data":\\{"data":\\[.*?\\],"total":\\d+,"page":1,"per_page":50\\},"status":"loaded"\\}`,
        ),
      );
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('table', { name: heading })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

  test('an unknown certificate id is the 404 naming the path, answered with HTTP 404', async ({
    browser,
  }) => {
    const path = '/system/certificates/00000000-0000-4000-8000-000000000000';
    const page = await open(browser, path);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText(path)).toBeVisible();
    expect((await page.context().request.get(`${server.url}${path}`)).status()).toBe(404);
    // Reached by a client navigation (the router follows the history, no page load), the page is the same 404.
    await page.goto(`${server.url}/system/certificates`);
    await expect(page.getByRole('table', { name: 'Certificates' })).toBeVisible();
    // The server's table shows before the router listens: on a loaded machine a popstate sent too early reaches
    // nobody, so it is sent again until the router answers it.
    await expect(async () => {
      await page.evaluate((to) => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(page.getByText(path)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });
});
