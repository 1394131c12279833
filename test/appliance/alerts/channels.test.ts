/**
 * Alert channels: a webhook gets each firing and resolution as signed JSON (a receiver recomputes the HMAC), is
 * retried when it fails, and keeps a delivery log; an e-mail channel sends through a real local SMTP server; rules
 * choose severities; a stored secret is never sent to a changed address.
 */
import http from 'node:http';
import { signatureOf, SIGNATURE_HEADER } from '../../../src/appliance/alerts';
import { startMailBox, type MailBox } from '../../identity-service/support';
import { Agent, adminAgent, startServer, type Harness } from '../support/harness';
import { createRootCa, issueServerCertificate } from '../support/pki';

const SECRET = 'webhook-signing-secret-0123456789';

interface Received {
  body: string;
  signature: string | undefined;
}

let h: Harness;
let admin: Agent;
let mail: MailBox;
let hook: http.Server;
let hookUrl: string;
const received: Received[] = [];
/** Statuses the receiver answers next (then 204). */
const answers: number[] = [];

beforeAll(async () => {
  mail = await startMailBox();
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers[SIGNATURE_HEADER] as string,
      });
      res.statusCode = answers.shift() ?? 204;
      res.end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hooks/rampart`;
  h = await startServer({ config: { smtpUrl: mail.url } });
  admin = await adminAgent(h);
}, 60_000);
afterAll(async () => {
  await h.close();
  await mail.close();
  await new Promise((r) => hook.close(r));
});

const waitFor = async <T>(read: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const verified = (r: Received) => {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.signature ?? '');
  return m !== null && signatureOf(SECRET, Number(m[1]), r.body) === m[2];
};

describe('a webhook channel', () => {
  let id: number;

  it('is created with a write-only secret and answers a signed test message', async () => {
    const res = await admin.post('/api/alerts/channels', {
      name: 'SIEM hook',
      type: 'webhook',
      enabled: true,
      min_severity: 'warning',
      kinds: [],
      url: hookUrl,
      secret: SECRET,
    });
    expect(res.statusCode).toBe(201);
    const channel = res.json() as { id: number; has_secret: boolean; secret?: string };
    expect(channel.has_secret).toBe(true);
    expect(JSON.stringify(channel)).not.toContain(SECRET);
    id = channel.id;

    const test = await admin.post(`/api/alerts/channels/${id}/test`, {});
    expect(test.json()).toMatchObject({ outcome: 'delivered', attempts: 1, event: 'test' });
    const got = received.at(-1)!;
    expect(JSON.parse(got.body)).toMatchObject({ event: 'test' });
    expect(verified(got)).toBe(true);
    // A receiver holding another secret refuses it.
    expect(signatureOf('another secret entirely', 1, got.body)).not.toBe(/v1=(\w+)/.exec(got.signature!)![1]);
  });

  it('gets a firing alert its rules take, retried after a failure, and its resolution', async () => {
    const caId = await createRootCa(admin, 'Hook Root');
    const cert = { id: await issueServerCertificate(admin, caId, 'hooked.example.test', 3) };
    // An informational alert (a 50-day certificate) is below the channel's rule: not sent.
    await issueServerCertificate(admin, caId, 'later.example.test', 50);
    answers.push(503);
    const before = received.length;
    await admin.post('/api/alerts/evaluate', {});
    const fired = await waitFor(() =>
      received
        .slice(before)
        .find((r) => r.body.includes('alert.fired') && r.body.includes('hooked.example.test')),
    );
    expect(verified(fired)).toBe(true);
    expect(JSON.parse(fired.body).alert).toMatchObject({ severity: 'critical', state: 'firing' });
    expect(received.slice(before).some((r) => r.body.includes('later.example.test'))).toBe(false);
    // The delivery is logged once its retry has answered.
    const deliveries = await waitFor(async () => {
      const rows = (await admin.get(`/api/alerts/channels/${id}/deliveries`)).json() as {
        data: Array<{ event: string; outcome: string; attempts: number; alert_key: string }>;
      };
      return rows.data[0]?.event === 'alert.fired' ? rows : undefined;
    });
    expect(deliveries.data[0]).toMatchObject({
      event: 'alert.fired',
      outcome: 'delivered',
      attempts: 2,
      alert_key: `certificate_expiry:${cert.id}`,
    });

    await admin.post(`/api/pki/certificates/${cert.id}/revoke`, { reason: 'superseded' });
    await admin.post('/api/alerts/evaluate', {});
    const resolved = await waitFor(() =>
      received.find((r) => r.body.includes('alert.resolved') && r.body.includes('hooked.example.test')),
    );
    expect(JSON.parse(resolved.body).alert.state).toBe('resolved');
  }, 30_000);

  it('asks for the secret again when its address changes', async () => {
    const body = {
      name: 'SIEM hook',
      type: 'webhook',
      enabled: true,
      min_severity: 'warning',
      kinds: [],
      url: 'https://collector.example.net/hook',
    };
    const moved = await admin.put(`/api/alerts/channels/${id}`, body);
    expect(moved.statusCode).toBe(409);
    expect(moved.body).toContain('enter the signing secret again');
    expect((await admin.put(`/api/alerts/channels/${id}`, { ...body, url: hookUrl })).statusCode).toBe(200);
    expect((await admin.put(`/api/alerts/channels/${id}`, { ...body, secret: SECRET })).statusCode).toBe(200);
  });
});

it('an e-mail channel sends its test through the mail server', async () => {
  const res = await admin.post('/api/alerts/channels', {
    name: 'On-call mail',
    type: 'email',
    enabled: true,
    min_severity: 'critical',
    kinds: ['certificate_expiry'],
    recipients: ['oncall@example.org'],
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json() as { id: number };
  expect((await admin.post(`/api/alerts/channels/${id}/test`, {})).json()).toMatchObject({
    outcome: 'delivered',
  });
  expect((await mail.next('oncall@example.org')).subject).toBe('Rampart: test message');
});

it.each([
  ['an e-mail channel without recipients', { type: 'email', recipients: [] }, 'recipients'],
  ['a bad recipient', { type: 'email', recipients: ['not-an-address'] }, 'recipients'],
  ['a webhook with credentials in its address', { type: 'webhook', url: 'https://u:p@example.net/' }, 'url'],
  ['a webhook to another scheme', { type: 'webhook', url: 'ftp://example.net/' }, 'url'],
  ['a short secret', { type: 'webhook', url: 'https://example.net/', secret: 'short' }, 'secret'],
])('refuses %s, naming the field', async (_what, fields, field) => {
  const res = await admin.post('/api/alerts/channels', {
    name: `bad ${field} ${Math.random()}`,
    enabled: true,
    min_severity: 'info',
    kinds: [],
    ...fields,
  });
  expect(res.statusCode).toBe(422);
  expect(res.body).toContain(field);
});
