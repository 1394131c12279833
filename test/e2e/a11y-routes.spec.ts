/**
 * Accessibility gate (issue 18): axe on every route of the console's route table, anonymous and signed in, in the
 * light and the dark theme: no serious or critical violation anywhere.
 *
 * The routes come from the one route table (src/app/routes.tsx): its path literals are read from the source, and each
 * parameter is given real values (the account screen types and actions from their own lists, ids of items that exist
 * on the appliance: an ACME order is placed with Debian's pebble and taken to valid). A route with a parameter this
 * spec does not know fails the gate, so a new route is never skipped. The agreement modal is checked open, over the
 * console, for an admin who has not accepted the terms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { AUTH_ACTIONS, SCREEN_TYPES } from '../../src/app/pages/account/actions';
import { THEME_COOKIE } from '../../src/shared/http';
import { freePort, startPebble, type Pebble } from '../support/pebble';
import { axeBuilder, seriousViolations } from './support/axe';
import { startServer, type RunningServer } from './support/server';
import { loginAs, loginAsAdmin, postJson, xsrfHeader } from './support/session';

/** Every path of the route table, as written there (`system/certificates/:id`, `account/:type`, `*`, `/`). */
function routeTablePaths(): string[] {
  const source = fs.readFileSync(path.resolve(__dirname, '../../src/app/routes.tsx'), 'utf8');
  const out = new Set<string>();
  for (const m of source.matchAll(/\bguarded\('([^']+)'/g)) out.add(m[1]);
  for (const m of source.matchAll(/\.\.\.withDetail\('([^']+)'/g)) out.add(m[1]).add(`${m[1]}/:id`);
  for (const m of source.matchAll(/\blazyRoute\('[^']+',\s*(null|'[^']+')/g))
    out.add(m[1] === 'null' ? '' : m[1].slice(1, -1));
  for (const m of source.matchAll(/\bpath:\s*'([^']+)'/g)) out.add(m[1]);
  return [...out].map((p) => (p === '*' ? p : `/${p}`));
}

// The slices run on both workers: each worker seeds an appliance of its own (beforeAll runs once in each), some
// seconds against the minutes of visits it then shares.
test.describe.configure({ mode: 'parallel' });

let server: RunningServer;
let pebble: Pebble | undefined;
/** A second admin who never accepts the terms: the agreement modal stays open for it. */
let readerPassword = '';
/** Detail ids by list path (`/system/certificates` → an id that exists). */
const ids: Record<string, string> = {};

test.beforeAll(async ({ browser }) => {
  // pebble and a real ACME order take a few seconds on top.
  test.setTimeout(120_000);
  server = await startServer({ RAMPART_ENV: 'test' });
  const context = await browser.newContext();
  await loginAsAdmin(context, server, { acceptAgreements: true });
  const created = async (url: string, body: unknown) => {
    const res = await postJson(context, server, url, body);
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return String(((await res.json()) as { id: string | number }).id);
  };
  const firstId = async (url: string) => {
    const list = (await (await context.request.get(`${server.url}${url}`)).json()) as {
      data: Array<{ id: string }>;
    };
    expect(list.data.length, `${url} is empty`).toBeGreaterThan(0);
    return String(list.data[0].id);
  };
  const ca = await created('/api/pki/cas', {
    name: 'A11y Root',
    key_type: 'ec-p256',
    subject: { common_name: 'A11y Root', organization: 'Rampart', country: 'FR' },
    validity_days: 365,
  });
  ids['/system/certificate-authorities'] = ca;
  ids['/system/certificates'] = await created('/api/pki/certificates', {
    ca_id: ca,
    profile: 'server',
    subject: { common_name: 'console.rampart.test' },
    sans: { dns: ['console.rampart.test'] },
    validity_days: 30,
    key_type: 'ec-p256',
    crl_distribution_point: 'appliance',
  });
  // The CA's revocation list is generated when it is first asked for.
  expect((await context.request.get(`${server.url}/api/pki/cas/${ca}/crl`)).ok()).toBe(true);
  ids['/system/certificate-revocation-lists'] = await firstId('/api/pki/crls');
  ids['/authentication/users'] = await firstId('/api/users');
  ids['/authentication/groups'] = await created('/api/groups', {
    name: 'Operators',
    privileges: { dns: 'read' },
  });
  ids['/authentication/services'] = await firstId('/api/authentication/services');
  ids['/authentication/providers'] = await firstId('/api/authentication/providers');
  ids['/system/acme-orders'] = await acmeOrder(context, ca);
  // A managed fleet with one appliance added, on an existing cluster (no nats-server is started for it).
  const fleet = await context.request.put(`${server.url}/api/fleet/settings`, {
    data: {
      manage: true,
      nats: 'external',
      public_host: '127.0.0.1',
      listen_address: '127.0.0.1',
      nats_port: await freePort(),
      enrol_port: await freePort(),
      external_url: 'tls://nats.example.net:4222',
      external_credentials: 'a credentials file',
    },
    headers: await xsrfHeader(context, server),
  });
  expect(fleet.ok(), await fleet.text()).toBe(true);
  const added = await postJson(context, server, '/api/fleet/appliances', {
    name: 'branch-01',
    group: 'branches',
  });
  expect(added.status(), await added.text()).toBe(201);
  ids['/system/fleet'] = ((await added.json()) as { appliance: { id: string } }).appliance.id;
  // Each change above is a revision of the configuration's history.
  ids['/system/history'] = await firstId('/api/revisions');
  const reader = await postJson(context, server, '/api/users', { username: 'reader', role: 'admin' });
  expect(reader.status(), await reader.text()).toBe(201);
  readerPassword = ((await reader.json()) as { one_time_password: string }).one_time_password;
  await context.close();
});
test.afterAll(async () => {
  pebble?.stop();
  await server?.stop();
});

/**
 * A real ACME order, taken to valid: Debian's pebble (its TLS certificate issued by `ca`) validates HTTP-01 against
 * this server, so the order page shows an order with its states, challenges and certificate.
 */
async function acmeOrder(context: BrowserContext, ca: string): Promise<string> {
  const post = async (url: string, body: unknown) => {
    const res = await postJson(context, server, url, body);
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return res;
  };
  const tls = (await (
    await post('/api/pki/certificates', {
      ca_id: ca,
      profile: 'server',
      subject: { common_name: 'localhost' },
      sans: { dns: ['localhost'], ip: ['127.0.0.1'] },
      validity_days: 7,
      key_type: 'ec-p256',
    })
  ).json()) as { id: string };
  const bundle = await (
    await post(`/api/pki/certificates/${tls.id}/export`, { format: 'pem', include_chain: false })
  ).text();
  const caPem = await (await context.request.get(`${server.url}/api/pki/cas/${ca}/certificate`)).text();
  const keyAt = bundle.indexOf('-----BEGIN PRIVATE KEY');
  pebble = await startPebble({
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-a11y-pebble-')),
    httpPort: server.port,
    tls: { certPem: bundle.slice(0, keyAt), keyPem: bundle.slice(keyAt), caPem },
  });
  const account = (await (
    await post('/api/pki/acme/accounts', {
      name: 'Pebble',
      directory_url: pebble.directoryUrl,
      email: 'admin@rampart.test',
      terms_of_service_agreed: true,
      trust_pem: caPem,
    })
  ).json()) as { id: string };
  const order = (await (
    await post('/api/pki/acme/orders', {
      account_id: account.id,
      names: ['console.rampart.test'],
      key_type: 'ec-p256',
    })
  ).json()) as { id: string };
  await expect
    .poll(
      async () =>
        (
          (await (await context.request.get(`${server.url}/api/pki/acme/orders/${order.id}`)).json()) as {
            status: string;
          }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('valid');
  return String(order.id);
}

/** The concrete URLs to visit: each parameter expanded; `/logout` last, as it ends the session. */
function concreteUrls(): string[] {
  const urls: string[] = [];
  for (const p of routeTablePaths()) {
    if (p === '*') urls.push('/no-such-page');
    else if (p === '/account/:type') urls.push(...SCREEN_TYPES.map((t) => `/account/${t}`));
    else if (p === '/:action') urls.push(...AUTH_ACTIONS.map((a) => `/${a}`));
    else if (p.endsWith('/:id')) {
      const id = ids[p.slice(0, -'/:id'.length)];
      if (!id) throw new Error(`no item to show at ${p}`);
      urls.push(p.replace(':id', encodeURIComponent(id)));
    } else if (p.includes(':')) throw new Error(`the accessibility gate does not know the parameter of ${p}`);
    else urls.push(p);
  }
  return [...urls.filter((u) => u !== '/logout'), '/logout'];
}

async function themedContext(browser: Browser, theme: 'light' | 'dark'): Promise<BrowserContext> {
  // Without transitions axe reads settled colours, not a frame mid-fade.
  const context = await browser.newContext({ reducedMotion: 'reduce', colorScheme: theme });
  await context.addCookies([{ name: THEME_COOKIE, value: theme, url: server.url }]);
  await trackChanges(context);
  return context;
}

/** Each document of the context keeps the time of its last change, for settle(). */
function trackChanges(context: BrowserContext) {
  return context.addInitScript(() => {
    const w = window as unknown as { lastChangeAt: number };
    w.lastChangeAt = performance.now();
    new MutationObserver(() => (w.lastChangeAt = performance.now())).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

/**
 * Waits for the page's load and for its document to stay unchanged for 100 ms (hydration and the first data in
 * place), at most half a second: a live page keeps changing, and what axe reads of it is there by then.
 */
const SETTLE_MS = 500;

async function settle(page: Page) {
  const started = Date.now();
  for (;;) {
    await page.waitForLoadState('load');
    const quiet = await page
      .evaluate(
        (budget) =>
          new Promise<boolean>((resolve) => {
            const w = window as unknown as { lastChangeAt: number };
            const until = performance.now() + budget;
            const check = () => {
              const quietFor = performance.now() - w.lastChangeAt;
              if (quietFor >= 100) resolve(true);
              else if (performance.now() > until) resolve(false);
              else setTimeout(check, 100 - quietFor);
            };
            check();
          }),
        Math.max(0, SETTLE_MS - (Date.now() - started)),
      )
      // The page moved on by itself (a logout ends on the login page): wait for the next one.
      .catch((e: unknown) => {
        if (!/Execution context was destroyed|navigat/i.test(String(e))) throw e;
        return false;
      });
    if (quiet || Date.now() - started > SETTLE_MS) return;
  }
}

/**
 * Visits every route (or its `part`-th of `parts` slices, so each test stays well inside its time on a busy machine;
 * `/logout` stays last) in one tab; a page reached twice (e.g. the login page for anonymous visitors) is checked once.
 */
async function checkEveryRoute(context: BrowserContext, part = 0, parts = 1): Promise<string[]> {
  const page = await context.newPage();
  const problems: string[] = [];
  const checked = new Set<string>();
  const all = concreteUrls();
  expect(all.length).toBeGreaterThan(30);
  const size = Math.ceil(all.length / parts);
  const urls = all.slice(part * size, (part + 1) * size);
  for (const url of urls) {
    await page.goto(`${server.url}${url}`);
    // Some pages move on by themselves (a logout ends on the login page): check the page they settle on, and check
    // again if the address changed while axe ran.
    let result: Awaited<ReturnType<AxeBuilder['analyze']>> | null = null;
    let landed = '';
    for (let attempt = 0; !result; attempt++) {
      await settle(page);
      await expect(page.locator('h1').first(), `${url} shows a heading`).toBeVisible();
      landed = new URL(page.url()).pathname;
      if (checked.has(landed)) break;
      try {
        result = await axeBuilder(page).analyze();
      } catch (e) {
        if (attempt >= 2 || !/Execution context was destroyed/.test(String(e))) throw e;
      }
      if (result && new URL(page.url()).pathname !== landed) {
        if (attempt >= 2) throw new Error(`${url} kept moving (last at ${page.url()})`);
        result = null;
      }
    }
    if (!result) continue;
    checked.add(landed);
    problems.push(...seriousViolations(result, `${url}${landed === url ? '' : ` (${landed})`}`));
  }
  return problems;
}

const ADMIN_SLICES = 4;

for (const theme of ['light', 'dark'] as const) {
  test(`every route passes axe for an anonymous visitor in the ${theme} theme`, async ({ browser }) => {
    test.setTimeout(150_000);
    const context = await themedContext(browser, theme);
    expect(await checkEveryRoute(context)).toEqual([]);
    await context.close();
  });

  // The signed-in console has the most routes: slices, each a test of its own, shared out between the workers.
  for (let part = 0; part < ADMIN_SLICES; part++)
    test(`every route passes axe for the signed-in admin in the ${theme} theme (part ${part + 1} of ${ADMIN_SLICES})`, async ({
      browser,
    }) => {
      // The slice with /help/api, the largest page axe reads, took 100 s of the loaded machine.
      test.setTimeout(240_000);
      const context = await themedContext(browser, theme);
      await loginAsAdmin(context, server, { acceptAgreements: true });
      expect(await checkEveryRoute(context, part, ADMIN_SLICES)).toEqual([]);
      await context.close();
    });

  test(`the agreement modal, open over the console, passes axe in the ${theme} theme`, async ({
    browser,
  }) => {
    const context = await themedContext(browser, theme);
    await loginAs(context, server, 'reader', () => readerPassword);
    const page = await context.newPage();
    await page.goto(`${server.url}/messaging/agreements`);
    const dialog = page.getByRole('dialog', { name: 'Terms of use' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'I read all terms' })).toBeFocused();
    expect(seriousViolations(await axeBuilder(page).analyze(), 'agreement modal')).toEqual([]);
    await context.close();
  });
}
