/**
 * Screenshots of the main screens against a running server, for review by eye (not a test):
 * npx tsx test/e2e/support/screenshots.ts <url> <seeded-admin-password> <out-dir> [path …]
 */
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumArgs } from '../../../playwright.config';

const NEW_PASSWORD = 'review-Admin-password-2026!';

async function login(context: BrowserContext, url: string, initial: string) {
  const r = context.request;
  await r.get(`${url}/account/login`);
  const xsrf = async () => ({
    'X-XSRF-TOKEN': (await context.cookies(url)).find((c) => c.name === 'XSRF-TOKEN')!.value,
  });
  let res = await r.post(`${url}/api/auth/login`, {
    form: { username: 'admin', password: NEW_PASSWORD },
    headers: await xsrf(),
  });
  if (!res.ok()) {
    await r.post(`${url}/api/auth/change_password`, {
      form: { username: 'admin', password: initial, new_password: NEW_PASSWORD },
      headers: await xsrf(),
    });
    res = await r.post(`${url}/api/auth/login`, {
      form: { username: 'admin', password: NEW_PASSWORD },
      headers: await xsrf(),
    });
  }
  if (!res.ok()) throw new Error(`login failed: ${await res.text()}`);
}

async function main() {
  const [url, password, out = '/tmp', ...paths] = process.argv.slice(2);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    await login(context, url, password);
    const page = await context.newPage();
    for (const p of paths.length ? paths : ['/logs/overview']) {
      await page.goto(url + p, { waitUntil: 'networkidle' });
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${out}/${scheme}${p.replace(/\W+/g, '_')}.png` });
    }
    await context.close();
  }
  await browser.close();
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
