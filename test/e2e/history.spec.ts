/**
 * Undoing a change from History, in Chromium against the real built server: a DNS change saved with a reason shows in
 * History; its page's "Revert this change" shows the plan, takes a reason and reverts through safe apply (the job's
 * progress, then the configuration is back), and the revert is a new revision that names the one it reverted.
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ RAMPART_ENV: 'test', RAMPART_APPLY_CONFIRM_SECONDS: '60' });
});
test.afterAll(async () => server?.stop());

test('a change with its reason → History → Revert this change with a reason → a revision naming it', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const proxy = (await (await context.request.get(`${server.url}/api/dns/proxy`)).json()) as {
    settings: Record<string, unknown>;
  };
  const saved = await context.request.put(`${server.url}/api/dns/proxy/settings`, {
    data: { ...proxy.settings, cache_size_mb: 16 },
    headers: { 'X-XSRF-TOKEN': xsrf, 'X-Change-Reason': 'Bigger cache for the branch office' },
  });
  expect(saved.ok()).toBe(true);

  const page = await context.newPage();
  await page.goto(`${server.url}/system/history`, { waitUntil: 'load' });
  await expect(page.getByText('Bigger cache for the branch office')).toBeVisible();
  await page.getByRole('link', { name: 'DNS proxy: cache size 4 → 16 MiB' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Revision \d+$/ })).toBeVisible();
  const id = /(\d+)$/.exec((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[1];

  await page.getByRole('button', { name: 'Revert this change' }).click();
  const dialog = page.getByRole('dialog', { name: `Revert revision ${id}?` });
  await expect(dialog.getByText('DNS proxy: cache size 16 → 4 MiB')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Memory is short');
  await dialog.getByRole('button', { name: 'Revert' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  await expect
    .poll(async () => {
      const now = (await (await context.request.get(`${server.url}/api/dns/proxy`)).json()) as {
        settings: { cache_size_mb: number };
        status: { pending_changes: boolean };
      };
      return [now.settings.cache_size_mb, now.status.pending_changes];
    })
    .toEqual([4, false]);
  await page.goto(`${server.url}/system/history`, { waitUntil: 'load' });
  const row = page.getByRole('row', { name: /DNS proxy: cache size 16 → 4 MiB/ });
  await expect(row).toContainText(`Revert of #${id}: Memory is short`);
  await expect(row).toContainText('Restore');
  await context.close();
});
