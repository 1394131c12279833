/**
 * Backups end to end, against the built server with its real appliance: an admin downloads an encrypted backup with
 * a passphrase, changes the configuration (a DNS host override; a more lenient lockout policy), then restores the
 * archive through the page — upload and passphrase, the plan names the changes, restore, "Keep changes" (the
 * lockout policy going back is lock-out-prone) — and the host override is gone.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

const PASSPHRASE = 'an e2e backup passphrase';

test.describe('Backups page', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer({ RAMPART_PORT: '7711', RAMPART_APPLY_CONFIRM_SECONDS: '120' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const hostOverrides = (page: Page) => page.getByRole('region', { name: 'Host overrides' });

  test('download a backup, change something, restore the archive: the change is gone', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ acceptDownloads: true });
    await loginAsAdmin(context, server, { acceptAgreements: true });
    const page = await context.newPage();

    // Download, with a passphrase.
    await page.goto(`${server.url}/system/backups`);
    await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Download a backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download a backup' });
    await dialog.getByRole('textbox', { name: 'Passphrase', exact: true }).fill(PASSPHRASE);
    await dialog.getByRole('textbox', { name: 'Repeat the passphrase' }).fill(PASSPHRASE);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rampart-backup-.*\.rbk$/);
    const archive = fs.readFileSync(await download.path());

    // A change after the backup: a DNS host override.
    await page.goto(`${server.url}/dns/proxy`);
    await page.getByRole('button', { name: 'Add host override' }).click();
    const add = page.getByRole('dialog', { name: 'Add host override' });
    await add.getByRole('textbox', { name: 'Host' }).fill('nas');
    await add.getByRole('textbox', { name: 'Domain' }).fill('home.arpa');
    await add.getByRole('textbox', { name: 'Address' }).fill('192.0.2.44');
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add).toBeHidden();
    await expect(hostOverrides(page).getByRole('cell', { name: '192.0.2.44' })).toBeVisible();
    // And a more lenient lockout policy (taking it back is lock-out-prone: the restore must then be kept).
    const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const policy = await (await context.request.get(`${server.url}/api/config/lockout`)).json();
    const lenient = await context.request.put(`${server.url}/api/config/lockout`, {
      data: {
        attempts: policy.attempts + 5,
        window_seconds: policy.window_seconds,
        duration_seconds: policy.duration_seconds,
      },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(lenient.ok()).toBe(true);

    // Restore: the archive and its passphrase, the plan, then the restore itself.
    await page.goto(`${server.url}/system/backups`);
    const restore = page.getByRole('region', { name: 'Restore' });
    await restore.getByLabel('Backup archive', { exact: false }).first().setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/octet-stream',
      buffer: archive,
    });
    await restore.getByRole('textbox', { name: 'Passphrase', exact: true }).fill(PASSPHRASE);
    await restore.getByRole('button', { name: 'Show what changes' }).click();
    const plan = page.getByRole('region', { name: 'Restore plan' });
    await expect(plan.getByText(/Host override nas\.home\.arpa/)).toBeVisible();
    await expect(plan.getByText(/can lock you out/)).toBeVisible();
    await plan.getByRole('button', { name: 'Restore this backup' }).click();
    await expect(page.getByText('Backup restored.')).toBeVisible();

    const pending = page.getByRole('alert').filter({ hasText: 'Unless it is kept by' });
    await expect(pending).toBeVisible({ timeout: 30_000 });
    await pending.getByRole('button', { name: 'Keep changes' }).click();
    await expect(page.getByText('Restore kept.')).toBeVisible();
    await expect(pending).toBeHidden();

    // The host override added after the backup is gone.
    await page.goto(`${server.url}/dns/proxy`);
    await expect(hostOverrides(page).getByText('No host overrides.')).toBeVisible();
    await context.close();
  });
});
