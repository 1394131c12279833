import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumArgs } from '../../../playwright.config';
import { startServer } from './server';
import { seededPassword } from './session';

const PASSWORD = 'review-Admin-password-2026!';
async function xsrf(context: BrowserContext, url: string) {
  return { 'X-XSRF-TOKEN': (await context.cookies(url)).find((c) => c.name === 'XSRF-TOKEN')!.value };
}
async function login(context: BrowserContext, url: string, initial: string) {
  const r = context.request;
  await r.get(`${url}/account/login`);
  let res = await r.post(`${url}/api/auth/login`, { form: { username: 'admin', password: PASSWORD }, headers: await xsrf(context, url) });
  if (!res.ok()) {
    await r.post(`${url}/api/auth/change_password`, { form: { username: 'admin', password: initial, new_password: PASSWORD }, headers: await xsrf(context, url) });
    res = await r.post(`${url}/api/auth/login`, { form: { username: 'admin', password: PASSWORD }, headers: await xsrf(context, url) });
  }
  const msgs = (await (await r.get(`${url}/api/users/me/messages`)).json()) as { data: Array<{ id: string; version_id: string; type: string }> };
  for (const m of msgs.data.filter((x) => x.type === 'agreement'))
    await r.post(`${url}/api/users/me/ack-messages`, { data: { message_id: m.id, version_id: m.version_id }, headers: await xsrf(context, url) });
}

async function main() {
  const server = await startServer({ RAMPART_ENV: 'test', RAMPART_PORT: '4623', RAMPART_APPLY_CONFIRM_SECONDS: '900' });
  const out = '/tmp/ui-banners-shots';
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  try {
    const setup = await browser.newContext();
    await login(setup, server.url, seededPassword(server.output()));
    const post = async (p: string, data: unknown) => setup.request.post(`${server.url}${p}`, { data, headers: await xsrf(setup, server.url) });
    const put = async (p: string, data: unknown) => setup.request.put(`${server.url}${p}`, { data, headers: await xsrf(setup, server.url) });
    const ca = (await (await post('/api/pki/cas', { name: 'Shots CA', key_type: 'ec-p256', subject: { common_name: 'Shots CA' }, validity_days: 365 })).json()) as { id: string };
    for (let i = 0; i < 300; i++)
      await post('/api/pki/certificates', { ca_id: ca.id, profile: 'server', subject: { common_name: `host-${i}.example.test` }, sans: { dns: [`host-${i}.example.test`] }, validity_days: 5 + (i % 9), key_type: 'ec-p256' });
    // SSH: a saved, not applied change, to see the diff.
    const ssh = (await (await setup.request.get(`${server.url}/api/ssh/config`)).json()) as { settings: Record<string, unknown> };
    console.log('ssh put', (await put('/api/ssh/config/settings', { ...ssh.settings, port: 2222, password_authentication: false })).status());
    // Network: applied, awaiting keep.
    const prefs = (await (await setup.request.get(`${server.url}/api/network/preferences`)).json()) as { data: Record<string, unknown> };
    console.log('net put', (await put('/api/network/preferences', { ...prefs.data, hostname: 'shots-gw' })).status());
    console.log('net apply', (await post('/api/network/preferences/apply', {})).status());
    await new Promise((r) => setTimeout(r, 3000));
    for (const scheme of ['light', 'dark'] as const)
      for (const [w, h] of [[1366, 850], [1920, 1080], [390, 844]]) {
        const context = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
        await login(context, server.url, seededPassword(server.output()));
        const page = await context.newPage();
        for (const [name, p] of [['certs', '/system/certificates'], ['network', '/network/preferences'], ['ssh', '/ssh/config']]) {
          await page.goto(`${server.url}${p}`, { waitUntil: 'load' });
          await page.waitForTimeout(1500);
          if (w < 500) {
            const hide = page.getByRole('button', { name: 'Hide menu' });
            if (await hide.isVisible()) await hide.click();
            await page.waitForTimeout(300);
          }
          if (name === 'ssh') await page.getByRole('region', { name: /Changes to/ }).first().scrollIntoViewIfNeeded().catch(() => {});
          await page.screenshot({ path: `${out}/${name}-${w}-${scheme}.png` });
        }
        await context.close();
      }
  } finally {
    await browser.close();
    await server.stop();
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
