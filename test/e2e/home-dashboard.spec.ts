/**
 * The home dashboard against the real built server with realistic data (certificates expiring, failed sign-ins):
 * every card an admin looks for is there, and no card is taller than its content needs (the grid does not stretch
 * cards to the tallest of their row), at 1366×850 and on a 390 px phone (one column, nothing wider than the screen).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, postForm, postJson } from './support/session';

let server: RunningServer;
let context: BrowserContext;

const CARDS = [
  'System',
  'Resources',
  'Network',
  'DNS proxy',
  'SSH',
  'Updates',
  'Certificates',
  'Failed sign-ins',
  'Recent warnings',
  'Services',
  'Backups',
];

test.beforeAll(async ({ browser }) => {
  server = await startServer({ RAMPART_ENV: 'test' });
  // Two failed sign-ins from a stranger.
  const stranger = await browser.newContext();
  await stranger.request.get(`${server.url}/account/login`);
  for (const username of ['root', 'admin'])
    expect(
      (await postForm(stranger, server, '/api/auth/login', { username, password: 'guess-123' })).status(),
    ).toBe(401);
  await stranger.close();

  context = await browser.newContext({ reducedMotion: 'reduce' });
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const ca = await postJson(context, server, '/api/pki/cas', {
    name: 'Branch Root',
    key_type: 'ec-p256',
    subject: { common_name: 'Branch Root', organization: 'Rampart' },
    validity_days: 365,
  });
  expect(ca.status(), await ca.text()).toBe(201);
  const caId = ((await ca.json()) as { id: string }).id;
  for (const [name, days] of [
    ['vpn.branch.test', 7],
    ['mail.branch.test', 20],
    ['www.branch.test', 200],
  ] as const) {
    const cert = await postJson(context, server, '/api/pki/certificates', {
      ca_id: caId,
      profile: 'server',
      subject: { common_name: name },
      sans: { dns: [name] },
      validity_days: days,
      key_type: 'ec-p256',
      name,
    });
    expect(cert.status(), await cert.text()).toBe(201);
  }
});
test.afterAll(async () => {
  await context?.close();
  await server?.stop();
});

/** Each card's height over the height its content needs (its children's extent plus padding and borders). */
async function stretch(page: Page) {
  return page.locator('.home__grid > section').evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      const kids = Array.from(card.children).map((c) => c.getBoundingClientRect());
      const style = getComputedStyle(card);
      const chrome = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth']
        .map((k) => parseFloat(style[k as 'paddingTop']))
        .reduce((a, b) => a + b, 0);
      const content = Math.max(...kids.map((k) => k.bottom)) - Math.min(...kids.map((k) => k.top)) + chrome;
      return {
        name: card.querySelector('h2')?.textContent ?? '?',
        ratio: box.height / content,
        left: box.left,
        right: box.right,
      };
    }),
  );
}

async function openHome(page: Page) {
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
  for (const name of CARDS) await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
}

test('at 1366×850 the dashboard shows every card with its facts, none taller than its content', async () => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 850 });
  await openHome(page);
  const certs = page.getByRole('region', { name: 'Certificates' });
  await expect(certs.getByRole('definition').first()).toHaveText('2');
  await expect(certs.getByRole('link', { name: 'vpn.branch.test' })).toBeVisible();
  const signIns = page.getByRole('region', { name: 'Failed sign-ins' });
  await expect(signIns.getByRole('listitem').filter({ hasText: 'root' })).toBeVisible();
  await expect(page.getByRole('meter', { name: /Disk used/ })).toBeVisible();

  const cards = await stretch(page);
  expect(cards.map((c) => c.name).sort()).toEqual([...CARDS].sort());
  // Several cards share a row, so a stretching grid would make the short ones far taller than their content.
  expect(new Set(cards.map((c) => Math.round(c.left))).size).toBeGreaterThan(1);
  for (const c of cards) expect(c.ratio, `${c.name} is ${c.ratio.toFixed(2)}× its content`).toBeLessThan(1.2);
  await page.close();
});

test('the server-rendered home page already holds the summary cards', async () => {
  const html = await (await context.request.get(`${server.url}/`)).text();
  for (const name of ['Network', 'Certificates', 'Failed sign-ins']) expect(html).toContain(`>${name}</h2>`);
});

test('at 390 px the cards stack in one column that fits the screen', async () => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await openHome(page);
  const cards = await stretch(page);
  expect(new Set(cards.map((c) => Math.round(c.left))).size).toBe(1);
  for (const c of cards) {
    expect(c.right, `${c.name} is wider than the screen`).toBeLessThanOrEqual(390);
    expect(c.ratio).toBeLessThan(1.2);
  }
  await page.close();
});
