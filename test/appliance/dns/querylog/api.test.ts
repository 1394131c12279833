/**
 * The query log's store and routes, fed with captured unbound lines through the DNS unit's line reader (the real
 * daemon is in daemons.test.ts): list with filters and paging, top names and clients, retention, access, the live
 * stream, and malformed lines counted rather than stored.
 */
import http from 'node:http';
import { queryLogOf } from '../../../../src/appliance/dns/querylog';
import * as dns from '../../../../src/shared/contracts/dns';
import { parseSse } from '../../logs/sseClient';
import { contractProblems } from '../../support/contracts';
import type { DnsQueryRecord, DnsQueryTop } from '../../../../src/shared/dnsQueries';
import { adminAgent, startServer, userAgent, type Agent, type Harness } from '../../support/harness';

const STREAM_PORT = 47561;
const line = (body: string) => `[1795815527] unbound[15290:0] info: ${body}`;

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer({ config: { dnsQueryRetentionCount: 100 } });
  admin = await adminAgent(h);
});
afterAll(async () => h?.close());

const feed = (...bodies: string[]) => {
  const log = queryLogOf(h.ctx)!;
  const taken = bodies.map((b) => log.recorder.line(line(b)));
  log.recorder.flush();
  return taken;
};

const list = async (
  query = '',
): Promise<{ data: DnsQueryRecord[]; total: number; page: number; per_page: number }> => {
  const res = await admin.get(`/api/dns/queries${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

it('stores reply lines as records, newest first, and leaves other lines to the log store', async () => {
  const taken = feed(
    '127.0.0.1 www.example.com. A IN NOERROR 0.000187 0 60',
    '10.0.0.8 www.example.com. AAAA IN NOERROR 0.000000 1 72',
    '10.0.0.8 printer.lan. A IN NXDOMAIN 0.000125 0 43',
    '127.0.0.2 null TYPE0 CLASS0 REFUSED 0.000000 1 12',
  );
  expect(taken).toEqual([true, true, true, true]);
  expect(queryLogOf(h.ctx)!.recorder.line(line('start of service (unbound 1.17.1).'))).toBe(false);
  const page = await list();
  expect(page).toMatchObject({ total: 4, page: 1, per_page: 50 });
  expect(page.data.map((r) => [r.client, r.name, r.type, r.rcode, r.answered_by])).toEqual([
    ['127.0.0.2', '', 'TYPE0', 'REFUSED', 'refused'],
    ['10.0.0.8', 'printer.lan', 'A', 'NXDOMAIN', 'recursion'],
    ['10.0.0.8', 'www.example.com', 'AAAA', 'NOERROR', 'cache'],
    ['127.0.0.1', 'www.example.com', 'A', 'NOERROR', 'recursion'],
  ]);
  expect(page.data[3]).toMatchObject({ latency_ms: 0.187, size: 60, time: expect.any(Number) });
  expect(page.data[0].why).toMatchObject({ rule: 'default_access', link: '/dns/proxy#access-lists' });
});

it('filters by name substring, client, type, answer and who answered, and pages', async () => {
  expect((await list('?q=EXAMPLE')).total).toBe(2);
  expect((await list('?client=10.0.0.8')).total).toBe(2);
  expect((await list('?type=aaaa')).data.map((r) => r.client)).toEqual(['10.0.0.8']);
  expect((await list('?rcode=NXDOMAIN')).data.map((r) => r.name)).toEqual(['printer.lan']);
  expect((await list('?answered_by=refused')).total).toBe(1);
  expect((await list('?q=%25')).total).toBe(0);
  const second = await list('?per_page=3&page=2');
  expect(second).toMatchObject({ total: 4, page: 2, per_page: 3 });
  expect(second.data.map((r) => r.name)).toEqual(['www.example.com']);
  const now = Date.now();
  expect((await list(`?from=${now + 60_000}`)).total).toBe(0);
  expect((await list(`?to=${now + 60_000}`)).total).toBe(4);
  expect((await admin.get('/api/dns/queries?answered_by=nobody')).statusCode).toBe(422);
  expect((await admin.get('/api/dns/queries?client=a%20b')).statusCode).toBe(422);
});

it('answers the top names and clients of a range', async () => {
  const top: DnsQueryTop = (await admin.get('/api/dns/queries/top')).json();
  expect(top).toMatchObject({
    total: 4,
    names: [
      { name: 'www.example.com', count: 2 },
      { name: 'printer.lan', count: 1 },
    ],
    clients: [
      { client: '10.0.0.8', count: 2 },
      { client: '127.0.0.1', count: 1 },
      { client: '127.0.0.2', count: 1 },
    ],
  });
  const later: DnsQueryTop = (await admin.get(`/api/dns/queries/top?from=${Date.now() + 60_000}`)).json();
  expect(later).toMatchObject({ total: 0, names: [], clients: [] });
});

it('skips and counts a malformed query line', async () => {
  const before: DnsQueryTop = (await admin.get('/api/dns/queries/top')).json();
  expect(feed('127.0.0.1 host.lan. A IN NOERROR fast 1 53')).toEqual([true]);
  const after: DnsQueryTop = (await admin.get('/api/dns/queries/top')).json();
  expect(after.malformed).toBe(before.malformed + 1);
  expect(after.total).toBe(before.total);
});

it('keeps at most the retention count', async () => {
  feed(
    ...Array.from({ length: 120 }, (_, i) => `10.1.0.${i % 200} n${i}.example. A IN NOERROR 0.000100 0 50`),
  );
  queryLogOf(h.ctx)!.store.prune();
  const page = await list('?per_page=1');
  expect(page.total).toBe(100);
  expect(page.data[0].name).toBe('n119.example');
});

it('is read with the DNS area privilege only', async () => {
  const user = await userAgent(h, 'viewer');
  expect((await user.get('/api/dns/queries')).statusCode).toBe(403);
  expect((await user.get('/api/dns/queries/top')).statusCode).toBe(403);
  expect((await user.get('/eos/dns/queries/stream')).statusCode).toBe(403);
});

it('streams the records stored from now on, with the stream filters', async () => {
  await h.app.listen({ port: STREAM_PORT, host: '127.0.0.1' });
  const events: string[] = [];
  const req = http.get({
    host: '127.0.0.1',
    port: STREAM_PORT,
    path: '/eos/dns/queries/stream?client=10.9.9.9',
    headers: { cookie: admin.cookieHeader(), accept: 'text/event-stream' },
  });
  const response = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  expect(response.headers['content-type']).toContain('text/event-stream');
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => events.push(chunk));
  const until = async (what: string) => {
    const end = Date.now() + 5000;
    while (!events.join('').includes(what)) {
      if (Date.now() > end) throw new Error(`no ${what} in ${events.join('')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await until('event: ready');
  feed(
    '10.9.9.8 other.example. A IN NOERROR 0.000100 0 50',
    '10.9.9.9 live.example. A IN NOERROR 0.000100 0 50',
  );
  await until('live.example');
  const text = events.join('');
  expect(text).not.toContain('other.example');
  const data = /event: message\ndata: (.*)\nid: (\d+)/.exec(text)!;
  expect(JSON.parse(data[1]).queries).toEqual([
    expect.objectContaining({ name: 'live.example', client: '10.9.9.9' }),
  ]);
  // Every event is one the contract declares, and its data fits that event's schema.
  const sent = parseSse(text).events;
  expect(sent.map((e) => e.event)).toEqual(['ready', 'message']);
  for (const e of sent) {
    const schema = dns.queryStream.events[e.event as keyof typeof dns.queryStream.events];
    expect(contractProblems(schema, JSON.parse(e.data))).toEqual([]);
  }
  req.destroy();
});
