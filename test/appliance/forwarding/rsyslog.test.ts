/**
 * Remote syslog against Debian's rsyslog (collector.ts), started by the test on loopback: UDP, TCP and TLS requiring a
 * client certificate, writing every message it receives to a file with a template that keeps the structured data.
 * The appliance's PKI issues the collector's certificate and the appliance's client certificate.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { BATCH } from '../../../src/appliance/forwarding/sender';
import { freePort } from '../../support/pebble';
import { adminAgent, Agent, startServer, type Harness } from '../support/harness';
import { requireTool } from '../support/tools';
import { collectorPki, startCollector, type Collector } from './collector';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-rsyslog-'));
let h: Harness;
let admin: Agent;
let collector: Collector;
let ports: Collector['ports'];
let certId: string;
let caId: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => T | undefined | false, ms = 45_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** What the collector wrote: `app msgid [sd] msg`, one line each. */
const received = () => collector.received();
/** Lines of audit records, by their chain sequence number. */
const auditSeqs = (lines: string[], marker: string) =>
  lines
    .filter((l) => l.includes(marker) && l.includes('audit@32473'))
    .map((l) => Number(/ seq="(\d+)"/.exec(l)?.[1]));

const seqsOf = (h: Harness, from: number) =>
  (
    h.ctx.db.prepare('SELECT seq FROM audit_chain WHERE seq >= ? ORDER BY seq').all(from) as Array<{
      seq: number;
    }>
  ).map((r) => r.seq);
const lastSeq = () =>
  (h.ctx.db.prepare('SELECT COALESCE(MAX(seq), 0) AS s FROM audit_chain').get() as { s: number }).s;

const target = (over: Record<string, unknown>) => ({
  name: 'SIEM',
  enabled: true,
  protocol: 'tcp',
  host: '127.0.0.1',
  port: ports.tcp,
  audit: true,
  services: [],
  tls_certificate_id: null,
  tls_ca_id: null,
  queue_limit: 100_000,
  ...over,
});

beforeAll(async () => {
  requireTool('rsyslogd');
  h = await startServer();
  admin = await adminAgent(h);

  const pki = await collectorPki(admin, dir);
  caId = pki.caId;
  certId = pki.certId;
  collector = await startCollector({ dir, tls: pki.files });
  ports = collector.ports;
}, 120_000);

afterAll(async () => {
  await collector?.stop();
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function addTarget(body: Record<string, unknown>) {
  const res = await admin.post('/api/forwarding/targets', target(body));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

const disable = async (id: number, body: Record<string, unknown>) =>
  expect(
    (await admin.put(`/api/forwarding/targets/${id}`, target({ ...body, enabled: false }))).statusCode,
  ).toBe(200);

/** Audit records of real requests: a failed sign-in from an address and a settings change. */
async function someActivity(tag: string) {
  const stranger = new Agent(h.app);
  await stranger.visit();
  await stranger.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams({ username: `mallory-${tag}`, password: 'wrong' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: '192.0.2.9',
  });
  const settings = (await admin.get('/api/ssh/config')).json().settings;
  expect((await admin.put('/api/ssh/config/settings', settings)).statusCode).toBe(200);
}

describe.each(['tcp', 'tls', 'udp'] as const)('forwarding over %s', (protocol) => {
  it('every audit record and chosen log entry arrives once with its structured data', async () => {
    const first = lastSeq() + 1;
    const body =
      protocol === 'tls'
        ? { protocol, port: ports.tls, tls_certificate_id: certId, tls_ca_id: caId, services: ['dns'] }
        : { protocol, port: protocol === 'udp' ? ports.udp : ports.tcp, services: ['dns'] };
    const { id } = await addTarget({ ...body, name: `SIEM ${protocol}` });
    await someActivity(protocol);
    const logged = await admin.post('/api/logs', { service: 'dns', message: `zone reloaded (${protocol})` });
    expect(logged.statusCode).toBe(201);
    // Everything recorded from the target's creation on.
    const expected = seqsOf(h, first);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    await until('every audit record', () => expected.every((s) => auditSeqs(received(), ' ').includes(s)));
    await until('the log entry', () => received().some((l) => l.includes(`zone reloaded (${protocol})`)));
    // "Send test": one message, sent at once; the answer tells whether it went out.
    const test = await admin.post(`/api/forwarding/targets/${id}/test`);
    expect(test.statusCode).toBe(200);
    expect(test.json().status).toMatchObject({ pending: 0 });
    await until('the test message', () =>
      received().some((l) => l.includes(`log forwarding test to "SIEM ${protocol}" sent by "admin"`)),
    );
    await disable(id, body);

    const lines = received();
    const seqs = auditSeqs(lines, ' ').filter((s) => s >= first);
    // Once each (the disable's own record may follow).
    for (const s of expected) expect(seqs.filter((x) => x === s)).toHaveLength(1);
    const failed = lines.find((l) => l.includes(`mallory-${protocol}`));
    expect(failed).toMatch(
      /^rampart audit \[audit@32473 actor="mallory-\w+" method="console" address="192\.0\.2\.9" object="POST \/api\/auth\/login" outcome="failure" service="auth" seq="\d+" hash="[0-9a-f]{64}"\]/,
    );
    const change = lines.filter((l) => l.includes('SSH settings changed')).pop();
    expect(change).toMatch(
      /actor="admin" method="console" address="[^"]+" object="PUT \/api\/ssh\/config\/settings" outcome="success"/,
    );
    const dns = lines.find((l) => l.includes(`zone reloaded (${protocol})`));
    expect(dns).toMatch(/^dns log \[log@32473 service="dns" id="\d+"\] zone reloaded/);
    const status = (await admin.get('/api/forwarding/targets'))
      .json()
      .data.find((t: { id: number }) => t.id === id);
    expect(status.status).toMatchObject({ pending: 0, dropped: 0 });
  }, 90_000);
});

it('TLS checks the collector’s name against its certificate', async () => {
  // A collector whose certificate names another host.
  const bundle = (
    await admin.post(
      `/api/pki/certificates/${
        (
          await admin.post('/api/pki/certificates', {
            ca_id: caId,
            profile: 'server',
            subject: { common_name: 'elsewhere' },
            sans: { dns: ['elsewhere.test'] },
            validity_days: 7,
            key_type: 'ec-p256',
          })
        ).json().id
      }/export`,
      { format: 'pem', include_chain: false },
    )
  ).body;
  const split = bundle.indexOf('-----BEGIN PRIVATE KEY');
  const got: string[] = [];
  const server = tls.createServer({ cert: bundle.slice(0, split), key: bundle.slice(split) }, (s) =>
    s.on('data', (d) => got.push(String(d))),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const { id } = await addTarget({
    name: 'Wrong name',
    protocol: 'tls',
    port,
    tls_ca_id: caId,
    tls_certificate_id: certId,
  });
  const status = await until('the refusal', () => {
    const t = (
      h.ctx.db.prepare('SELECT last_error FROM forwarding_status WHERE target_id = ?').get(id) as
        { last_error: string | null } | undefined
    )?.last_error;
    return t ?? false;
  });
  expect(status).toMatch(/IP: 127\.0\.0\.1 is not in the cert's list|altnames/i);
  expect(got).toEqual([]);
  await admin.request({ method: 'DELETE', url: `/api/forwarding/targets/${id}` });
  server.close();
});

it('a collector restart loses nothing, and a repeat is the same record (seq and hash)', async () => {
  const first = lastSeq() + 1;
  const body = { protocol: 'tls', port: ports.tls, tls_certificate_id: certId, tls_ca_id: caId };
  const { id } = await addTarget({ ...body, name: 'Restarted' });
  await until('the target’s first record', () => auditSeqs(received(), ' ').includes(first));

  await collector.stop();
  for (let i = 0; i < 40; i += 1) h.ctx.audit.record('settings', `record ${i} while the collector is down`);
  await until('the queue to notice', () => {
    const s = (
      h.ctx.db.prepare('SELECT last_error FROM forwarding_status WHERE target_id = ?').get(id) as {
        last_error: string | null;
      }
    ).last_error;
    return s !== null;
  });
  const waiting = (await admin.get('/api/forwarding/targets'))
    .json()
    .data.find((t: { id: number }) => t.id === id);
  expect(waiting.status.pending).toBeGreaterThanOrEqual(40);
  expect(waiting.status.last_error).toBeTruthy();

  await collector.start();
  const expected = seqsOf(h, first);
  await until(
    'every record after the restart',
    () => expected.every((s) => auditSeqs(received(), ' ').includes(s)),
    60_000,
  );
  await disable(id, body);
  const lines = received();
  const seqs = auditSeqs(lines, ' ').filter((s) => s >= first);
  // Delivery is at least once: a batch written as the connection broke may come again (never more than once per
  // break), each copy the same record with its seq and hash, so the collector can drop it.
  for (const s of expected) expect(seqs.filter((x) => x === s).length).toBeGreaterThanOrEqual(1);
  const repeated = expected.filter((s) => seqs.filter((x) => x === s).length > 1);
  expect(repeated.length).toBeLessThanOrEqual(BATCH);
  for (const s of repeated) {
    const copies = lines.filter((l) => l.includes(` seq="${s}"`)).map((l) => /hash="[^"]+"/.exec(l)?.[0]);
    expect(copies).toHaveLength(2);
    expect(new Set(copies).size).toBe(1);
  }
  expect(received().filter((l) => l.includes('while the collector is down'))).toHaveLength(40);
}, 120_000);

it('a full queue drops the oldest records and says so', async () => {
  const closed = await freePort();
  const { id } = await addTarget({ name: 'Unreachable', port: closed, queue_limit: 100 });
  const first = lastSeq() + 1;
  for (let i = 0; i < 150; i += 1) h.ctx.audit.record('settings', `flood ${i}`);
  const t = (await admin.get('/api/forwarding/targets')).json().data.find((x: { id: number }) => x.id === id);
  expect(t.status).toMatchObject({ pending: 100, dropping: true });
  expect(t.status.dropped).toBeGreaterThanOrEqual(51);
  // What is kept is the newest: the oldest record waiting is a late one of the flood.
  const oldest = h.ctx.db
    .prepare('SELECT line FROM forwarding_queue WHERE target_id = ? ORDER BY id LIMIT 1')
    .get(id) as { line: string };
  const seq = Number(/ seq="(\d+)"/.exec(oldest.line)?.[1]);
  expect(seq).toBeGreaterThanOrEqual(first + 50);
  const newest = h.ctx.db
    .prepare('SELECT line FROM forwarding_queue WHERE target_id = ? ORDER BY id DESC LIMIT 1')
    .get(id) as { line: string };
  expect(newest.line).toContain('flood 149');
  await until('the log entry saying so', () =>
    (
      h.ctx.db.prepare("SELECT message FROM logs WHERE service = 'system'").all() as Array<{
        message: string;
      }>
    ).some((m) => m.message.includes('"Unreachable"') && m.message.includes('queue full')),
  );
  await admin.request({ method: 'DELETE', url: `/api/forwarding/targets/${id}` });
}, 60_000);
