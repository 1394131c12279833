/**
 * Live views cannot be opened without end (a new stream is one row): every event stream of an account counts toward
 * its 5 and the server's 50, whatever the stream; past either, 429 with `Retry-After` and a message saying which
 * limit; a stream closed frees its slot. Real streams over HTTP on loopback.
 */
import http from 'node:http';
import {
  STREAM_RETRY_AFTER_S,
  STREAMS_IN_ALL,
  STREAMS_PER_ACCOUNT,
} from '../../src/appliance/http/streamSlots';
import { adminAgent, startServer, userAgent, type Agent, type Harness } from '../appliance/support/harness';

/** The streams an account may hold: [what, path]. */
const STREAMS: ReadonlyArray<[string, string]> = [
  ['the DNS query log', '/eos/dns/queries/stream'],
  ['the logs', '/eos/system/logs/stream'],
];

let h: Harness;
let admin: Agent;
let port: number;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(() => h.close());

interface Opened {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: () => Promise<string>;
  close: () => void;
}

/** Opens a stream and answers as soon as its head arrived (a stream's body does not end). */
function open(agent: Agent, path: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = http.get({
      host: '127.0.0.1',
      port,
      path,
      headers: { cookie: agent.cookieHeader(), accept: 'text/event-stream' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const ended = new Promise<string>((r) =>
        res.on('end', () => r(Buffer.concat(chunks).toString('utf8'))),
      );
      res.on('error', () => undefined);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: () => ended,
        close: () => req.destroy(),
      });
    });
  });
}

const closeAll = async (streams: Opened[]) => {
  for (const s of streams.splice(0)) s.close();
  // The server frees a slot when it sees the connection close.
  await new Promise((r) => setTimeout(r, 200));
};

/** Opens until the account's limit, mixing the streams, so every kind counts toward the same slots. */
async function fill(agent: Agent, n = STREAMS_PER_ACCOUNT): Promise<Opened[]> {
  const opened: Opened[] = [];
  for (let i = 0; i < n; i += 1) {
    const s = await open(agent, STREAMS[i % STREAMS.length][1]);
    expect(s.status).toBe(200);
    opened.push(s);
  }
  return opened;
}

describe.each(STREAMS)('%s', (_what, path) => {
  it(`is refused past ${STREAMS_PER_ACCOUNT} streams of one account, and open again once one closes`, async () => {
    const held = await fill(admin);
    try {
      const refused = await open(admin, path);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER_S));
      expect(JSON.parse(await refused.body()).detail).toBe(
        `This account already has ${STREAMS_PER_ACCOUNT} live views open (other tabs or windows): close one, or try again in ${STREAM_RETRY_AFTER_S} s`,
      );
      held.shift()!.close();
      await new Promise((r) => setTimeout(r, 200));
      const again = await open(admin, path);
      expect(again.status).toBe(200);
      held.push(again);
    } finally {
      await closeAll(held);
    }
  });
});

it(`refuses a stream past ${STREAMS_IN_ALL} of all accounts, whoever asks`, async () => {
  const held: Opened[] = [];
  try {
    for (let a = 0; a < STREAMS_IN_ALL / STREAMS_PER_ACCOUNT; a += 1)
      held.push(...(await fill(await userAgent(h, `streamer${a}`, 'admin'))));
    expect(held).toHaveLength(STREAMS_IN_ALL);
    const refused = await open(admin, STREAMS[0][1]);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER_S));
    expect(JSON.parse(await refused.body()).detail).toBe(
      `The console already serves ${STREAMS_IN_ALL} live views: try again in ${STREAM_RETRY_AFTER_S} s`,
    );
    held.pop()!.close();
    await new Promise((r) => setTimeout(r, 200));
    const again = await open(admin, STREAMS[0][1]);
    expect(again.status).toBe(200);
    held.push(again);
  } finally {
    await closeAll(held);
  }
}, 60_000);

it('frees the slot of a stream answered with an error instead (a bad query)', async () => {
  for (let i = 0; i < STREAMS_PER_ACCOUNT + 1; i += 1) {
    const bad = await open(admin, '/eos/system/logs/stream?services=no-such-service');
    expect(bad.status).toBe(400);
    await bad.body();
  }
  await new Promise((r) => setTimeout(r, 200));
  await closeAll(await fill(admin));
});
