/**
 * Soak: a bounded load test of the production build, loopback only (part of `npm run bench`, not of CI).
 *
 * 1. 200 concurrent connections (SOAK_CONNECTIONS) for 60 s (SOAK_SECONDS): half render a signed-in page (SSR),
 *    half read the API, while SSE clients (SOAK_SSE_CLIENTS) follow the live log stream and a feeder appends log
 *    entries through the API.
 * 2. The server is restarted on the same port and data directory while the feeder keeps appending; every stream
 *    client reconnects with `Last-Event-ID` (what a browser's EventSource does) and resumes.
 * 3. A short load on the restarted server; then the feeder stops and each client must hold every appended entry
 *    exactly once.
 *
 * Prints errors, p99 latency, the server's memory (RSS) before and after the load, and events lost or duplicated;
 * exits 1 when a request failed or an event was lost or duplicated. Records its figures for compare.ts.
 * Run: npm run build && npx tsx test/bench/soak.ts   (SOAK_SECONDS=5 for a smoke run)
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { LOG_STREAM_PATH } from '../../src/appliance/logs';
import { openSse, type SseConnection, type SseEvent } from '../appliance/logs/sseClient';
import { startServer, type RunningServer } from '../e2e/support/server';
import { adminJar } from '../security/support/http';
import { recordFigures } from './report';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 200);
const SSE_CLIENTS = Number(process.env.SOAK_SSE_CLIENTS ?? 20);
const AFTER_RESTART_S = Math.max(2, Math.round(SECONDS / 6));
const FEED_EVERY_MS = 100;
const FEED_BATCH = 20;
const SSR_PATH = '/logs/overview';
const API_PATH = '/api/menu/';
const ENV = {
  RAMPART_ENV: 'production',
  RAMPART_LOG_LEVEL: 'error',
  RAMPART_LOG_RETENTION_COUNT: '10000000',
};

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in KB (Linux /proc). */
function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/** A log stream client that reconnects like EventSource: after any close, again, with the last event id it saw. */
class ResumingClient {
  ids: number[] = [];
  reconnects = 0;
  private lastEventId: string | undefined;
  private conn: SseConnection | null = null;
  private seen = 0;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly headers: () => Record<string, string>,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      try {
        const headers = {
          ...this.headers(),
          ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
        };
        const conn = await openSse(this.url, headers);
        if (conn.status !== 200) throw new Error(`stream answered ${conn.status}`);
        this.conn = conn;
        this.seen = 0;
        const poll = setInterval(() => this.take(conn.events), 50);
        void conn.closed.then(async () => {
          clearInterval(poll);
          this.take(conn.events);
          if (this.stopped) return;
          this.reconnects += 1;
          await sleep(100);
          await this.connect();
        });
        return;
      } catch {
        await sleep(200); // the server is restarting
      }
    }
  }

  private take(events: SseEvent[]) {
    for (; this.seen < events.length; this.seen += 1) {
      const ev = events[this.seen];
      if (ev.event !== 'message') continue;
      for (const entry of (JSON.parse(ev.data) as { logs: Array<{ id: number }> }).logs)
        this.ids.push(entry.id);
      if (ev.id) this.lastEventId = ev.id;
    }
  }

  stop() {
    this.stopped = true;
    this.conn?.close();
  }
}

/** Appends log entries through the API until stopped; a batch refused during the restart is sent again. */
function startFeeder(server: RunningServer, headers: () => Record<string, string>) {
  const stored: number[] = [];
  let retries = 0;
  let running = true;
  const done = (async () => {
    for (let n = 0; running; n += 1) {
      const logs = Array.from({ length: FEED_BATCH }, (_, i) => ({
        service: ['dns', 'ssh', 'auth', 'network'][i % 4],
        message: `soak entry ${n}.${i}`,
      }));
      for (;;) {
        try {
          const res = await fetch(`${server.url}/api/logs`, {
            method: 'POST',
            headers: { ...headers(), 'content-type': 'application/json' },
            body: JSON.stringify({ logs }),
          });
          if (res.status !== 201) throw new Error(`ingestion answered ${res.status}`);
          stored.push(...((await res.json()) as { ids: number[] }).ids);
          break;
        } catch {
          if (!running) return;
          retries += 1;
          await sleep(200);
        }
      }
      await sleep(FEED_EVERY_MS);
    }
  })();
  return {
    stored,
    retries: () => retries,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

function load(url: string, connections: number, seconds: number, headers: Record<string, string>) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections, duration: seconds, headers, timeout: 10 }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
}

async function mixedLoad(server: RunningServer, cookie: string, seconds: number) {
  const half = Math.max(1, Math.floor(CONNECTIONS / 2));
  const [ssr, api] = await Promise.all([
    load(`${server.url}${SSR_PATH}`, half, seconds, { cookie }),
    load(`${server.url}${API_PATH}`, CONNECTIONS - half, seconds, { cookie }),
  ]);
  const line = (name: string, r: autocannon.Result) =>
    `  ${name}: ${r.requests.total} requests, ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, ` +
    `errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}`;
  console.log(line(`SSR ${SSR_PATH}`.padEnd(22), ssr));
  console.log(line(`API ${API_PATH}`.padEnd(22), api));
  return {
    ssr,
    api,
    failed: ssr.errors + ssr.timeouts + ssr.non2xx + api.errors + api.timeouts + api.non2xx,
  };
}

async function main() {
  let server = await startServer(ENV);
  const { port, dataDir } = server;
  const clients: ResumingClient[] = [];
  let feeder: ReturnType<typeof startFeeder> | null = null;
  try {
    let jar = await adminJar(server);
    const headers = () => ({
      cookie: jar.header(),
      'x-xsrf-token': Object.entries(jar.cookies).find(([k]) => k.endsWith('XSRF-TOKEN'))?.[1] ?? '',
    });
    for (let i = 0; i < SSE_CLIENTS; i += 1)
      clients.push(new ResumingClient(`${server.url}${LOG_STREAM_PATH}`, headers));
    await Promise.all(clients.map((c) => c.start()));
    feeder = startFeeder(server, headers);
    await sleep(1000);

    const before = rssKb(server.pid);
    console.log(
      `soak: ${CONNECTIONS} connections for ${SECONDS} s (half SSR ${SSR_PATH}, half API ${API_PATH}), ` +
        `${SSE_CLIENTS} log stream clients, ${(FEED_BATCH * 1000) / FEED_EVERY_MS} log entries/s appended`,
    );
    const first = await mixedLoad(server, jar.header(), SECONDS);
    await sleep(2000);
    const after = rssKb(server.pid);
    console.log(
      `server memory (RSS): before ${mb(before)}, after ${mb(after)} (${after >= before ? '+' : ''}${mb(after - before)})`,
    );

    console.log('restarting the server (same port and data) while the feeder appends…');
    const restartStarted = Date.now();
    await server.stop();
    server = await startServer({ ...ENV, RAMPART_PORT: String(port), RAMPART_DATA_DIR: dataDir });
    jar = await adminJar(server); // the session survives in SQLite; a fresh login only if it did not
    console.log(`  back after ${Date.now() - restartStarted} ms`);
    const second = await mixedLoad(server, jar.header(), AFTER_RESTART_S);
    await feeder.stop();

    const expected = new Set(feeder.stored);
    const deadline = Date.now() + 30_000;
    const complete = (c: ResumingClient) => {
      const got = new Set(c.ids);
      for (const id of expected) if (!got.has(id)) return false;
      return true;
    };
    while (!clients.every(complete) && Date.now() < deadline) await sleep(200);
    let lost = 0;
    let duplicated = 0;
    for (const c of clients) {
      const mine = c.ids.filter((id) => expected.has(id));
      const unique = new Set(mine);
      duplicated += mine.length - unique.size;
      lost += expected.size - unique.size;
    }
    const reconnects = clients.reduce((n, c) => n + c.reconnects, 0);
    console.log(
      `log stream: ${expected.size} entries appended (${feeder.retries()} batches sent again during the restart), ` +
        `${SSE_CLIENTS} clients, ${reconnects} reconnects with Last-Event-ID`,
    );
    console.log(`events lost ${lost}, duplicated ${duplicated} (must be 0)`);
    const failed = first.failed + second.failed;
    console.log(`request errors (timeouts and non-2xx included): ${failed} (must be 0)`);
    recordFigures('soak', [
      { id: 'soak.ssr.p99', value: first.ssr.latency.p99, unit: 'ms', better: 'lower' },
      { id: 'soak.api.p99', value: first.api.latency.p99, unit: 'ms', better: 'lower' },
      { id: 'soak.ssr.throughput', value: first.ssr.requests.average, unit: 'req/s', better: 'higher' },
      { id: 'soak.api.throughput', value: first.api.requests.average, unit: 'req/s', better: 'higher' },
      { id: 'soak.events-lost-or-duplicated', value: lost + duplicated, unit: 'count', better: 'lower' },
    ]);
    if (failed || lost || duplicated || reconnects < SSE_CLIENTS) {
      if (reconnects < SSE_CLIENTS) console.log('not every stream client went through the restart');
      process.exitCode = 1;
    }
  } finally {
    for (const c of clients) c.stop();
    await feeder?.stop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
