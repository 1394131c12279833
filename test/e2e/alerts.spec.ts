/**
 * Alerts end to end, against the built server: an admin adds a webhook channel through its form (a local receiver
 * checks the HMAC signature), sends a test and reads its result, a certificate near its end fires an alert on
 * "Check now", the webhook receives it, the alerts page links it to the certificate, and the bell in the main bar
 * counts it and lists it first. The pages have no serious axe findings.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, postJson } from './support/session';
import { axeBuilder } from './support/axe';

const SECRET = 'e2e-webhook-signing-secret-2026';

test.describe('alerts', () => {
  let server: RunningServer;
  let hook: http.Server;
  let hookUrl: string;
  const verified: Array<{ event: string; alert: { key: string } | null }> = [];

  test.beforeAll(async () => {
    hook = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['x-rampart-signature'] ?? ''));
        const expected = m && crypto.createHmac('sha256', SECRET).update(`${m[1]}.${body}`).digest('hex');
        if (m && expected === m[2]) {
          verified.push(JSON.parse(body));
          res.statusCode = 204;
        } else res.statusCode = 401;
        res.end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
    hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/rampart`;
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
    await new Promise((r) => hook.close(r));
  });

  const serious = async (page: Page) => {
    // A toast fading in is half transparent: axe would measure its text's contrast mid-fade.
    await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    });
    return (await axeBuilder(page).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };

  test('a webhook channel gets a nearing expiry; the page and the bell show it', async ({ browser }) => {
    // Without motion: a toast that appears while axe runs would be measured mid-fade (half transparent).
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    await loginAsAdmin(context, server, { acceptAgreements: true });
    const ca = (await (
      await postJson(context, server, '/api/pki/cas', {
        name: 'E2E alerts root',
        key_type: 'ec-p256',
        subject: { common_name: 'E2E alerts root' },
        validity_days: 3650,
      })
    ).json()) as { id: string };
    const cert = (await (
      await postJson(context, server, '/api/pki/certificates', {
        ca_id: ca.id,
        profile: 'server',
        subject: { common_name: 'soon.e2e.test' },
        sans: { dns: ['soon.e2e.test'] },
        validity_days: 4,
        key_type: 'ec-p256',
      })
    ).json()) as { id: string };

    const page = await context.newPage();
    await page.goto(`${server.url}/system/alert-channels`);
    await expect(page.getByRole('heading', { name: 'Alert channels', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add channel' }).click();
    const form = page.getByRole('region', { name: 'New channel' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('SIEM');
    await form.getByRole('combobox', { name: 'Type' }).selectOption('webhook');
    await form.getByRole('textbox', { name: /^Address/ }).fill(hookUrl);
    await form.getByLabel(/^Signing secret/).fill(SECRET);
    await form.getByRole('button', { name: 'Add channel' }).click();
    const channel = page.getByRole('listitem', { name: 'SIEM' });
    await expect(channel).toContainText('Yes (HMAC-SHA256)');
    await channel.getByRole('button', { name: 'Send test through SIEM' }).click();
    await expect(channel.getByRole('status')).toHaveText('Test delivered (HTTP 204).');
    expect(verified.map((v) => v.event)).toEqual(['test']);
    expect(await serious(page)).toEqual([]);

    await page.goto(`${server.url}/system/alerts`);
    await page.getByRole('button', { name: 'Check now' }).click();
    const link = page.getByRole('link', { name: /soon\.e2e\.test ends in 4 days/ });
    await expect(link).toHaveAttribute('href', `/system/certificates/${cert.id}`);
    await expect
      .poll(() => verified.find((v) => v.event === 'alert.fired')?.alert?.key)
      .toBe(`certificate_expiry:${cert.id}`);
    expect(await serious(page)).toEqual([]);

    await page.reload();
    const bell = page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const first = panel.getByRole('list', { name: 'Firing alerts' }).getByRole('link').first();
    await expect(first).toContainText('soon.e2e.test');
    await first.click();
    await expect(page).toHaveURL(`${server.url}/system/certificates/${cert.id}`);
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await context.close();
  });
});
