import http from 'node:http';
import net from 'node:net';
import { LOG_STREAM_PATH } from '../../../src/appliance/logs';
import { logStream } from '../../../src/shared/contracts/logs';
import { contractProblems } from '../support/contracts';
import { entry, startTestServer, type TestServer } from './helpers';
import { entryIds, openSse, parseSse, type SseConnection } from './sseClient';

async function waitUntil(predicate: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('GET /eos/system/logs/stream', () => {
  let server: TestServer;
  const conns: SseConnection[] = [];
  const open = async (query = '', headers: Record<string, string> = {}) => {
    const c = await openSse(`${server.url}${LOG_STREAM_PATH}${query}`, headers);
    conns.push(c);
    return c;
  };
  afterEach(async () => {
    for (const c of conns.splice(0)) c.close();
    await server?.stop();
  });

  it('answers as an event stream and says when the (empty) history has been fetched', async () => {
    server = await startTestServer();
    const c = await open();
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(c.headers['cache-control']).toContain('no-cache');
    await c.waitFor((ev) => ev.length === 1);
    expect(c.events[0]).toEqual({ event: 'message', data: '{"logs":[]}' });
  });

  it('starts with the newest 200 matching entries, oldest first, and the last id as event id', async () => {
    server = await startTestServer();
    server.store.appendMany(range(1, 250).map((i) => entry(i, i % 2 ? 'dns' : 'ssh')));
    const c = await open('?services=dns');
    await c.waitFor((ev) => ev.length >= 1);
    const logs = JSON.parse(c.events[0].data).logs as Array<{ id: number; service: string; message: string }>;
    expect(logs).toHaveLength(125);
    expect(logs.every((l) => l.service === 'dns')).toBe(true);
    expect(logs[0].message).toBe('line 1');
    expect(c.events[0].id).toBe(String(logs[logs.length - 1].id));
  });

  it('batches entries that arrive together into one message event', async () => {
    server = await startTestServer({ stream: { batchMs: 30 } });
    const c = await open();
    await c.waitFor((ev) => ev.length === 1);
    for (const i of range(1, 40)) server.store.append(entry(i));
    await c.waitFor((ev) => entryIds(ev).length === 40);
    expect(c.events.filter((e) => e.event === 'message')).toHaveLength(2); // the empty history + one batch
    expect(entryIds(c.events)).toEqual(range(1, 40));
  });

  it('splits a large burst into batches of at most maxBatch entries', async () => {
    server = await startTestServer({ stream: { batchMs: 10, maxBatch: 100 } });
    const c = await open();
    await c.waitFor((ev) => ev.length === 1);
    server.store.appendMany(range(1, 1000).map((i) => entry(i)));
    await c.waitFor((ev) => entryIds(ev).length === 1000);
    const sizes = c.events.slice(1).map((e) => JSON.parse(e.data).logs.length);
    expect(sizes).toEqual(Array(10).fill(100));
  });

  it('sends only the services asked for, live too', async () => {
    server = await startTestServer({ stream: { batchMs: 10 } });
    const c = await open('?services=ssh&services=auth');
    await c.waitFor((ev) => ev.length === 1);
    server.store.appendMany([entry(1, 'dns'), entry(2, 'ssh'), entry(3, 'auth'), entry(4, 'system')]);
    await c.waitFor((ev) => entryIds(ev).length === 2);
    const logs = c.events.slice(1).flatMap((e) => JSON.parse(e.data).logs);
    expect(logs.map((l: { service: string }) => l.service)).toEqual(['ssh', 'auth']);
  });

  it('resumes after Last-Event-ID with nothing lost or duplicated', async () => {
    server = await startTestServer({ stream: { batchMs: 10, resumePage: 50 } });
    const first = await open();
    await first.waitFor((ev) => ev.length === 1);
    server.store.appendMany(range(1, 30).map((i) => entry(i)));
    await first.waitFor((ev) => entryIds(ev).length === 30);
    const lastId = first.events[first.events.length - 1].id!;
    first.close();
    // Missed while disconnected: more than several resume pages.
    server.store.appendMany(range(31, 270).map((i) => entry(i)));
    const again = await open('', { 'last-event-id': lastId });
    await again.waitFor((ev) => entryIds(ev).length === 270);
    server.store.appendMany(range(301, 10).map((i) => entry(i)));
    await again.waitFor((ev) => entryIds(ev).length === 280);
    const all = [...entryIds(first.events), ...entryIds(again.events)];
    expect(all).toEqual(range(1, 310));
  });

  it('sends heartbeat comments while idle', async () => {
    server = await startTestServer({ stream: { heartbeatMs: 40 } });
    const c = await open();
    await new Promise((r) => setTimeout(r, 200));
    expect(c.comments.filter((t) => t === 'heartbeat').length).toBeGreaterThanOrEqual(2);
    expect(c.body).toMatch(/^retry: \d+\n\n/);
  });

  it('closes a stream whose session ended, at the next heartbeat', async () => {
    let valid = true;
    server = await startTestServer({ stream: { heartbeatMs: 30 }, sessionStillValid: () => valid });
    const c = await open();
    await new Promise((r) => setTimeout(r, 100));
    expect(server.hub.stats().clients).toBe(1);
    valid = false;
    await c.closed;
    expect(c.events.at(-1)?.event).toBe('reconnect');
    expect(server.hub.stats().clients).toBe(0);
  });

  it('ends the stream once the range end has passed', async () => {
    server = await startTestServer();
    const now = Math.floor(Date.now() / 1000);
    server.store.appendMany([
      entry(1, 'dns', now - 100),
      entry(2, 'dns', now - 50),
      entry(3, 'dns', now - 10),
    ]);
    const c = await open(`?from=${now - 60}&to=${now - 20}`);
    await c.closed;
    expect(c.events.map((e) => e.event)).toEqual(['message', 'end']);
    expect(JSON.parse(c.events[0].data).logs.map((l: { message: string }) => l.message)).toEqual(['line 2']);
  });

  it('ends a stream when its range end arrives while live', async () => {
    server = await startTestServer();
    const now = Date.now() / 1000;
    const c = await open(`?from=${Math.floor(now - 10)}&to=${(now + 0.3).toFixed(3)}`);
    await c.closed;
    expect(c.events.map((e) => e.event)).toEqual(['message', 'end']);
  });

  it('sends only events its contract declares, each one’s data fitting its schema', async () => {
    server = await startTestServer({ stream: { batchMs: 30 } });
    server.store.appendMany([entry(1), { ...entry(2, 'ssh'), severity: 'warning' }]);
    const c = await open();
    await c.waitFor((ev) => ev.length === 1);
    server.store.append(entry(3, 'dns'));
    await c.waitFor((ev) => entryIds(ev).length === 3);
    await server.app.close();
    await c.closed;
    expect(c.events.map((e) => e.event)).toEqual(['message', 'message', 'end']);
    for (const e of c.events) {
      const schema = logStream.events[e.event as keyof typeof logStream.events];
      expect(contractProblems(schema, JSON.parse(e.data))).toEqual([]);
    }
  });

  it('sends end to every client when the server shuts down', async () => {
    server = await startTestServer();
    const a = await open();
    const b = await open('?services=dns');
    await a.waitFor((ev) => ev.length === 1);
    await b.waitFor((ev) => ev.length === 1);
    await server.app.close();
    await Promise.all([a.closed, b.closed]);
    expect(a.events.at(-1)?.event).toBe('end');
    expect(b.events.at(-1)?.event).toBe('end');
  });

  it('tells a client that never reads to reconnect and drops it, keeping server memory bounded', async () => {
    server = await startTestServer({
      stream: { batchMs: 5, maxBufferBytes: 64 * 1024, closeGraceMs: 100, stallMs: 300 },
    });
    const port = new URL(server.url).port;
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(`GET ${LOG_STREAM_PATH} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n`);
    socket.pause(); // never reads: the kernel buffers fill, then the server's
    await waitUntil(() => server.hub.stats().clients === 1);
    const closed = new Promise((r) => socket.once('close', r));
    const big = 'x'.repeat(8000);
    for (let round = 0; round < 200 && server.hub.stats().clients > 0; round += 1) {
      server.store.appendMany(
        range(1, 50).map((i) => ({
          service: 'system',
          timestamp: Date.now() / 1000,
          message: `${i} ${big}`,
        })),
      );
      await new Promise((r) => setTimeout(r, 10));
      expect(server.hub.stats().bufferedBytes).toBeLessThan(64 * 1024 + 50 * 8100 * 2);
    }
    expect(server.hub.stats()).toEqual({ clients: 0, bufferedBytes: 0, pendingEntries: 0 });
    // Past the grace time the server destroys the socket it could not finish writing to.
    await new Promise((r) => setTimeout(r, 300));
    let tail = '';
    socket.on('data', (d: Buffer) => (tail = (tail + d.toString('latin1')).slice(-4096)));
    socket.on('error', () => {});
    socket.resume();
    await closed;
    expect(tail).not.toContain('event: reconnect');
  }, 30_000);

  it('tells a client that stalls to reconnect, and its resume loses and duplicates nothing', async () => {
    server = await startTestServer({
      stream: { batchMs: 5, maxBufferBytes: 64 * 1024, closeGraceMs: 5000, stallMs: 300 },
    });
    let text = '';
    const res = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${server.url}${LOG_STREAM_PATH}`, resolve),
    );
    res.pause();
    await waitUntil(() => server.hub.stats().clients === 1);
    const big = 'z'.repeat(8000);
    let total = 0;
    for (let round = 0; round < 200 && server.hub.stats().clients > 0; round += 1) {
      server.store.appendMany(
        range(1, 50).map(() => ({ service: 'system', timestamp: Date.now() / 1000, message: big })),
      );
      total += 50;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(server.hub.stats().clients).toBe(0);
    res.setEncoding('latin1');
    res.on('data', (d: string) => (text += d));
    const ended = new Promise((r) => res.on('end', r));
    res.resume();
    await ended;
    const first = parseSse(text).events;
    expect(first.at(-1)?.event).toBe('reconnect');
    const lastId = [...first].reverse().find((e) => e.id)!.id!;
    const again = await open('', { 'last-event-id': lastId });
    await again.waitFor((ev) => entryIds(first).length + entryIds(ev).length >= total, 10_000);
    expect([...entryIds(first), ...entryIds(again.events)]).toEqual(range(1, total));
  }, 30_000);

  it('keeps a reading client when another one is dropped', async () => {
    server = await startTestServer({
      stream: { batchMs: 5, maxBufferBytes: 64 * 1024, closeGraceMs: 100, stallMs: 300 },
    });
    const reader = await open();
    await reader.waitFor((ev) => ev.length === 1);
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(`GET ${LOG_STREAM_PATH} HTTP/1.1\r\nHost: x\r\n\r\n`);
    socket.pause();
    await waitUntil(() => server.hub.stats().clients === 2);
    const big = 'y'.repeat(8000);
    let sent = 0;
    for (let round = 0; round < 200 && server.hub.stats().clients > 1; round += 1) {
      server.store.appendMany(
        range(1, 50).map(() => ({ service: 'system', timestamp: Date.now() / 1000, message: big })),
      );
      sent += 50;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(server.hub.stats().clients).toBe(1);
    await reader.waitFor((ev) => entryIds(ev).length === sent, 10_000);
    socket.destroy();
  }, 30_000);

  describe('bad query input', () => {
    it.each([
      ['an unknown service', '?services=nope', 'type_error.enum'],
      [
        'a service repeated 1,000 times',
        `?${Array(1000).fill('services=dns').join('&')}`,
        'value_error.list.max_items',
      ],
      ['an overlong service name', `?services=${'a'.repeat(3000)}`, 'value_error.any_str.max_length'],
      ['a service given twice', '?services=dns&services=dns', 'value_error.list.unique_items'],
      ['a non-numeric from', '?from=yesterday', 'type_error.float'],
      ['to before from', '?from=200&to=100', 'value_error.number.not_ge'],
      ['from given twice', '?from=1&from=2', 'value_error.list.max_items'],
    ])('answers %s with a 400 naming the problem', async (_name, query, type) => {
      server = await startTestServer();
      const res = await fetch(`${server.url}${LOG_STREAM_PATH}${query}`);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.detail[0].type).toBe(type);
      expect(body.detail[0].loc[0]).toBe('query');
      expect(server.hub.stats().clients).toBe(0);
    });

    it('answers a malformed Last-Event-ID with a 400', async () => {
      server = await startTestServer();
      const res = await fetch(`${server.url}${LOG_STREAM_PATH}`, { headers: { 'last-event-id': 'abc' } });
      expect(res.status).toBe(400);
      expect((await res.json()).detail[0].loc).toEqual(['header', 'last-event-id']);
    });
  });
});

describe('POST {api}logs', () => {
  let server: TestServer;
  afterEach(async () => server?.stop());
  const post = (body: unknown) =>
    fetch(`${server.url}/api/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('stores one entry and streams it', async () => {
    server = await startTestServer({ stream: { batchMs: 5 } });
    const c = await openSse(`${server.url}${LOG_STREAM_PATH}`);
    await c.waitFor((ev) => ev.length === 1);
    const res = await post({ service: 'dns', message: 'zone reloaded', timestamp: 1_700_000_000 });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ count: 1, ids: [1] });
    await c.waitFor((ev) => ev.length === 2);
    expect(JSON.parse(c.events[1].data).logs).toEqual([
      { id: 1, service: 'dns', message: 'zone reloaded', timestamp: 1_700_000_000, severity: 'info' },
    ]);
    c.close();
  });

  it('keeps the severity an entry gives', async () => {
    server = await startTestServer();
    const res = await post({ service: 'dns', message: 'upstream unreachable', severity: 'error' });
    expect(res.status).toBe(201);
    expect(server.store.query().map((e) => e.severity)).toEqual(['error']);
  });

  it('stores a list in one transaction', async () => {
    server = await startTestServer();
    const res = await post({
      logs: [
        { service: 'ssh', message: 'a' },
        { service: 'auth', message: 'b' },
      ],
    });
    expect(res.status).toBe(201);
    expect(server.store.query().map((e) => e.message)).toEqual(['a', 'b']);
  });

  it.each([
    ['a missing message', { service: 'dns' }, 'value_error.missing'],
    ['an unknown service', { service: 'mail', message: 'x' }, 'type_error.enum'],
    ['an extra field', { service: 'dns', message: 'x', level: 'err' }, 'value_error.extra'],
    ['a bad timestamp', { service: 'dns', message: 'x', timestamp: 'now' }, 'type_error.float'],
    ['an unknown severity', { service: 'dns', message: 'x', severity: 'loud' }, 'type_error.enum'],
    ['an overlong message', { service: 'dns', message: 'x'.repeat(9000) }, 'value_error.any_str.max_length'],
    ['an empty list', { logs: [] }, 'value_error.list.min_items'],
    [
      'one bad entry among good ones',
      { logs: [{ service: 'dns', message: 'ok' }, { service: 'dns' }] },
      'value_error.missing',
    ],
  ])('refuses %s with a 422 and stores nothing', async (_name, body, type) => {
    server = await startTestServer();
    const before = server.store.count();
    const res = await post(body);
    expect(res.status).toBe(422);
    expect((await res.json()).detail[0].type).toBe(type);
    expect(server.store.count()).toBe(before);
  });

  it('is refused when the admin preHandler refuses', async () => {
    server = await startTestServer({ admin: false });
    const res = await post({ service: 'dns', message: 'x' });
    expect(res.status).toBe(403);
    expect(server.store.count()).toBe(0);
  });
});
