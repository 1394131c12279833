/**
 * The scale bench's seeding (test/bench/scaleSeed.ts) writes straight into the appliance's tables: what it seeds must
 * be what the API then serves, or the bench would time lists that are not the ones it claims.
 */
import { seedAccounts, seedCertificates, seedLogs } from '../bench/scaleSeed';
import { LOG_STREAM_PATH } from '../../src/appliance/logs';
import { openSse } from '../appliance/logs/sseClient';
import { adminAgent, startServer, type Agent, type Harness } from '../appliance/support/harness';

let h: Harness;
let admin: Agent;

beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
});
afterAll(() => h.close());

/** The rows a list answer counts: `total` when the list is paged, else every row it sent. */
const listed = (body: { data: unknown[]; total?: number }) => body.total ?? body.data.length;

it('seeds accounts the users list counts, with its admins and disabled accounts', async () => {
  const before = listed((await admin.get('/api/users')).json());
  const seeded = seedAccounts(h.ctx.db, 500);
  expect(seeded).toEqual({ count: 500, admins: 20, disabled: 50 });
  const res = await admin.get('/api/users');
  expect(res.statusCode).toBe(200);
  expect(listed(res.json())).toBe(before + 500);
  // The 20th account: every 10th is disabled, every 25th an admin.
  const twentieth = h.ctx.db.prepare("SELECT id FROM users WHERE username GLOB '*[a-z]20'").pluck().get();
  expect((await admin.get(`/api/users/${twentieth}`)).json()).toMatchObject({ role: 'user', enabled: false });
});

it('seeds certificates that parse, each with its own host, serial and status', async () => {
  const seeded = await seedCertificates(h.ctx.db, 100);
  expect(seeded).toMatchObject({ count: 100, expired: 10, revoked: 5, valid: 85 });
  const res = await admin.get('/api/pki/certificates');
  expect(res.statusCode).toBe(200);
  expect(listed(res.json())).toBe(100);
  // Each row parses (its common name comes from the DER) and has its own name and serial.
  const certs = res.json().data as Array<{ common_name: string; serial: string; ca_name: string }>;
  expect(certs.every((c) => /^c\d{6}\.bench\.example$/.test(c.common_name))).toBe(true);
  expect(new Set(certs.map((c) => c.common_name)).size).toBe(certs.length);
  expect(new Set(certs.map((c) => c.serial)).size).toBe(certs.length);
  expect(certs.every((c) => c.ca_name === 'Bench Root CA')).toBe(true);
  expect(listed((await admin.get('/api/pki/certificates?status=valid')).json())).toBe(85);
  expect(listed((await admin.get('/api/pki/certificates?status=revoked')).json())).toBe(5);
  // The lifecycle board: ended ones are counted apart, never among the coming expiries.
  const summary = (await admin.get('/api/pki/certificates/summary')).json();
  expect(summary.expired_unrenewed).toBe(10);
  expect(summary.watched.every((w: { not_after: string }) => Date.parse(w.not_after) > Date.now())).toBe(
    true,
  );
});

it('seeds log entries the log stream serves, filtered by service and time', async () => {
  const seeded = seedLogs(h.ctx.db, 5000);
  expect(Object.values(seeded.perService).reduce((a, b) => a + b, 0)).toBe(5000);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as { port: number };
  const stream = await openSse(
    `http://127.0.0.1:${port}${LOG_STREAM_PATH}?services=dns&from=${seeded.from}&to=${seeded.to}`,
    { cookie: admin.cookieHeader() },
  );
  try {
    expect(stream.status).toBe(200);
    // A new client first gets the newest 200 matching entries.
    await stream.waitFor((ev) => ev.some((e) => e.event === 'message'));
    const first = stream.events.find((e) => e.event === 'message')!;
    const logs = (JSON.parse(first.data) as { logs: Array<{ service: string; timestamp: number }> }).logs;
    expect(logs).toHaveLength(Math.min(200, seeded.perService.dns));
    expect(
      logs.every((l) => l.service === 'dns' && l.timestamp >= seeded.from && l.timestamp <= seeded.to),
    ).toBe(true);
  } finally {
    stream.close();
  }
});
