/**
 * Groups end to end, against the built server with its real appliance: an admin creates a group granting read-only
 * DNS on the Groups page and puts a user into it; that user signs in on the login page, finds DNS in the menu (and no
 * SSH), sees the DNS proxy settings with every control that would change them disabled, and a save sent by hand is
 * refused by the appliance with 403.
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, postForm, postJson } from './support/session';
import { axeBuilder } from './support/axe';

const PASSWORD = 'Amber-harbour-58-window';

test.describe('Groups and privileges', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a read-only DNS group: the member views DNS settings but cannot save them (UI and API)', async ({
    browser,
  }) => {
    // Reduced motion: axe must not measure a toast's contrast halfway through its fade.
    const adminContext = await browser.newContext({ reducedMotion: 'reduce' });
    await loginAsAdmin(adminContext, server, { acceptAgreements: true });
    // The account itself (the Users page has its own journey), past its first access.
    const created = await postJson(adminContext, server, '/api/users', {
      username: 'dns.viewer',
      role: 'user',
    });
    expect(created.status()).toBe(201);
    const oneTime = ((await created.json()) as { one_time_password: string }).one_time_password;
    const setup = await browser.newContext();
    await setup.request.get(`${server.url}/account/login`);
    expect(
      (
        await postForm(setup, server, '/api/auth/change_password', {
          username: 'dns.viewer',
          password: oneTime,
          new_password: PASSWORD,
        })
      ).ok(),
    ).toBe(true);

    const admin = await adminContext.newPage();
    await admin.goto(`${server.url}/authentication/groups`);
    await expect(admin.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'Add group' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add group' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill('DNS viewers');
    await dialog.getByRole('combobox', { name: /^DNS/ }).selectOption('read');
    await dialog.getByRole('button', { name: /Members/ }).click();
    await admin.getByRole('option', { name: /dns\.viewer/ }).click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole('rowheader', { name: 'DNS viewers' })).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'dns: read' })).toBeVisible();
    const violations = (await axeBuilder(admin).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(violations.map((v) => v.id)).toEqual([]);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/account/login`);
    await page.getByLabel('Username').fill('dns.viewer');
    await page.keyboard.press('Enter');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/account\/login/);
    await page.goto(`${server.url}/dns/proxy`);
    await expect(page.getByRole('heading', { name: /DNS proxy/, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'DNS proxy' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Configuration' })).toHaveCount(0);
    await expect(page.getByTestId('read-only-notice')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Port' })).toHaveValue('53');
    await expect(page.getByRole('textbox', { name: 'Port' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Apply configuration' })).toBeDisabled();

    // The appliance refuses the save itself, whatever the page shows.
    const settings = (
      (await (await context.request.get(`${server.url}/api/dns/proxy`)).json()) as {
        settings: Record<string, unknown>;
      }
    ).settings;
    const token = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const save = await context.request.put(`${server.url}/api/dns/proxy/settings`, {
      data: { ...settings, port: 5353 },
      headers: { 'X-XSRF-TOKEN': token },
    });
    expect(save.status()).toBe(403);
    expect(((await save.json()) as { detail: string }).detail).toMatch(
      /^You do not have permission to do this/,
    );
    // An admin's save of the same settings goes through: the refusal was the privilege, not the body.
    const adminToken =
      (await adminContext.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const adminSave = await adminContext.request.put(`${server.url}/api/dns/proxy/settings`, {
      data: settings,
      headers: { 'X-XSRF-TOKEN': adminToken },
    });
    expect(adminSave.status()).toBe(200);
  });
});
