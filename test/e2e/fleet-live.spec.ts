/**
 * A fleet of real consoles on loopback: one manager (its embedded nats-server with JetStream under its service
 * manager) and three appliances, each its own process, data directory and console, DNS and SSH ports, with their
 * daemons running. The first appliance is enrolled through both consoles' pages (Add appliance, then Join a fleet),
 * the others through the API. The overview shows all three online with their versions and services; a stopped
 * appliance turns offline within 30 s and comes back; an appliance's audit records made while the manager was down
 * reach the manager once it is back, each once.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freePort } from '../support/pebble';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin, postJson, xsrfHeader } from './support/session';

interface Console {
  name: string;
  env: Record<string, string>;
  server: RunningServer;
  context: BrowserContext;
}

interface Listed {
  id: string;
  name: string;
  live: null | {
    presence: string;
    offline_since: string | null;
    version: string;
    services: Array<{ name: string; state: string }>;
    config: string;
  };
}

const APPLIANCES = ['branch-north', 'branch-south', 'branch-east'];

async function startConsole(browser: Browser, name: string): Promise<Console> {
  const env = {
    RAMPART_PORT: String(await freePort()),
    RAMPART_SERVICES: 'embedded',
    RAMPART_DNS_PORT: String(await freePort()),
    RAMPART_SSH_PORT: String(await freePort()),
  };
  const server = await startServer(env);
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
  await loginAsAdmin(context, server, { acceptAgreements: true });
  return { name, env: { ...env, RAMPART_DATA_DIR: server.dataDir }, server, context };
}

/** The same console again: same port, data directory and daemons' ports; its session cookies still hold. */
async function restart(c: Console): Promise<void> {
  c.server = await startServer(c.env);
}

async function api<T>(c: Console, path: string): Promise<T> {
  const res = await c.context.request.get(`${c.server.url}${path}`);
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const listed = (m: Console) =>
  api<{ data: Listed[] }>(m, '/api/fleet/appliances?sort=name').then((r) => r.data);
const presenceOf = async (m: Console, name: string) =>
  (await listed(m)).find((a) => a.name === name)?.live?.presence ?? 'never';

test.describe('a fleet of real consoles', () => {
  test.describe.configure({ mode: 'serial' });
  let manager: Console;
  const appliances: Console[] = [];
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    manager = await startConsole(browser, 'manager');
    for (const name of APPLIANCES) appliances.push(await startConsole(browser, name));
    const on = await manager.context.request.put(`${manager.server.url}/api/fleet/settings`, {
      data: {
        manage: true,
        nats: 'embedded',
        public_host: '127.0.0.1',
        listen_address: '127.0.0.1',
        nats_port: await freePort(),
        enrol_port: await freePort(),
        external_url: '',
      },
      headers: await xsrfHeader(manager.context, manager.server),
    });
    expect(on.ok(), await on.text()).toBe(true);
    expect(((await on.json()) as { status: { problem: string | null } }).status.problem).toBeNull();
    page = await manager.context.newPage();
  });
  test.afterAll(async () => {
    await Promise.all([manager, ...appliances].map((c) => c?.server.stop()));
  });

  test('an admin enrols three appliances and sees them online with their versions and services', async () => {
    test.setTimeout(120_000);
    // The first through the pages: Add appliance on the manager, Join a fleet on the appliance.
    await page.goto(`${manager.server.url}/system/fleet`);
    await page.getByRole('button', { name: 'Add appliance' }).click();
    const add = page.getByRole('dialog');
    await add.getByLabel('Name').fill(APPLIANCES[0]);
    await add.getByLabel('Group (optional)').fill('north');
    await add.getByRole('button', { name: 'Add' }).click();
    const shown = page.getByRole('dialog', { name: `Enrolment of "${APPLIANCES[0]}"` });
    const value = (term: string) =>
      shown
        .locator('.fleet-code__row', { has: page.getByRole('term').getByText(term, { exact: true }) })
        .locator('code');
    const code = (await value('Enrolment code').textContent())!;
    const address = (await value('Enrolment address').textContent())!;
    const fingerprint = (await value('Fleet CA fingerprint (SHA-256)').textContent())!;
    await shown.getByRole('button', { name: 'Done' }).click();

    const joining = await appliances[0].context.newPage();
    await joining.goto(`${appliances[0].server.url}/system/fleet`);
    const join = joining.getByRole('region', { name: 'Join a fleet' });
    await join.getByLabel('Enrolment code').fill(code);
    await join.getByLabel('Enrolment address').fill(address);
    await join.getByLabel('Fleet CA fingerprint (SHA-256)').fill(fingerprint);
    await join.getByRole('button', { name: 'Join' }).click();
    await expect(joining.getByRole('heading', { name: 'Member of a fleet' })).toBeVisible({
      timeout: 30_000,
    });
    await joining.close();

    // The other two through the API, as a program would.
    for (const a of appliances.slice(1)) {
      const added = await postJson(manager.context, manager.server, '/api/fleet/appliances', {
        name: a.name,
        group: 'south',
      });
      expect(added.status(), await added.text()).toBe(201);
      const {
        code: c,
        enrol_address,
        ca_fingerprint_sha256,
      } = (await added.json()) as Record<string, string>;
      const joined = await postJson(a.context, a.server, '/api/fleet/join', {
        code: c,
        address: enrol_address,
        fingerprint: ca_fingerprint_sha256,
      });
      expect(joined.status(), await joined.text()).toBe(201);
    }

    // Each reports its real version and its daemons' real state.
    const { appliance_version: version } = await api<{ appliance_version: string }>(
      appliances[0],
      '/api/config',
    );
    await expect
      .poll(async () => (await listed(manager)).filter((a) => a.live?.presence === 'online').length, {
        timeout: 60_000,
      })
      .toBe(3);
    for (const a of await listed(manager)) {
      expect(a.live).toMatchObject({ presence: 'online', version, config: 'in_sync' });
      expect(a.live!.services).toEqual(
        expect.arrayContaining([
          { name: 'dns', state: 'running' },
          { name: 'ssh', state: 'running' },
        ]),
      );
    }
    await page.goto(`${manager.server.url}/system/fleet`);
    const table = page.getByRole('table');
    for (const name of APPLIANCES) {
      await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Online');
    }
  });

  test('a stopped appliance is offline within 30 s and online again after its restart', async () => {
    test.setTimeout(150_000);
    const south = appliances[1];
    await south.server.stop();
    const stopped = Date.now();
    await expect
      .poll(() => presenceOf(manager, south.name), { timeout: 45_000, intervals: [500] })
      .toBe('offline');
    // Offline from the moment its newest record turned stale: at most 30 s after it stopped reporting.
    const since = (await listed(manager)).find((a) => a.name === south.name)!.live!;
    expect(Date.parse(since.offline_since!) - stopped).toBeLessThanOrEqual(30_000);
    // The others stay online.
    expect(await presenceOf(manager, APPLIANCES[0])).toBe('online');
    await restart(south);
    await expect.poll(() => presenceOf(manager, south.name), { timeout: 60_000 }).toBe('online');
  });

  test('audit records an appliance made while the manager was down arrive once it is back, each once', async () => {
    test.setTimeout(150_000);
    const east = appliances[2];
    const id = (await listed(manager)).find((a) => a.name === east.name)!.id;
    await manager.server.stop();
    // Its nats-server stopped with it: the appliance queues what it records.
    const users = ['fleet-queued-1', 'fleet-queued-2'];
    for (const username of users) {
      const made = await postJson(east.context, east.server, '/api/users', { username, role: 'admin' });
      expect(made.status(), await made.text()).toBe(201);
    }
    await restart(manager);
    type Stored = { seq: number; kind: string; event: { event_id: string; audit?: unknown } };
    const stored = async () =>
      (await api<{ data: Stored[] }>(manager, `/api/fleet/appliances/${id}/events?per_page=200`)).data;
    const mentioning = (events: Stored[], name: string) =>
      events.filter((e) => e.kind === 'audit' && JSON.stringify(e.event.audit).includes(name));
    for (const username of users) {
      await expect
        .poll(async () => mentioning(await stored(), username).length, { timeout: 60_000 })
        .toBeGreaterThan(0);
    }
    // Once each: no event is stored twice, whatever was sent again after a lost acknowledgement.
    const events = await stored();
    expect(new Set(events.map((e) => e.event.event_id)).size).toBe(events.length);
    await expect.poll(() => presenceOf(manager, east.name), { timeout: 60_000 }).toBe('online');
  });
});
