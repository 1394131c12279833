/** The log service wired beside the real appliance: its audit writer feeds the store, its guards protect the routes. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { loadConfig } from '../../../config';
import { registerAppliance, applianceContext } from '../../../src/appliance';
import { createEmbeddedLogs, LOG_STREAM_PATH, type LogStore } from '../../../src/appliance/logs';
import { createUser } from '../../../src/appliance/seed';
import { saveGroup } from '../../../src/appliance/users/groupsStore';
import { Agent } from '../support/harness';
import { openSse } from './sseClient';

/** A `user` account reads the logs through a group granting the logs area (admins need none). */
function grantLogsRead(app: FastifyInstance, username: string): void {
  const { db } = applianceContext(app);
  const { id } = db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number };
  saveGroup(
    db,
    null,
    { name: `${username} logs`, description: '', members: [id], privileges: { logs: 'read' } },
    0,
  );
}

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
    store = await logs.mount(app);
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
    grantLogsRead(app, 'watcher');
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

  it('ends an open stream once its session times out idle', async () => {
    const ctx = applianceContext(app);
    await createUser(ctx, { username: 'idler', password: 'idler-password-123', role: 'admin' });
    const agent = new Agent(app);
    await agent.visit();
    expect((await agent.login('idler', 'idler-password-123')).statusCode).toBe(200);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const stream = await openSse(`http://127.0.0.1:${port}${LOG_STREAM_PATH}`, {
      cookie: agent.cookieHeader(),
    });
    expect(stream.status).toBe(200);
    await stream.waitFor((ev) => ev.length >= 1);
    // Heartbeats run every 50 ms; the session is still live, so the stream stays open.
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.events.some((e) => e.event === 'reconnect')).toBe(false);
    const realNow = ctx.now;
    ctx.now = () => realNow() + (ctx.config.sessionIdleSeconds + 1) * 1000;
    try {
      await stream.closed;
      expect(stream.events.at(-1)?.event).toBe('reconnect');
    } finally {
      ctx.now = realNow;
    }
  });

  describe('audit trail visibility', () => {
    let port: number;
    beforeEach(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as { port: number }).port;
      store.appendMany([
        { service: 'auth', timestamp: 1000, message: 'login of "admin"' },
        { service: 'settings', timestamp: 1001, message: 'colours changed' },
        { service: 'jobs', timestamp: 1002, message: 'job started' },
        { service: 'messages', timestamp: 1003, message: 'terms accepted' },
        { service: 'dns', timestamp: 1004, message: 'zone reloaded' },
        { service: 'system', timestamp: 1005, message: 'disk ok' },
      ]);
    });

    async function signedIn(role: 'admin' | 'user'): Promise<Agent> {
      const username = `${role}-reader`;
      await createUser(applianceContext(app), { username, password: `${role}-reader-password`, role });
      if (role === 'user') grantLogsRead(app, username);
      const agent = new Agent(app);
      await agent.visit();
      expect((await agent.login(username, `${role}-reader-password`)).statusCode).toBe(200);
      return agent;
    }

    /** The history of a past range: the stream sends it and ends at once. */
    async function history(agent: Agent, query: string) {
      const stream = await openSse(`http://127.0.0.1:${port}${LOG_STREAM_PATH}?from=999&to=1006${query}`, {
        cookie: agent.cookieHeader(),
      });
      if (stream.status !== 200) return { status: stream.status, services: [] as string[] };
      await stream.closed;
      const services = stream.events
        .filter((e) => e.event === 'message')
        .flatMap((e) =>
          (JSON.parse(e.data) as { logs: Array<{ service: string }> }).logs.map((l) => l.service),
        );
      return { status: 200, services };
    }

    it.each([
      ['admin', '', ['auth', 'settings', 'jobs', 'messages', 'dns', 'system']],
      ['admin', '&services=auth', ['auth']],
      ['user', '', ['dns', 'system']],
      ['user', '&services=auth&services=dns', ['dns']],
      ['user', '&services=settings&services=jobs&services=messages&services=system', ['system']],
    ] as const)('a %s session asking for "%s" gets %j', async (role, query, expected) => {
      const res = await history(await signedIn(role), query);
      expect(res).toEqual({ status: 200, services: expected });
    });

    it('refuses a user who asks for the audit trail only (403, nothing streamed)', async () => {
      const res = await history(await signedIn('user'), '&services=auth&services=settings');
      expect(res.status).toBe(403);
    });

    it('keeps live audit entries from a user stream', async () => {
      const agent = await signedIn('user');
      const stream = await openSse(`http://127.0.0.1:${port}${LOG_STREAM_PATH}`, {
        cookie: agent.cookieHeader(),
      });
      await stream.waitFor((ev) => ev.some((e) => e.event === 'message'));
      store.appendMany([
        { service: 'auth', timestamp: 2000, message: 'live login' },
        { service: 'dns', timestamp: 2001, message: 'live dns' },
      ]);
      await stream.waitFor((ev) => ev.some((e) => e.data.includes('live dns')));
      expect(stream.events.some((e) => e.data.includes('live login'))).toBe(false);
      stream.close();
    });
  });

  describe('ingestion follows the API conventions', () => {
    it.each([
      [
        'invalid UTF-8',
        Buffer.from([0x7b, 0x22, 0x73, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
        400,
        'value_error.unicode',
      ],
      ['a lone surrogate', '{"service":"dns","message":"\\ud800"}', 422, 'value_error.unicode'],
      [
        'a body over 64 KiB',
        JSON.stringify({
          logs: Array.from({ length: 20 }, () => ({ service: 'dns', message: 'x'.repeat(4000) })),
        }),
        413,
        'at most 64 KiB',
      ],
    ])('refuses %s (%i) and stores nothing', async (_name, payload, status, detail) => {
      const admin = new Agent(app);
      await admin.visit();
      await createUser(applianceContext(app), {
        username: 'ingest',
        password: 'ingest-password-1',
        role: 'admin',
      });
      expect((await admin.login('ingest', 'ingest-password-1')).statusCode).toBe(200);
      const before = store.count();
      const res = await admin.request({
        method: 'POST',
        url: '/api/logs',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(status);
      expect(JSON.stringify(res.json())).toContain(detail);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(store.count()).toBe(before);
    });
  });
});
