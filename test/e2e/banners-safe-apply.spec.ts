/**
 * Banners never cover the work, in Chromium against the real built server: the safe-apply countdown sits in the
 * page's flow (the page title stays clickable on a phone), shows what changed before Apply, offers Keep changes and
 * Revert now and cannot be closed; Revert now restores the previous configuration at once. Hundreds of certificates
 * about to expire read as one summary line, and dismissing it is remembered without asking the server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, postJson } from './support/session';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({
    RAMPART_ENV: 'test',
    RAMPART_APPLY_CONFIRM_SECONDS: '60',
  });
});
test.afterAll(async () => server?.stop());

async function open(browser: Browser, url: string, viewport = { width: 1366, height: 850 }) {
  const context = await browser.newContext({ viewport });
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const page = await context.newPage();
  await page.goto(`${server.url}${url}`, { waitUntil: 'load' });
  return page;
}

/** Whether a click at the centre of the element, scrolled into view, reaches it (nothing lies over it). */
const reachable = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });

test('apply → countdown in the page flow → Revert now restores the previous configuration', async ({
  browser,
}, testInfo) => {
  const page = await open(browser, '/network/preferences', { width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Network preferences' })).toBeVisible();
  const hostnameFile = path.join(server.dataDir, 'network', 'etc', 'hostname');
  const before = fs.readFileSync(hostnameFile, 'utf8');

  const host = page.getByRole('textbox', { name: 'Host name' });
  await host.fill('e2e-reverted');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Saved changes are not applied yet.')).toBeVisible();
  // Before Apply: what changes, line by line, against the running file.
  const changes = page.getByRole('region', { name: /Changes to .*network\/etc\/hostname/ });
  await expect(changes).toContainText('Added: e2e-reverted');
  await expect(changes).toContainText(`Removed: ${before.trim()}`);

  await page.getByRole('button', { name: 'Apply configuration' }).click();
  const banner = page.getByRole('listitem', { name: /Keep the network preference changes\?/ });
  // The apply job runs first; on a busy machine it takes a while.
  await expect(banner).toContainText('host name changed', { timeout: 20_000 });
  await expect(banner).toContainText(/Test it first: open the console by its new host name/);
  await expect(banner.getByRole('button', { name: 'Keep changes' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Revert now' })).toBeVisible();
  // It cannot be closed while it runs.
  await expect(banner.getByRole('button', { name: /^Dismiss/ })).toHaveCount(0);
  // The page says the change waits, not that it is up to date.
  await expect(page.getByText(/Applied, waiting to be kept/)).toBeVisible();
  await expect(page.getByText('The running configuration is up to date.')).toHaveCount(0);

  // The apply job's progress dialog closes by itself once the job is done.
  await expect(page.getByRole('dialog', { name: 'Applying configuration' })).toBeHidden({ timeout: 20_000 });
  // In the flow of the content, above the page: the title below it is reachable by a click, nothing overlays it.
  const announcements = page.getByRole('region', { name: 'Announcements' });
  expect(await announcements.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  expect(await announcements.evaluate((el) => el.closest('main') !== null)).toBe(true);
  const bannerBox = (await banner.boundingBox())!;
  const titleBox = (await page
    .getByRole('heading', { level: 1, name: 'Network preferences' })
    .boundingBox())!;
  expect(titleBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);
  expect(await reachable(page, 'Network preferences')).toBe(true);
  await page
    .getByRole('heading', { level: 1, name: 'Network preferences' })
    .click({ trial: true, timeout: 2000 });
  await testInfo.attach('countdown-390x844', {
    body: await page.screenshot({ fullPage: false }),
    contentType: 'image/png',
  });
  // Nothing scrolls sideways at 390 px because of the banner.
  expect(await banner.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

  const reverted = page.waitForResponse(
    (r) => /\/api\/apply\/confirmations\/[^/]+\/revert$/.test(r.url()) && r.request().method() === 'POST',
  );
  await banner.getByRole('button', { name: 'Revert now' }).click();
  expect((await reverted).status()).toBe(200);
  await expect(
    page.getByText('Changes reverted: the previous configuration is running again.'),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(fs.readFileSync(hostnameFile, 'utf8')).toBe(before);
  await expect(page.getByText('The running configuration is up to date.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Host name' })).toHaveValue(before.trim());
  await page.context().close();
});

test('300 certificates about to expire read as one line; its dismissal is remembered, never sent to ack-messages', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await open(browser, '/system/certificates');
  const context = page.context();
  const ca = await postJson(context, server, '/api/pki/cas', {
    name: 'Banner test CA',
    key_type: 'ec-p256',
    subject: { common_name: 'Banner test CA' },
    validity_days: 365,
  });
  expect(ca.status()).toBe(201);
  const caId = ((await ca.json()) as { id: string }).id;
  for (let i = 0; i < 300; i++) {
    const res = await postJson(context, server, '/api/pki/certificates', {
      ca_id: caId,
      profile: 'server',
      subject: { common_name: `host-${i}.example.test` },
      sans: { dns: [`host-${i}.example.test`] },
      validity_days: 10,
      key_type: 'ec-p256',
    });
    expect(res.status()).toBe(201);
  }
  const acks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/ack-messages')) acks.push(r.url());
  });
  await page.goto(`${server.url}/system/certificates`, { waitUntil: 'load' });
  const announcements = page.getByRole('region', { name: 'Announcements' });
  // One banner for all of them (the board's summary; the bell's alerts link to the list).
  const summary = announcements.getByRole('listitem', { name: 'Warning: Certificates about to expire' });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('300 certificates expire within 14 days: host-0.example.test');
  await expect(summary).toContainText('and 297 more.');
  await expect(announcements.getByRole('listitem')).toHaveCount(1);
  expect(await reachable(page, 'Certificates')).toBe(true);
  // Its Review link opens the list filtered to them.
  await summary.getByRole('link', { name: 'Review' }).click();
  await expect(page).toHaveURL(/\/system\/certificates\?status=valid&expires_within_days=14$/);
  await expect(page.getByRole('table', { name: 'Certificates' })).toBeVisible();

  await summary.getByRole('button', { name: /^Dismiss/ }).click();
  await expect(announcements.getByRole('listitem')).toHaveCount(0);
  await page.reload({ waitUntil: 'load' });
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Certificates' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'host-299.example.test' }).first()).toBeAttached();
  // Give the board time to raise its notices again: they stay dismissed.
  await page.waitForTimeout(500);
  await expect(page.getByRole('listitem', { name: /Certificates about to expire/ })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: /Certificate about to expire/ })).toHaveCount(0);
  expect(acks).toEqual([]);
  await context.close();
});
