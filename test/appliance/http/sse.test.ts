/** The shared event-stream writer over real HTTP: ids, resume of whole-state streams, and the bound on slow clients. */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  EventStream,
  followSnapshots,
  snapshotId,
  type EventStreamOptions,
} from '../../../src/appliance/http/sse';
import { openSse, parseSse } from '../logs/sseClient';

interface State {
  n: number;
  done: boolean;
  pad: string;
}

/** A server whose one route follows `states` as a whole-state stream, resuming from Last-Event-ID. */
async function snapshotServer(options: Partial<EventStreamOptions> = {}) {
  const changes = new EventEmitter();
  let current: State = { n: 0, done: false, pad: '' };
  const streams: EventStream[] = [];
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    const stream = new EventStream(res, {
      heartbeatMs: 60_000,
      maxBufferBytes: 64 * 1024,
      stallMs: 10_000,
      closeGraceMs: 1_000,
      ...options,
    });
    streams.push(stream);
    const last = req.headers['last-event-id'];
    followSnapshots<State>(
      stream,
      {
        event: 'progress',
        subscribe: (fn) => {
          changes.on('state', fn);
          return () => changes.off('state', fn);
        },
        current: () => current,
        isFinal: (s) => s.done,
        endData: (s) => ({ n: s.n }),
      },
      typeof last === 'string' ? last : undefined,
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    streams,
    publish(s: State) {
      current = s;
      changes.emit('state', s);
    },
    listeners: () => changes.listenerCount('state'),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

describe('event streams of whole states', () => {
  it('gives every state an id and skips, on resume, the state the client already has', async () => {
    const s = await snapshotServer();
    try {
      const first = await openSse(s.url);
      await first.waitFor((ev) => ev.length === 1);
      s.publish({ n: 1, done: false, pad: '' });
      await first.waitFor((ev) => ev.length === 2);
      expect(first.events.map((e) => e.id)).toEqual([
        snapshotId(JSON.stringify({ n: 0, done: false, pad: '' })),
        snapshotId(JSON.stringify({ n: 1, done: false, pad: '' })),
      ]);
      const lastId = first.events[1].id!;
      first.close();

      // Reconnecting with the id of the current state: nothing is repeated, later states follow.
      const again = await openSse(s.url, { 'last-event-id': lastId });
      s.publish({ n: 2, done: true, pad: '' });
      await again.closed;
      expect(again.events.map((e) => [e.event, e.data])).toEqual([
        ['progress', JSON.stringify({ n: 2, done: true, pad: '' })],
        ['end', '{"n":2}'],
      ]);

      // Reconnecting with an older id gets the current state at once.
      const stale = await openSse(s.url, { 'last-event-id': lastId });
      await stale.closed;
      expect(stale.events.map((e) => e.event)).toEqual(['progress', 'end']);
      expect(s.listeners()).toBe(0);
    } finally {
      await s.close();
    }
  }, 15_000);

  it('keeps only the newest state for a client that does not read, and sends it once the client drains', async () => {
    const s = await snapshotServer({ maxBufferBytes: 64 * 1024 });
    try {
      const res = await new Promise<http.IncomingMessage>((resolve) => http.get(s.url, resolve));
      res.pause();
      const pad = 'p'.repeat(32 * 1024);
      for (let n = 1; n <= 400; n += 1) {
        s.publish({ n, done: false, pad });
        if (n % 20 === 0) await new Promise((r) => setTimeout(r, 5));
        // Bounded: the buffer bound plus the one write that crossed it, whatever the number of states.
        expect(s.streams[0].bufferedBytes).toBeLessThan(64 * 1024 + 2 * pad.length);
      }
      s.publish({ n: 401, done: true, pad: '' });
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      const ended = new Promise((r) => res.on('end', r));
      res.resume();
      await ended;
      const events = parseSse(text).events;
      expect(events.length).toBeLessThan(400);
      expect(events.slice(-2).map((e) => e.event)).toEqual(['progress', 'end']);
      expect(JSON.parse(events[events.length - 2].data)).toEqual({ n: 401, done: true, pad: '' });
    } finally {
      await s.close();
    }
  }, 30_000);

  it('tells a client that stalls past the limit to reconnect and drops it', async () => {
    const s = await snapshotServer({ maxBufferBytes: 16 * 1024, stallMs: 200, closeGraceMs: 5_000 });
    try {
      const res = await new Promise<http.IncomingMessage>((resolve) => http.get(s.url, resolve));
      res.pause();
      const pad = 'q'.repeat(64 * 1024);
      for (let n = 1; n <= 1000 && !s.streams[0].closed; n += 1) {
        s.publish({ n, done: false, pad });
        await new Promise((r) => setTimeout(r, 2));
      }
      for (let waited = 0; waited < 5_000 && !s.streams[0].closed; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      expect(s.streams[0].closed).toBe(true);
      expect(s.listeners()).toBe(0);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      const ended = new Promise((r) => res.on('end', r));
      res.resume();
      await ended;
      expect(parseSse(text).events.at(-1)?.event).toBe('reconnect');
    } finally {
      await s.close();
    }
  }, 30_000);
});
