/**
 * Read-only pages end to end, against the built server and its real appliance. An admin creates a group granting
 * read-only PKI, logs and settings and puts a `user` account in it; that user signs in on the login page and finds
 * the PKI pages (authorities, certificates, revocation lists, ACME orders, details), the layout settings and the
 * live log with nothing enabled that would change them, while the certificate and CRL downloads still answer, and
 * the administrators' Backups and Log forwarding pages as the one "administrators only" page, out of its menu. A
 * member of a group that may write the network area applies a new host name and keeps it from the "Keep changes"
 * banner, which only admins saw before.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeBuilder, seriousViolations } from './support/axe';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, postForm, postJson } from './support/session';

const PASSWORD = 'Copper-lantern-73-meadow';

test.describe('Read-only pages by privilege', () => {
  let server: RunningServer;
  let admin: BrowserContext;

  test.beforeAll(async ({ browser }) => {
    server = await startServer();
    admin = await browser.newContext();
    await loginAsAdmin(admin, server, { acceptAgreements: true });
  });
  test.afterAll(async () => {
    await admin?.close();
    await server?.stop();
  });

  /** A `user` account past its first access, in a new group granting `privileges`. */
  async function accountInGroup(browser: Browser, username: string, privileges: Record<string, string>) {
    const created = await postJson(admin, server, '/api/users', { username, role: 'user' });
    expect(created.status()).toBe(201);
    const { id, one_time_password: oneTime } = (await created.json()) as {
      id: number;
      one_time_password: string;
    };
    const setup = await browser.newContext();
    await setup.request.get(`${server.url}/account/login`);
    const changed = await postForm(setup, server, '/api/auth/change_password', {
      username,
      password: oneTime,
      new_password: PASSWORD,
    });
    expect(changed.ok()).toBe(true);
    await setup.close();
    const group = await postJson(admin, server, '/api/groups', {
      name: `${username} group`,
      description: '',
      members: [id],
      privileges,
    });
    expect(group.status()).toBe(201);
  }

  /** Signs in on the login page and accepts the pending agreements (the modal would cover the page). */
  async function signIn(
    browser: Browser,
    username: string,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${server.url}/account/login`);
    await page.getByLabel('Username').fill(username);
    await page.keyboard.press('Enter');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/account\/login/);
    const messages = (await (await context.request.get(`${server.url}/api/users/me/messages`)).json()) as {
      data: Array<{ id: string; version_id: string; type: string }>;
    };
    for (const m of messages.data.filter((x) => x.type === 'agreement'))
      expect(
        (
          await postJson(context, server, '/api/users/me/ack-messages', {
            message_id: m.id,
            version_id: m.version_id,
          })
        ).ok(),
      ).toBe(true);
    return { context, page };
  }

  test('read-only PKI, logs and settings: pages shown, nothing that writes enabled, downloads kept', async ({
    browser,
  }, testInfo) => {
    // Something to look at: a root authority (with its CRL) and a server certificate it issued.
    const ca = await postJson(admin, server, '/api/pki/cas', {
      name: 'Reader root',
      key_type: 'ec-p256',
      subject: { common_name: 'Reader Root CA' },
      validity_days: 3650,
    });
    expect(ca.status()).toBe(201);
    const caId = ((await ca.json()) as { id: string }).id;
    const cert = await postJson(admin, server, '/api/pki/certificates', {
      ca_id: caId,
      profile: 'server',
      subject: { common_name: 'www.reader.test' },
      sans: { dns: ['www.reader.test'] },
      validity_days: 365,
      key_type: 'ec-p256',
    });
    expect(cert.status()).toBe(201);
    const certId = ((await cert.json()) as { id: string }).id;

    await accountInGroup(browser, 'pki.reader', { pki: 'read', logs: 'read', settings: 'read' });
    const { context, page } = await signIn(browser, 'pki.reader');
    const notice = page.getByTestId('read-only-notice');
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.method() !== 'HEAD' && new URL(r.url()).pathname.startsWith('/api/'))
        writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });

    await page.goto(`${server.url}/system/certificate-authorities`);
    await expect(page.getByRole('heading', { name: 'Certificate authorities', level: 1 })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: /Reader root/ })).toBeVisible();
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create authority' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Import authority' })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: /^Select/ })).toHaveCount(0);

    await page
      .getByRole('table', { name: 'Certificate authorities' })
      .getByRole('link', { name: 'Reader root' })
      .click();
    await expect(page.getByRole('heading', { name: /^Reader root/, level: 1 })).toBeVisible();
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish CRL now' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
    // Downloads only read: the appliance serves them to readers.
    const crlHref = await page.getByRole('link', { name: 'Download CRL' }).getAttribute('href');
    const crl = await context.request.get(new URL(crlHref ?? '', server.url).toString());
    expect(crl.status()).toBe(200);
    expect(await crl.text()).toContain('-----BEGIN X509 CRL-----');

    await page.goto(`${server.url}/system/certificates`);
    await expect(page.getByRole('rowheader', { name: /www\.reader\.test/ })).toBeVisible();
    await expect(notice).toBeVisible();
    for (const name of ['Issue certificate', 'Import certificate', 'Sign a request (CSR)'])
      await expect(page.getByRole('button', { name })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: /^Select/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('certificates-read-only.png'), fullPage: true });

    await page.goto(`${server.url}/system/certificates/${certId}`);
    await expect(page.getByRole('heading', { name: /^www\.reader\.test/, level: 1 })).toBeVisible();
    await expect(notice).toBeVisible();
    for (const name of ['Export with private key', 'Renew', 'Revoke', 'Delete'])
      await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
    const pemHref = await page.getByRole('link', { name: 'Download certificate (PEM)' }).getAttribute('href');
    const pem = await context.request.get(new URL(pemHref ?? '', server.url).toString());
    expect(pem.status()).toBe(200);
    expect(await pem.text()).toContain('-----BEGIN CERTIFICATE-----');
    await page.screenshot({ path: testInfo.outputPath('certificate-detail-read-only.png'), fullPage: true });

    await page.goto(`${server.url}/system/certificate-revocation-lists`);
    await expect(page.getByRole('rowheader', { name: /Reader root/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import revocation list' })).toBeDisabled();
    await page.goto(`${server.url}/system/acme-orders`);
    await expect(page.getByRole('heading', { name: 'ACME orders', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New order' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Register account' })).toBeDisabled();

    await page.goto(`${server.url}/settings/layout`);
    await expect(page.getByRole('heading', { name: 'Layout settings', level: 1 })).toBeVisible();
    await expect(notice).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Primary colour' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Login title' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Reset to defaults' })).toBeDisabled();

    // The live log only reads: it streams (the certificate lines above), and nothing on it writes.
    await page.goto(`${server.url}/logs/overview`);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /www\.reader\.test/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('button', { name: 'Pause' }).click();

    // The administrators' pages are not the PKI's: one "administrators only" page, and no menu entry leads there.
    for (const path of ['/system/backups', '/system/log-forwarding']) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administrators only');
      await expect(page).toHaveTitle(/^Administrators only/);
      await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
      await expect(page.getByRole('button', { name: /Add target|Download/ })).toHaveCount(0);
    }
    const menu = (await (await context.request.get(`${server.url}/api/menu/`)).json()) as Array<{
      children: Array<{ id: string }>;
    }>;
    const entries = menu.flatMap((g) => g.children.map((c) => c.id));
    expect(entries).toContain('certificates');
    expect(entries).not.toContain('backups');
    expect(entries).not.toContain('log-forwarding');

    expect(writes).toEqual([]);
    // And the appliance refuses the writes the pages no longer offer.
    expect((await postJson(context, server, '/api/pki/cas', {})).status()).toBe(403);
    expect((await postJson(context, server, `/api/pki/certificates/${certId}/revoke`, {})).status()).toBe(
      403,
    );
    await context.close();
  });

  test('an area the account may not read: one no-access page, answered 403, nothing of the area asked for', async ({
    browser,
  }, testInfo) => {
    // Read-only logs and nothing else: no DNS, no authentication.
    await accountInGroup(browser, 'logs.only', { logs: 'read' });
    const { context, page } = await signIn(browser, 'logs.only');
    const areaRequests: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/api\/(dns|users|groups)(\/|$)/.test(path)) areaRequests.push(`${r.method()} ${path}`);
    });
    const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');

    for (const [path, area] of [
      ['/dns/proxy', 'DNS'],
      ['/authentication/users', 'Authentication'],
    ] as const) {
      // The server render answers the status itself.
      const answer = await context.request.get(`${server.url}${path}`, { maxRedirects: 0 });
      expect(answer.status()).toBe(403);
      expect(await answer.text()).toContain(`You do not have access to ${area}`);

      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You do not have access to ${area}`);
      await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^You do not have access to ${area}`));
      await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
      await expect(page.getByText(/You can view these settings/)).toHaveCount(0);
      await expect(page.getByText('No users yet.')).toHaveCount(0);
      await expect(toasts).toHaveCount(0);
      expect(seriousViolations(await axeBuilder(page).analyze(), path)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`no-access${path.replaceAll('/', '-')}.png`) });
    }
    // The way back leads to the console's home.
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(toasts).toHaveCount(0);
    expect(areaRequests).toEqual([]);

    // The area it may read opens as before, with its read-only notice.
    await page.goto(`${server.url}/logs/overview`);
    await expect(page.getByRole('heading', { level: 1, name: /You do not have access/ })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await context.close();
  });

  test('an account that may write the network area keeps a risky change from the banner', async ({
    browser,
  }) => {
    await accountInGroup(browser, 'net.operator', { network: 'write' });
    const { context, page } = await signIn(browser, 'net.operator');
    await page.goto(`${server.url}/network/preferences`);
    await expect(page.getByRole('heading', { level: 1, name: 'Network preferences' })).toBeVisible();
    await expect(page.getByTestId('read-only-notice')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Host name' }).fill('operator-gateway');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Saved changes are not applied yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Apply configuration' }).click();
    // A new host name can cut the appliance off: it stays only when kept, here by a non-admin.
    const banner = page.getByRole('listitem', { name: /Keep the network preference changes\?/ });
    await expect(banner).toContainText('host name changed');
    await banner.getByRole('button', { name: 'Keep changes' }).click();
    await expect(page.getByText('Changes kept.')).toBeVisible();
    await expect(banner).toBeHidden();
    const pending = await (await admin.request.get(`${server.url}/api/apply/confirmations`)).json();
    expect(pending).toEqual({ data: [] });
    await context.close();
  });
});
