/**
 * The server side of logs-server.bench.ts, in its own process so its memory is measured alone: a log store on a
 * temporary SQLite file and the real stream routes on a loopback port. Driven over IPC.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { openDatabase } from '../../src/storage/sqlite';
import { createLogStore, registerLogRoutes } from '../../src/appliance/logs';

type Command =
  { cmd: 'memory' } | { cmd: 'burst'; count: number; chunk: number } | { cmd: 'stats' } | { cmd: 'stop' };

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-logs-bench-'));
  const db = openDatabase(path.join(dir, 'appliance.sqlite'));
  const store = createLogStore(db, { retentionDays: 30, retentionCount: 10_000_000, pruneIntervalMs: 0 });
  const app = Fastify({ logger: false });
  const allow = async () => {};
  const hub = await registerLogRoutes(app, {
    store,
    config: { apiBase: '/api/' },
    requireUser: allow,
    requireAdmin: allow,
    canReadAudit: () => true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  const memory = () => {
    (global as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external + m.arrayBuffers };
  };
  process.on('message', async (message: Command) => {
    if (message.cmd === 'memory') process.send?.({ memory: memory() });
    else if (message.cmd === 'stats') {
      const m = process.memoryUsage();
      process.send?.({
        stats: hub.stats(),
        memory: { rss: m.rss, heapUsed: m.heapUsed, external: m.external + m.arrayBuffers },
      });
    } else if (message.cmd === 'burst') {
      const started = performance.now();
      for (let i = 0; i < message.count; i += message.chunk) {
        store.appendMany(
          Array.from({ length: Math.min(message.chunk, message.count - i) }, (_, j) => ({
            service: ['dns', 'ssh', 'auth', 'network'][(i + j) % 4],
            timestamp: Date.now() / 1000,
            message: `burst entry ${i + j}`,
          })),
        );
      }
      process.send?.({ burstMs: performance.now() - started, lastId: store.lastId() });
    } else if (message.cmd === 'stop') {
      await app.close();
      store.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send?.({ port });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
