/**
 * The live log report end to end: a line sent to the syslog receiver (UDP and TCP) appears in the report that is
 * open in the browser, through the real store and the real server-sent-event stream.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

/** An RFC 3164 timestamp (`Nov  2 09:15:02`, local time as senders write it) for a date. */
function bsdTimestamp(d: Date): string {
  const month = d.toLocaleString('en-US', { month: 'short' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${month} ${String(d.getDate()).padStart(2, ' ')} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A port free for TCP (and, on loopback, as good as free for UDP) for the syslog receiver. */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

test.describe('live log report', () => {
  let server: RunningServer;
  let syslogPort: number;

  test.beforeAll(async () => {
    syslogPort = await freePort();
    server = await startServer({ RAMPART_SYSLOG_PORT: String(syslogPort) });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a line sent to the syslog receiver appears in the open report', async ({ browser }) => {
    const context = await browser.newContext();
    await loginAsAdmin(context, server);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/logs/overview`);
    await expect(page.getByRole('heading', { name: 'Live logs', level: 1 })).toBeVisible();
    // The login above was audited: the stream's history shows it.
    await expect(page.getByRole('cell', { name: /admin/ }).first()).toBeVisible();

    const udp = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) =>
      udp.send(
        // PRI 35: facility auth (4) × 8 + severity error (3).
        `<35>${bsdTimestamp(new Date())} fw sshd[4242]: e2e udp marker`,
        syslogPort,
        '127.0.0.1',
        (e) => (e ? reject(e) : resolve()),
      ),
    );
    udp.close();
    await expect(page.getByRole('cell', { name: 'sshd[4242]: e2e udp marker' })).toBeVisible();
    // The entry's severity has a column of its own.
    await expect(
      page.getByRole('row', { name: /e2e udp marker/ }).getByRole('cell', { name: 'Error', exact: true }),
    ).toBeVisible();

    const tcp = net.connect(syslogPort, '127.0.0.1');
    await new Promise((r) => tcp.once('connect', r));
    // Dated now: the report shows the last 24 hours.
    const line = `<14>1 ${new Date().toISOString()} fw dnsmasq 7 - - e2e tcp marker`;
    tcp.end(`${Buffer.byteLength(line)} ${line}`);
    await expect(page.getByRole('cell', { name: 'dnsmasq[7]: e2e tcp marker' })).toBeVisible();
    await expect(
      page.getByRole('row', { name: /e2e tcp marker/ }).getByRole('cell', { name: 'Info', exact: true }),
    ).toBeVisible();

    // Narrowing to a service reopens the stream with only that service's entries.
    await page
      .getByRole('row', { name: /e2e tcp marker/ })
      .getByRole('button', { name: /dns/ })
      .click();
    await expect(page.getByRole('cell', { name: 'dnsmasq[7]: e2e tcp marker' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'sshd[4242]: e2e udp marker' })).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the stream refuses visitors without a session', async ({ request }) => {
    const res = await request.get(`${server.url}/eos/system/logs/stream`);
    expect(res.status()).toBe(401);
  });
});
