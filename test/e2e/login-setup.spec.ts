/**
 * The login screen shows what the login setup says (spec §2, §7, §8) in Chromium against the built server: the
 * offline message and tag when the identity service does not answer its readiness check, the custom title from the
 * layout settings (on the identity login and sign-up screens too), and the failed-image icon when the custom login
 * logo cannot be loaded.
 */
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { startServer } from './support/server';

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

test('an identity service that does not answer shows the offline message and tag', async ({ page }) => {
  const server = await startServer({ RAMPART_IDENTITY_BASE: `http://127.0.0.1:${await closedPort()}/` });
  try {
    await page.goto(`${server.url}/account/login`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Offline');
    await expect(page.getByText('The identity service looks offline. Please try again later.')).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('the embedded identity service is online; the custom title shows and a broken logo shows the failed icon', async ({
  page,
}) => {
  const first = await startServer();
  await first.stop();
  // The look as an admin would have saved it, with a login logo the browser cannot decode (a PNG cut short).
  const db = new Database(path.join(first.dataDir, 'appliance.db'));
  try {
    db.prepare(
      `INSERT INTO ui_settings (id, primary_color, bar_color, login_title, revision, updated_at, updated_by)
       VALUES (1, '#76b100', '#1f2a33', 'ACME gateway', 1, 0, 'admin')
       ON CONFLICT(id) DO UPDATE SET login_title = excluded.login_title`,
    ).run();
    db.prepare(
      "INSERT INTO images (slot, mime, bytes, sha256, updated_at) VALUES ('login_logo', 'image/png', ?, 'cut', 0)",
    ).run(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  } finally {
    db.close();
  }
  const server = await startServer({ RAMPART_DATA_DIR: first.dataDir });
  try {
    await page.goto(`${server.url}/account/login`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('ACME gateway');
    await expect(page.getByRole('img', { name: 'Login logo could not be loaded' })).toBeVisible();
    await expect(page.getByText(/looks offline/)).toHaveCount(0);
    await expect(page.getByLabel('Username')).toBeVisible();
    // The identity service's login and sign-up screens carry the same title, their forms loaded.
    for (const path of ['/login/', '/signup/']) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByLabel(/^Password/)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('ACME gateway');
    }
    // Recovery keeps its own.
    await page.goto(`${server.url}/recovery/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/password recovery$/i);
  } finally {
    await server.stop();
  }
});
