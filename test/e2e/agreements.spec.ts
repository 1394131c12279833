/**
 * Agreements end to end (spec §2 agreement modal, §7 parent-window messages) against the built server with the
 * appliance's seeded admin and seeded terms agreement:
 * - embedded in a parent portal's frame, declining tells the parent `declinedAgreement`;
 * - the agreement blocks the console until accepted; accepting tells the parent `acceptedAllAgreements`, and it
 *   does not come back after a reload (the appliance recorded the acknowledgement).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Frame, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

let server: RunningServer;
let parent: http.Server;
let parentOrigin: string;

/** Serves the parent test page on its own origin (another port: a different origin, the same site). */
async function startParent(): Promise<void> {
  const page = fs.readFileSync(path.join(__dirname, 'support/agreements-parent.html'));
  parent = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
  parentOrigin = `http://127.0.0.1:${(parent.address() as AddressInfo).port}`;
}

/** Logs the seeded admin in through the appliance's local authentication (first access changes the password once). */
const login = (context: BrowserContext) => loginAsAdmin(context, server);

async function consoleFrame(page: Page): Promise<Frame> {
  await page.goto(`${parentOrigin}/?console=${encodeURIComponent(server.url)}`);
  const handle = await page.waitForSelector('iframe#console');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the console frame did not load');
  return frame;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await startParent();
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

test('declining the agreement in an embedded console tells the parent frame', async ({ browser }) => {
  const context = await browser.newContext();
  await login(context);
  const page = await context.newPage();
  const frame = await consoleFrame(page);
  const dialog = frame.getByRole('dialog', { name: 'Terms of use' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Messages from the console' }).getByRole('listitem'),
  ).toHaveText(['declinedAgreement']);
  expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([
    'declinedAgreement',
  ]);
  await context.close();
});

test('the agreement blocks the console until accepted, then the parent hears that all were accepted', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await login(context);
  const page = await context.newPage();
  const frame = await consoleFrame(page);
  const dialog = frame.getByRole('dialog', { name: 'Terms of use' });
  await expect(dialog).toBeVisible(); // declining did not acknowledge it: it is back

  // Blocked: the page under the modal cannot be reached by pointer or keyboard.
  const covered = await frame.evaluate(() => {
    const el = document.elementFromPoint(window.innerWidth / 2, 20);
    return !!el?.closest('.modal-backdrop');
  });
  expect(covered).toBe(true);
  await dialog.getByRole('checkbox', { name: 'I read all terms' }).focus();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await frame.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  }
  const axe = await new AxeBuilder({ page }).include('iframe#console').analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // The terms are rendered markdown inside a scrollable region.
  await expect(dialog.getByRole('region', { name: 'Terms', exact: true })).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'I read all terms' }).check();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  await expect(frame.getByRole('status')).toHaveText('You have accepted all agreements.');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
    .toEqual(['acceptedAllAgreements']);

  // Acknowledged on the appliance: a reload shows no agreement.
  await frame.goto(`${server.url}/messaging/agreements`);
  await expect(frame.getByRole('status')).toHaveText('You have accepted all agreements.');
  await expect(frame.getByRole('dialog')).toHaveCount(0);
  await context.close();
});
