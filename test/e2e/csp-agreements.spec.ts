/**
 * The agreements page, with the agreement modal open and its markdown rendered, raises no Content-Security-Policy
 * violation in Chromium: every style the console applies is one its policy allows (nonce'd elements, style
 * attributes), none is blocked. A control case proves the listener does see a blocked inline style.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

let server: RunningServer;
let parent: http.Server;
let parentOrigin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The portal that embeds the console (another origin): the agreements page's usual home.
  const html = fs.readFileSync(path.join(__dirname, 'support/agreements-parent.html'));
  parent = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
  parentOrigin = `http://127.0.0.1:${(parent.address() as AddressInfo).port}`;
  server = await startServer({
    RAMPART_PARENT_ORIGIN: parentOrigin,
    RAMPART_MESSAGING_MODE: 'agreements',
    RAMPART_NOTIFICATIONS: 'true',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (parent ? parent.close(() => resolve()) : resolve()));
});

/** A page that records every CSP violation (event) and every console error mentioning the policy. */
async function watchedPage(
  context: BrowserContext,
): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`),
    );
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (/Content[ -]Security[ -]Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  return {
    page,
    violations: async () => [
      ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
      ...consoleErrors,
    ],
  };
}

test('/messaging/agreements embedded in the portal shows the agreement without CSP violations', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await loginAsAdmin(context, server);
  const { page } = await watchedPage(context);
  await page.goto(`${parentOrigin}/?console=${encodeURIComponent(server.url)}`);
  const frame = page.frameLocator('iframe#console');
  await expect(frame.getByRole('dialog')).toBeVisible();
  await expect(frame.getByRole('region', { name: 'Terms', exact: true }).locator('strong')).toHaveText(
    'recorded',
  );
  const consoleFrame = page.frames().find((f) => f.url().startsWith(server.url));
  expect(
    await consoleFrame!.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  ).toEqual([]);
  await context.close();
});

test('/messaging/agreements shows the agreement without CSP violations', async ({ browser }) => {
  const context = await browser.newContext();
  await loginAsAdmin(context, server);
  const { page, violations } = await watchedPage(context);
  await page.goto(`${server.url}/messaging/agreements`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The markdown renderer has loaded: the terms are HTML, not escaped text.
  await expect(page.getByRole('region', { name: 'Terms', exact: true }).locator('strong')).toHaveText(
    'recorded',
  );
  await page.getByRole('checkbox', { name: 'I read all terms' }).check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('You have accepted all agreements.');
  expect(await violations()).toEqual([]);
  await context.close();
});

test('control: an inline <style> without the nonce is reported by the same listener', async ({ browser }) => {
  const context = await browser.newContext();
  const { page, violations } = await watchedPage(context);
  await page.goto(`${server.url}/account/login`);
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { outline: 1px solid red; }';
    document.head.append(style);
  });
  await expect
    .poll(async () => (await violations()).some((v) => v.startsWith('style-src-elem inline')))
    .toBe(true);
  await context.close();
});
