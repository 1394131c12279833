/**
 * Debian's Prometheus, started by the test on loopback with a short configuration, scrapes the console's
 * `/metrics` with the bearer token and answers a query about it from its own API: the format and the
 * authentication are what a real scraper accepts. `.ci/run` installs `prometheus`; nothing of the host's is used.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/pebble';
import { requireTool } from '../support/tools';
import { Agent, startServer, type Harness } from '../support/harness';

const TOKEN = 'prometheus-scrape-token-0123456789abcdef';

let h: Harness;
let prometheus: ChildProcess | undefined;
let promUrl: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-prometheus-'));

beforeAll(async () => {
  const binary = requireTool('prometheus');
  h = await startServer({ config: { metricsToken: TOKEN } });
  const consolePort = await freePort();
  await h.app.listen({ host: '127.0.0.1', port: consolePort });
  const promPort = await freePort();
  promUrl = `http://127.0.0.1:${promPort}`;
  fs.writeFileSync(
    path.join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      'scrape_configs:',
      '  - job_name: rampart',
      '    scrape_interval: 1s',
      '    authorization:',
      '      type: Bearer',
      `      credentials: ${TOKEN}`,
      '    static_configs:',
      `      - targets: ['127.0.0.1:${consolePort}']`,
      '  - job_name: rampart-without-token',
      '    scrape_interval: 1s',
      '    static_configs:',
      `      - targets: ['127.0.0.1:${consolePort}']`,
      '',
    ].join('\n'),
  );
  prometheus = spawn(
    binary,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${promPort}`,
    ],
    { stdio: 'ignore' },
  );
}, 60_000);

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A PromQL query's first result value, once Prometheus has one (it scrapes every second). */
async function queryValue(query: string, deadline = Date.now() + 30_000): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(query)}`);
      const body = (await res.json()) as { data?: { result?: Array<{ value: [number, string] }> } };
      const first = body.data?.result?.[0];
      if (first) return Number(first.value[1]);
    } catch {
      // Prometheus is still starting.
    }
    if (Date.now() > deadline) throw new Error(`Prometheus has no result for ${query}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

it('scrapes with the token, is refused without it, and reads the lockouts the console counts', async () => {
  expect(await queryValue('up{job="rampart"}')).toBe(1);
  expect(await queryValue('up{job="rampart-without-token"}')).toBe(0);

  const stranger = new Agent(h.app);
  await stranger.visit();
  for (let i = 0; i < 10; i++) await stranger.login('scraped-name', 'wrong password');
  // The next scrapes see the lock.
  const deadline = Date.now() + 30_000;
  let locked = 0;
  while (locked < 1 && Date.now() < deadline) {
    locked = await queryValue('rampart_lockouts{job="rampart"}');
    if (locked < 1) await new Promise((r) => setTimeout(r, 500));
  }
  expect(locked).toBe(1);
  // The scrape that saw the lock may have come before the last attempts: wait for one after them.
  let logins = 0;
  while (logins < 10 && Date.now() < deadline) {
    logins = await queryValue('sum(rampart_http_requests_total{job="rampart",route="/api/auth/login"})');
    if (logins < 10) await new Promise((r) => setTimeout(r, 500));
  }
  expect(logins).toBeGreaterThanOrEqual(10);
}, 90_000);
