/**
 * Takes screenshots of the main screens against a running server (manual review aid, not a test):
 * npx tsx test/e2e/support/screenshots.ts <url> <admin-password> <out-dir>
 */
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../../../playwright.config';

async function main() {
  const [url, password, out = '/tmp'] = process.argv.slice(2);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const shot = async (name: string) => page.screenshot({ path: `${out}/${name}.png` });
  await page.goto(`${url}/dns/proxy`, { waitUntil: 'networkidle' });
  await shot('login');
  if (password) {
    await page.getByLabel(/user ?name/i).fill('admin');
    await page.keyboard.press('Enter');
    await page.getByLabel(/^password/i).fill(password);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(1500);
    await shot('after-login');
    console.log(page.url());
  }
  await browser.close();
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
