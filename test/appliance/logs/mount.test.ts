/** The log service wired beside the real appliance: its audit writer feeds the store, its guards protect the routes. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { loadConfig } from '../../../config';
import { registerAppliance, requireAdmin, requireUser, applianceContext } from '../../../src/appliance';
import { createEmbeddedLogs, LOG_STREAM_PATH, type LogStore } from '../../../src/appliance/logs';
import { createUser } from '../../../src/appliance/seed';
import { Agent } from '../support/harness';
import { openSse } from './sseClient';

describe('createEmbeddedLogs', () => {
  let app: FastifyInstance;
  let store: LogStore;
  let dataDir: string;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-logs-mount-'));
    const config = loadConfig({}, { dataDir });
    const logs = createEmbeddedLogs(config, { stream: { heartbeatMs: 50 } });
    app = Fastify({ logger: false });
    await app.register(fastifyCookie);
    await registerAppliance(app, config, { logSink: logs.logSink, print: () => {} });
    store = await logs.mount(app, { requireUser, requireAdmin });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the audit writer’s entries (a failed login) in the log store', async () => {
    const agent = new Agent(app);
    await agent.visit();
    await agent.login('admin', 'not the password');
    const entries = store.query({ services: ['auth'] });
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.at(-1)?.message).toMatch(/admin/i);
  });

  it('needs a session for the stream and the admin role (and the XSRF token) for ingestion', async () => {
    const anonymous = new Agent(app);
    await anonymous.visit();
    expect((await anonymous.get(LOG_STREAM_PATH)).statusCode).toBe(401);

    const ctx = applianceContext(app);
    await createUser(ctx, { username: 'viewer', password: 'viewer-password-123', role: 'user' });
    const viewer = new Agent(app);
    await viewer.visit();
    expect((await viewer.login('viewer', 'viewer-password-123')).statusCode).toBe(200);
    expect((await viewer.post('/api/logs', { service: 'dns', message: 'x' })).statusCode).toBe(403);

    await createUser(ctx, { username: 'operator', password: 'operator-password-123', role: 'admin' });
    const admin = new Agent(app);
    await admin.visit();
    expect((await admin.login('operator', 'operator-password-123')).statusCode).toBe(200);
    expect(
      (
        await admin.request({
          method: 'POST',
          url: '/api/logs',
          payload: { service: 'dns', message: 'x' },
          xsrf: false,
        })
      ).statusCode,
    ).toBe(403);
    const ok = await admin.post('/api/logs', { service: 'dns', message: 'zone reloaded' });
    expect(ok.statusCode).toBe(201);
    expect(store.query({ services: ['dns'] }).map((e) => e.message)).toEqual(['zone reloaded']);
  });

  it('ends an open stream once its session is logged out', async () => {
    await createUser(applianceContext(app), {
      username: 'watcher',
      password: 'watcher-password-123',
      role: 'user',
    });
    const agent = new Agent(app);
    await agent.visit();
    expect((await agent.login('watcher', 'watcher-password-123')).statusCode).toBe(200);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const stream = await openSse(`http://127.0.0.1:${port}${LOG_STREAM_PATH}`, {
      cookie: agent.cookieHeader(),
    });
    expect(stream.status).toBe(200);
    await stream.waitFor((ev) => ev.length >= 1);
    expect((await agent.post('/api/auth/logout')).statusCode).toBe(200);
    await stream.closed;
    expect(stream.events.at(-1)?.event).toBe('reconnect');
  });
});
