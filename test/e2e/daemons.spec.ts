/**
 * The console against its running daemons (`RAMPART_SERVICES=embedded`, the only e2e spec that runs them): a host
 * override added and applied through the DNS proxy page answers `dig`, the query appears live on the DNS queries
 * page as answered by that override, and the DNS proxy and SSH pages show their daemons running with their pids;
 * stopping the console leaves neither running.
 *
 * Ports of its own, outside the range the other specs' servers take (18400–19400) and away from the embedded
 * factory ports (5353, 2222) and the jest daemon tests (47xxx): console 4734, DNS 5391, SSH 2291.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

const CONSOLE_PORT = 4734;
const DNS_PORT = 5391;
const SSH_PORT = 2291;

const dig = (name: string) =>
  new Promise<string>((resolve) => {
    execFile(
      'dig',
      ['@127.0.0.1', '-p', String(DNS_PORT), '+tries=1', '+time=2', '+short', name, 'A'],
      { timeout: 10_000 },
      (_error, stdout) => resolve(String(stdout).trim()),
    );
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test.describe('running daemons', () => {
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let page: Page;
  const pids = new Set<number>();

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    server = await startServer({
      RAMPART_PORT: String(CONSOLE_PORT),
      RAMPART_SERVICES: 'embedded',
      RAMPART_DNS_PORT: String(DNS_PORT),
      RAMPART_SSH_PORT: String(SSH_PORT),
    });
    const context = await browser.newContext();
    await loginAsAdmin(context, server, { acceptAgreements: true });
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** The pid the service status block shows once the daemon runs. */
  const runningPid = async (path: string) => {
    await page.goto(`${server.url}${path}`);
    const status = page.getByRole('region', { name: 'Service status' });
    const state = status.getByRole('definition').first();
    await expect(state).toContainText(/Running · pid \d+/, { timeout: 15_000 });
    const pid = Number(/pid (\d+)/.exec((await state.textContent()) ?? '')?.[1]);
    expect(alive(pid)).toBe(true);
    pids.add(pid);
    return pid;
  };

  test('the DNS proxy page shows unbound running with its pid', async () => {
    const pid = await runningPid('/dns/proxy');
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('unbound');
  });

  test('a host override applied through the page answers dig, and the query shows live as answered by it', async () => {
    await page.goto(`${server.url}/dns/proxy`);
    await page.getByRole('button', { name: 'Add host override' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add host override' });
    await dialog.getByRole('textbox', { name: 'Host' }).fill('nas');
    await dialog.getByRole('textbox', { name: 'Domain' }).fill('home.arpa');
    await dialog.getByRole('textbox', { name: 'Address' }).fill('192.0.2.44');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Apply configuration' }).click();
    await expect(page.getByText('Configuration applied.')).toBeVisible();

    await page.goto(`${server.url}/dns/queries`);
    await expect(page.getByRole('heading', { name: 'DNS queries', level: 1 })).toBeVisible();
    const live = page.getByRole('group', { name: 'Live tail' }).getByRole('button', { name: 'Live' });
    await live.click();
    await expect(live).toHaveAttribute('aria-pressed', 'true');
    const table = page.getByRole('table');
    const rows = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'nas.home.arpa', exact: true }) });
    await expect(rows).toHaveCount(0);
    // Asked once the page follows: the rows arrive without a reload.
    await expect.poll(() => dig('nas.home.arpa.'), { timeout: 10_000 }).toBe('192.0.2.44');
    const row = rows.filter({ hasText: 'Local override' }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('127.0.0.1');
    await expect(row).toContainText('Local override');
    await expect(row.getByRole('link', { name: /host override nas\.home\.arpa/ })).toHaveAttribute(
      'href',
      /\/dns\/proxy#host-overrides$/,
    );
  });

  test('the SSH page shows sshd running with its pid', async () => {
    const pid = await runningPid('/ssh/config');
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('sshd');
  });

  test('stopping the console stops every daemon it ran', async () => {
    expect(pids.size).toBe(2);
    await page.context().close();
    await server.stop();
    for (const pid of pids) await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
  });
});
