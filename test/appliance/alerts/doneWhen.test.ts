/**
 * The issue's "done when" for alerts, for real: an admin configures an e-mail channel (a local SMTP server) and a
 * webhook (a local HTTP receiver that checks the HMAC signature), a certificate nears its end → the alert fires and
 * both channels receive it; the certificate is renewed → both receive "resolved".
 */
import http from 'node:http';
import { signatureOf, SIGNATURE_HEADER } from '../../../src/appliance/alerts';
import { startMailBox, type MailBox } from '../../identity-service/support';
import { Agent, adminAgent, startServer, type Harness } from '../support/harness';
import { createRootCa, issueServerCertificate } from '../support/pki';

const SECRET = 'done-when-signing-secret-42';

let h: Harness;
let admin: Agent;
let mail: MailBox;
let hook: http.Server;
let hookUrl: string;
/** Bodies whose signature the receiver verified (the others were refused with 401). */
const verified: Array<{ event: string; alert: { key: string; state: string; severity: string } }> = [];
let refused = 0;

beforeAll(async () => {
  mail = await startMailBox();
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers[SIGNATURE_HEADER] ?? ''));
      if (!m || signatureOf(SECRET, Number(m[1]), body) !== m[2]) {
        refused += 1;
        res.statusCode = 401;
      } else {
        verified.push(JSON.parse(body));
        res.statusCode = 204;
      }
      res.end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/rampart`;
  h = await startServer({ config: { smtpUrl: mail.url } });
  admin = await adminAgent(h);
}, 60_000);
afterAll(async () => {
  await h.close();
  await mail.close();
  await new Promise((r) => hook.close(r));
});

const waitFor = async <T>(read: () => T | undefined, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

it('sends a nearing expiry to e-mail and a signed webhook, then its resolution once renewed', async () => {
  const email = await admin.post('/api/alerts/channels', {
    name: 'Operators',
    type: 'email',
    enabled: true,
    min_severity: 'warning',
    kinds: ['certificate_expiry'],
    recipients: ['ops@example.org'],
  });
  expect(email.statusCode).toBe(201);
  const webhook = await admin.post('/api/alerts/channels', {
    name: 'SIEM',
    type: 'webhook',
    enabled: true,
    min_severity: 'warning',
    kinds: [],
    url: hookUrl,
    secret: SECRET,
  });
  expect(webhook.statusCode).toBe(201);

  const caId = await createRootCa(admin, 'Done Root');
  const cert = { id: await issueServerCertificate(admin, caId, 'portal.example.test', 6) };
  const key = `certificate_expiry:${cert.id}`;

  expect((await admin.post('/api/alerts/evaluate', {})).json()).toMatchObject({ fired: 1 });
  const firedMail = await mail.next('ops@example.org');
  expect(firedMail.subject).toMatch(/^\[critical\] Certificate portal\.example\.test ends in 6 days/);
  expect(firedMail.text).toContain(`/system/certificates/${cert.id}`);
  const firedHook = await waitFor(() => verified.find((v) => v.event === 'alert.fired'));
  expect(firedHook.alert).toMatchObject({ key, state: 'firing', severity: 'critical' });

  const renew = await admin.post(`/api/pki/certificates/${cert.id}/renew`, { validity_days: 365 });
  expect(renew.statusCode).toBeLessThan(300);
  expect((await admin.post('/api/alerts/evaluate', {})).json()).toMatchObject({ resolved: 1 });
  // (The mail box hands a mail it was waiting for without marking it taken: read its list.)
  const resolvedMail = await waitFor(() =>
    mail.mails.find((m) => m.to.includes('ops@example.org') && m.subject.includes('Resolved')),
  );
  expect(resolvedMail.subject).toMatch(/^\[critical\] Resolved: Certificate portal\.example\.test/);
  expect(mail.mails.filter((m) => m.to.includes('ops@example.org'))).toHaveLength(2);
  const resolvedHook = await waitFor(() => verified.find((v) => v.event === 'alert.resolved'));
  expect(resolvedHook.alert).toMatchObject({ key, state: 'resolved' });
  expect(refused).toBe(0);

  // Both deliveries of each channel are in its history.
  for (const id of [(email.json() as { id: number }).id, (webhook.json() as { id: number }).id]) {
    const log = (await admin.get(`/api/alerts/channels/${id}/deliveries`)).json() as {
      data: Array<{ event: string; outcome: string; alert_key: string }>;
    };
    expect(log.data.map((d) => [d.event, d.outcome, d.alert_key])).toEqual([
      ['alert.resolved', 'delivered', key],
      ['alert.fired', 'delivered', key],
    ]);
  }
}, 60_000);
