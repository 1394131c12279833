/** A real Fastify server on port 0 with a log store in a temporary SQLite file, for the log route tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { openDatabase, type Db } from '../../../src/storage/sqlite';
import { registerLogRoutes } from '../../../src/appliance/logs';
import { createLogStore, type LogStore, type LogStoreOptions } from '../../../src/appliance/logs/store';
import type { LogStreamHub, StreamOptions } from '../../../src/appliance/logs/stream';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  store: LogStore;
  hub: LogStreamHub;
  db: Db;
  stop(): Promise<void>;
}

export function tempDb(): { db: Db; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-logs-'));
  return { db: openDatabase(path.join(dir, 'appliance.sqlite')), dir };
}

export async function startTestServer(
  options: {
    stream?: Partial<StreamOptions>;
    store?: Partial<LogStoreOptions>;
    admin?: boolean;
    sessionStillValid?: () => boolean;
  } = {},
): Promise<TestServer> {
  const { db, dir } = tempDb();
  const store = createLogStore(db, {
    retentionDays: 30,
    retentionCount: 1_000_000,
    pruneIntervalMs: 0,
    ...options.store,
  });
  const app = Fastify({ logger: false });
  const requireUser = async () => {};
  const requireAdmin = async (_req: unknown, reply: { code(n: number): { send(b: unknown): unknown } }) => {
    if (options.admin === false) return reply.code(403).send({ detail: 'admin only' });
  };
  const hub = await registerLogRoutes(app, {
    store,
    config: { apiBase: '/api/' },
    requireUser,
    requireAdmin,
    canReadAudit: () => options.admin !== false,
    stream: options.stream,
    sessionStillValid: options.sessionStillValid,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    store,
    hub,
    db,
    async stop() {
      await app.close();
      store.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const entry = (i: number, service = 'system', timestamp = Date.now() / 1000) => ({
  service,
  timestamp,
  message: `line ${i}`,
});
