/**
 * The login setup's `isOffline` comes from a real readiness check of the identity service: the embedded one in
 * process, an external one over HTTP, with a short cache and timeout.
 */
import http from 'node:http';
import path from 'node:path';
import Fastify from 'fastify';
import { registerHealth } from '../../../src/identity-service/health';
import { openDatabase } from '../../../src/storage/sqlite';
import type { AddressInfo } from 'node:net';
import { cachedHealthCheck } from '../../../src/appliance/auth/identityHealth';
import { Agent, startServer, type Harness } from '../support/harness';

describe('cachedHealthCheck', () => {
  it('reuses an answer for the cache time, then asks again', async () => {
    let now = 0;
    const answers = [true, false];
    const probe = jest.fn(async () => answers.shift()!);
    const check = cachedHealthCheck(probe, { now: () => now, ttlMs: 5000 });
    expect(await check.online()).toBe(true);
    now = 4999;
    expect(await check.online()).toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);
    now = 5000;
    expect(await check.online()).toBe(false);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('shares one check between concurrent callers', async () => {
    const probe = jest.fn(async () => true);
    const check = cachedHealthCheck(probe, { now: () => 0 });
    expect(await Promise.all([check.online(), check.online(), check.online()])).toEqual([true, true, true]);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('counts a failed or slow check as offline', async () => {
    const failing = cachedHealthCheck(async () => Promise.reject(new Error('ECONNREFUSED')), {
      now: () => 0,
    });
    expect(await failing.online()).toBe(false);
    const started = Date.now();
    const slow = cachedHealthCheck(() => new Promise<boolean>(() => {}), { now: () => 0, timeoutMs: 50 });
    expect(await slow.online()).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('the embedded identity service', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
  });
  afterAll(() => h.close());

  it('answers the Kratos health checks', async () => {
    for (const url of ['/identity/health/alive', '/identity/health/ready']) {
      const res = await h.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('answers ready with 503 when its database does not answer', async () => {
    const app = Fastify({ logger: false });
    const db = openDatabase(path.join(h.dataDir, 'health-probe.db'));
    registerHealth(app, db);
    db.close();
    const res = await app.inject({ url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ errors: { database: 'the identity database does not answer' } });
    expect((await app.inject({ url: '/health/alive' })).statusCode).toBe(200);
    await app.close();
  });

  it('is online in the login setup', async () => {
    expect((await new Agent(h.app).get('/api/auth/setup')).json().isOffline).toBe(false);
  });
});

describe('an external identity service', () => {
  let kratos: http.Server;
  let ready = true;
  let origin: string;
  beforeAll(async () => {
    kratos = http.createServer((req, res) => {
      const ok = req.url === '/health/ready' && ready;
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { status: 'ok' } : { errors: { database: 'down' } }));
    });
    await new Promise<void>((resolve) => kratos.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(kratos.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => kratos.close(resolve)));

  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });
  const setupWith = async (identityBase: string, clock: { now: number }) => {
    const server = await startServer({ config: { identityBase } });
    h = server;
    server.ctx.now = () => clock.now;
    return async () => (await new Agent(server.app).get('/api/auth/setup')).json().isOffline as boolean;
  };

  it('is online while it answers ready, offline once it answers 503 and the cached answer is old', async () => {
    const clock = { now: Date.now() };
    const isOffline = await setupWith(origin, clock);
    ready = true;
    expect(await isOffline()).toBe(false);
    ready = false;
    expect(await isOffline()).toBe(false); // the answer of the last 5 s
    clock.now += 5_000;
    expect(await isOffline()).toBe(true);
  });

  it('is offline when nothing listens at its address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const isOffline = await setupWith(`http://127.0.0.1:${port}`, { now: Date.now() });
    expect(await isOffline()).toBe(true);
  });
});
