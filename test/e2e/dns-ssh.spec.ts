/**
 * DNS and SSH end to end, against the built server with its real appliance: DNS upstreams through the page, applied
 * with the progress overlay into the generated unbound.conf; an SSH port change left unconfirmed is rolled back by
 * the appliance after its (shortened) timer, and the audit trail says so; one page used by keyboard only; axe on
 * every page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { ADMIN_PASSWORD, loginAsAdmin } from './support/session';
import { axeBuilder } from './support/axe';

const CONFIRM_SECONDS = 4;

test.describe('DNS and SSH pages', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    // sshd -t needs its privilege-separation directory, which only the service's start creates.
    fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    server = await startServer({ RAMPART_APPLY_CONFIRM_SECONDS: String(CONFIRM_SECONDS) });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function open(browser: import('@playwright/test').Browser, url: string): Promise<Page> {
    const context = await browser.newContext();
    await loginAsAdmin(context, server, { acceptAgreements: true });
    const page = await context.newPage();
    await page.goto(`${server.url}${url}`);
    return page;
  }

  const seriousViolations = async (page: Page) =>
    (await axeBuilder(page).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  test('the pages are rendered on the server with their data (no loading flash)', async ({ browser }) => {
    const context = await browser.newContext();
    await loginAsAdmin(context, server, { acceptAgreements: true });
    const html = await (await context.request.get(`${server.url}/dns/proxy`)).text();
    expect(html).toContain('Upstream servers');
    expect(html).toContain('What will be applied');
    expect(html).not.toContain('Loading the DNS proxy settings');
    const ssh = await (await context.request.get(`${server.url}/ssh/config`)).text();
    expect(ssh).toContain('Host key fingerprints');
    expect(ssh).toMatch(/256 SHA256:[A-Za-z0-9+/]{43} root@rampart \(ED25519\)/);
  });

  test('DNS upstreams: add one, apply with the progress overlay, see it in the preview and the file', async ({
    browser,
  }) => {
    const page = await open(browser, '/dns/proxy');
    await expect(page.getByRole('heading', { name: 'DNS proxy', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add upstream server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add upstream server' });
    await dialog.getByLabel('Address').fill('9.9.9.9');
    await dialog.getByLabel('Port').fill('853');
    await dialog.getByRole('checkbox', { name: /Use DNS over TLS/ }).check();
    await dialog.getByLabel('Name to verify').fill('dns.quad9.net');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('rowheader', { name: '9.9.9.9' })).toBeVisible();
    await expect(page.getByText('Saved changes are not applied yet.')).toBeVisible();
    // Before Apply: the lines it adds to the running unbound.conf.
    const preview = page.getByRole('region', { name: /Changes to .*unbound\.conf/ });
    await expect(preview).toContainText('Added: forward-addr: 9.9.9.9@853#dns.quad9.net');

    await page.getByRole('button', { name: 'Apply configuration' }).click();
    await expect(page.getByRole('progressbar', { name: 'Applying configuration' })).toBeVisible();
    await expect(page.getByText('Configuration applied.')).toBeVisible();
    await expect(page.getByText('The running configuration is up to date.')).toBeVisible();
    const file = fs.readFileSync(path.join(server.dataDir, 'etc', 'unbound', 'unbound.conf'), 'utf8');
    expect(file).toContain('forward-addr: 9.9.9.9@853#dns.quad9.net');
    expect(file).toContain('forward-tls-upstream: yes');
  });

  test('a bad value refused by the appliance shows under its field', async ({ browser }) => {
    const page = await open(browser, '/dns/proxy');
    const add = async () => {
      await page.getByRole('button', { name: 'Add upstream server' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add upstream server' });
      await dialog.getByLabel('Address').fill('8.8.8.8');
      await dialog.getByLabel('Port').fill('853');
      await dialog.getByRole('checkbox', { name: /Use DNS over TLS/ }).check();
      await dialog.getByLabel('Name to verify').fill('dns.google');
      await dialog.getByRole('button', { name: 'Add' }).click();
      return dialog;
    };
    await expect(await add()).toBeHidden();
    // The form cannot know the server is listed already: the appliance refuses it, under the Address field.
    const again = await add();
    await expect(again.getByText('this upstream server already exists')).toBeVisible();
    await expect(again.getByRole('textbox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('an SSH port change nobody keeps is rolled back by the appliance, and the audit trail says so', async ({
    browser,
  }) => {
    const page = await open(browser, '/ssh/config');
    const port = page.getByRole('textbox', { name: 'Port', exact: true });
    await expect(port).toHaveValue('22');
    await port.fill('2222');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('SSH settings saved.')).toBeVisible();
    await page.getByRole('button', { name: 'Apply configuration' }).click();
    await expect(page.getByRole('progressbar', { name: 'Applying configuration' })).toBeVisible();
    const banner = page.getByRole('listitem', { name: /Keep the SSH changes\?/ });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Keep changes' })).toBeVisible();
    await expect(banner).toContainText('s left');
    const conf = path.join(server.dataDir, 'etc', 'ssh', 'sshd_config');
    expect(fs.readFileSync(conf, 'utf8')).toContain('Port 2222');

    // Nobody keeps it: the appliance restores the previous configuration on its own.
    await expect(page.getByText('SSH change rolled back')).toBeVisible({
      timeout: (CONFIRM_SECONDS + 6) * 1000,
    });
    await expect(banner).toBeHidden();
    expect(fs.readFileSync(conf, 'utf8')).toContain('Port 22\n');
    await expect(page.getByRole('textbox', { name: 'Port', exact: true })).toHaveValue('22');

    await page.goto(`${server.url}/logs/overview`);
    await expect(
      page.getByRole('cell', { name: /SSH configuration change \(SSH port\) was not confirmed within 4 s/ }),
    ).toBeVisible();
  });

  test('keeping an SSH change in time makes it stay', async ({ browser }) => {
    const page = await open(browser, '/ssh/config');
    await page.getByRole('checkbox', { name: 'Allow password authentication' }).uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('SSH settings saved.')).toBeVisible();
    await page.getByRole('button', { name: 'Apply configuration' }).click();
    const banner = page.getByRole('listitem', { name: /Keep the SSH changes\?/ });
    await expect(banner).toContainText('password authentication changed');
    await banner.getByRole('button', { name: 'Keep changes' }).click();
    await expect(page.getByText('Changes kept.')).toBeVisible();
    await expect(banner).toBeHidden();
    // Past the deadline nothing is rolled back.
    await page.waitForTimeout((CONFIRM_SECONDS + 2) * 1000);
    const conf = fs.readFileSync(path.join(server.dataDir, 'etc', 'ssh', 'sshd_config'), 'utf8');
    expect(conf).toContain('PasswordAuthentication no');
    await expect(page.getByRole('checkbox', { name: 'Allow password authentication' })).not.toBeChecked();
    await expect(page.getByText('SSH change rolled back')).toBeHidden();
  });

  test('the SSH password page works with the keyboard alone', async ({ browser }) => {
    const page = await open(browser, '/ssh/password');
    await expect(page.getByRole('heading', { name: 'SSH password', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).focus();
    await page.keyboard.type('Quartz-Falcon-29!');
    await expect(page.getByText('Password strength: Strong')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Repeat the new password' })).toBeFocused();
    await page.keyboard.type('Quartz-Falcon-29!');
    // The field's info button comes first, then the field.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'About Your console password' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Your console password' })).toBeFocused();
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Shell password changed.')).toBeVisible();
    await expect(page.getByText(/Last changed .* by admin\./)).toBeVisible();
  });

  for (const url of ['/dns/proxy', '/dns/dynamic', '/ssh/config', '/ssh/password']) {
    test(`axe finds no serious violations on ${url}`, async ({ browser }) => {
      const page = await open(browser, url);
      await expect(page.locator('.config-page')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
