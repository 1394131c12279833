/**
 * Budget: 50 concurrent stream clients on loopback receive every entry of a 10,000-entry burst, none lost or
 * duplicated, with server memory back to baseline after they disconnect. The server runs in its own process
 * (logs-server.child.ts) so its memory is its own; prints RSS and heap before, during (peak) and after.
 * Run: npx tsx test/bench/logs-server.bench.ts   (BENCH_CLIENTS, BENCH_ENTRIES to change)
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { LOG_STREAM_PATH } from '../../src/appliance/logs';
import { entryIds, openSse, type SseConnection } from '../appliance/logs/sseClient';
import { recordFigures } from './report';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const CHUNK = 100; // entries appended per transaction during the burst

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const show = (m: Memory) => `rss ${mb(m.rss)}, heap ${mb(m.heapUsed)}, external ${mb(m.external)}`;

function ask<T>(child: ChildProcess, message: object, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (reply: Record<string, unknown>) => {
      if (key in reply) {
        child.off('message', on);
        resolve(reply as T);
      }
    };
    child.on('message', on);
    child.send(message);
  });
}

async function main() {
  const child = fork(path.join(__dirname, 'logs-server.child.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { port } = await new Promise<{ port: number }>((resolve) =>
      child.once('message', (m) => resolve(m as { port: number })),
    );
    const url = `http://127.0.0.1:${port}${LOG_STREAM_PATH}`;
    const before = (await ask<{ memory: Memory }>(child, { cmd: 'memory' }, 'memory')).memory;
    console.log(`server before clients: ${show(before)}`);

    const clients: SseConnection[] = await Promise.all(Array.from({ length: CLIENTS }, () => openSse(url)));
    await Promise.all(clients.map((c) => c.waitFor((ev) => ev.length >= 1)));
    const connected = (await ask<{ memory: Memory }>(child, { cmd: 'memory' }, 'memory')).memory;
    console.log(`server with ${CLIENTS} idle clients: ${show(connected)}`);

    let peak: Memory = connected;
    let peakBuffered = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { stats, memory } = await ask<{ stats: { bufferedBytes: number }; memory: Memory }>(
          child,
          { cmd: 'stats' },
          'stats',
        );
        if (memory.rss > peak.rss) peak = memory;
        peakBuffered = Math.max(peakBuffered, stats.bufferedBytes);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const started = performance.now();
    const burst = await ask<{ burstMs: number; lastId: number }>(
      child,
      { cmd: 'burst', count: ENTRIES, chunk: CHUNK },
      'burstMs',
    );
    await Promise.all(
      clients.map((c) => c.waitFor((ev) => entryIds(ev).length >= ENTRIES, 60_000).catch(() => undefined)),
    );
    const deliveredMs = performance.now() - started;
    sampling = false;
    await sampler;

    let complete = 0;
    let lost = 0;
    let duplicated = 0;
    let outOfOrder = 0;
    for (const c of clients) {
      const ids = entryIds(c.events);
      const unique = new Set(ids);
      duplicated += ids.length - unique.size;
      lost += ENTRIES - unique.size;
      for (let i = 1; i < ids.length; i += 1) if (ids[i] <= ids[i - 1]) outOfOrder += 1;
      if (unique.size === ENTRIES && ids.length === ENTRIES) complete += 1;
    }
    const events = clients.reduce((n, c) => n + c.events.length - 1, 0) / clients.length;
    console.log(
      `burst of ${ENTRIES} entries stored in ${burst.burstMs.toFixed(0)} ms; every client had all of them after ${deliveredMs.toFixed(0)} ms`,
    );
    console.log(
      `clients complete: ${complete}/${CLIENTS}; lost ${lost}, duplicated ${duplicated}, out of order ${outOfOrder} (budget: none)`,
    );
    console.log(
      `message events per client: ${events.toFixed(1)} (batched: ${(ENTRIES / events).toFixed(0)} entries per event)`,
    );
    console.log(
      `server during the burst (peak rss): ${show(peak)}; peak unsent bytes over all clients ${mb(peakBuffered)}`,
    );

    for (const c of clients) c.close();
    await Promise.all(clients.map((c) => c.closed));
    await new Promise((r) => setTimeout(r, 500));
    const after = (await ask<{ memory: Memory }>(child, { cmd: 'memory' }, 'memory')).memory;
    const { stats } = await ask<{ stats: unknown }>(child, { cmd: 'stats' }, 'stats');
    console.log(`server after disconnect: ${show(after)}; hub ${JSON.stringify(stats)}`);
    console.log(
      `heap after vs before clients: ${after.heapUsed - before.heapUsed >= 0 ? '+' : ''}${mb(after.heapUsed - before.heapUsed)} (budget: back to baseline)`,
    );
    recordFigures('logs-server', [
      {
        id: 'log-stream.delivered-per-client',
        value: ENTRIES / (deliveredMs / 1000),
        unit: 'events/s',
        better: 'higher',
      },
      { id: 'log-stream.lost-or-duplicated', value: lost + duplicated, unit: 'count', better: 'lower' },
      { id: 'log-stream.peak-rss', value: peak.rss, unit: 'bytes', better: 'lower' },
    ]);
  } finally {
    child.send({ cmd: 'stop' });
    await new Promise((r) => child.once('exit', r));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
