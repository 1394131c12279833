/**
 * Lists on a phone (390×844), as the data table lays them out: a table that fits keeps each row's name readable
 * (it wraps, not cut to a few letters), and a table too wide for the screen scrolls sideways inside its own box
 * with the selection box and the row's name fixed at the left edge and the header row kept in view. The page itself
 * never scrolls sideways.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, postJson } from './support/session';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server?.stop());

test.use({ viewport: { width: 390, height: 844 } });

const pageScrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a certificate with a long name shows it whole on a phone', async ({ context, page }) => {
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const ca = await postJson(context, server, '/api/pki/cas', {
    name: 'Phone test CA',
    key_type: 'ec-p256',
    subject: { common_name: 'Phone test CA' },
    validity_days: 365,
  });
  expect(ca.status()).toBe(201);
  const name = 'vpn-gateway.frankfurt.example.org';
  const res = await postJson(context, server, '/api/pki/certificates', {
    ca_id: ((await ca.json()) as { id: string }).id,
    profile: 'server',
    name,
    subject: { common_name: name },
    sans: { dns: [name] },
    validity_days: 200,
    key_type: 'ec-p256',
  });
  expect(res.status()).toBe(201);
  await page.goto(`${server.url}/system/certificates`, { waitUntil: 'load' });
  const link = page.getByRole('table', { name: 'Certificates' }).getByRole('link', { name });
  await expect(link).toBeVisible();
  // Wrapped over lines inside its cell, nothing clipped.
  const { clipped, lines } = await link.evaluate((el) => ({
    clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
    lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  }));
  expect(clipped).toBe(false);
  expect(lines).toBeGreaterThan(1);
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(390);
});

test('a list too wide for a phone scrolls in its box with the name column and the header in view', async ({
  context,
  page,
}) => {
  await loginAsAdmin(context, server, { acceptAgreements: true });
  for (let i = 1; i <= 60; i++) {
    const res = await postJson(context, server, '/api/users', {
      username: `phone.user${String(i).padStart(2, '0')}`,
      role: 'user',
      email: `phone.user${i}@example.org`,
      full_name: `Phone User ${i}`,
      enabled: true,
    });
    expect(res.ok()).toBe(true);
  }
  await page.goto(`${server.url}/authentication/users`, { waitUntil: 'load' });
  const table = page.getByRole('table', { name: 'Users' });
  const name = table.getByRole('rowheader', { name: /phone\.user01/ });
  await expect(name).toBeVisible();
  const box = page.locator('.data-table__scroll', { has: table });
  await expect(box).toHaveClass(/is-overflowing/);
  const before = await name.boundingBox();
  await box.evaluate((el) => el.scrollBy({ left: 400 }));
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  // The name stays where it was while the other columns move under it.
  expect((await name.boundingBox())?.x).toBeCloseTo(before!.x, 0);
  // Scrolled down inside its box, the header row is still on screen.
  await box.evaluate((el) => el.scrollBy({ top: 1500 }));
  const header = table.getByRole('columnheader', { name: /User name/ });
  const headerBox = await header.boundingBox();
  const boxTop = (await box.boundingBox())!.y;
  expect(headerBox!.y).toBeGreaterThanOrEqual(boxTop - 1);
  expect(headerBox!.y).toBeLessThan(844);
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(390);
});

test('an empty list too wide for a phone says so where it shows', async ({ context, page }) => {
  await loginAsAdmin(context, server, { acceptAgreements: true });
  // Nothing answers DNS in the tests: the query log is empty, and its table is wider than a phone.
  await page.goto(`${server.url}/dns/queries`);
  const message = page.getByText('No queries', { exact: false }).first();
  await expect(message).toBeVisible();
  const box = (await message.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await pageScrollWidth(page)).toBe(390);
});
