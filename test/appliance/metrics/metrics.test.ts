/**
 * `/metrics` for Prometheus: closed unless a token or an address list lets a scraper in, then the text exposition
 * format with the request counts by route pattern, certificate expiry times, lockouts, jobs, event streams.
 */
import { ConfigError, loadConfig } from '../../../config';
import { Agent, adminAgent, startServer, type Harness } from '../support/harness';
import { createRootCa, issueServerCertificate } from '../support/pki';

const TOKEN = 'scrape-token-0123456789abcdefghijklmnop';

describe('the metrics endpoint is not public', () => {
  let h: Harness;
  afterEach(() => h?.close());

  it('refuses everyone and says how to open it when nothing is configured', async () => {
    h = await startServer();
    const res = await h.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('RAMPART_METRICS_TOKEN');
  });

  it('lets in the bearer token only, compared whole', async () => {
    h = await startServer({ config: { metricsToken: TOKEN } });
    const get = (authorization?: string) =>
      h.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(`Bearer ${TOKEN.slice(0, -1)}`)).statusCode).toBe(401);
    expect((await get(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    const ok = await get(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
  });

  it('lets in the listed addresses and networks only', async () => {
    h = await startServer({ config: { metricsAllow: ['10.1.0.0/16', '::1'] } });
    const from = (remoteAddress: string) => h.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
    expect((await from('10.1.200.7')).statusCode).toBe(200);
    expect((await from('::ffff:10.1.0.1')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    expect((await from('10.2.0.1')).statusCode).toBe(401);
    expect((await from('127.0.0.1')).statusCode).toBe(401);
  });

  it('refuses a short token or a malformed address list at start-up, naming the variable', () => {
    expect(() => loadConfig({ RAMPART_METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ RAMPART_METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/RAMPART_METRICS_ALLOW/);
    expect(() => loadConfig({ RAMPART_METRICS_ALLOW: 'example.org' })).toThrow(/RAMPART_METRICS_ALLOW/);
    expect(loadConfig({ RAMPART_METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8 ::1' }).metricsAllow).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });
});

describe('what a scrape reads', () => {
  let h: Harness;
  let admin: Agent;
  beforeAll(async () => {
    h = await startServer({ config: { metricsToken: TOKEN } });
    admin = await adminAgent(h);
  }, 60_000);
  afterAll(() => h.close());

  const scrape = async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** The value of one series, found by its name and labels as the exposition format writes them. */
  const valueOf = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('counts requests by route pattern, never by the raw path', async () => {
    await admin.get('/api/users/999999');
    await admin.get('/api/users/888888');
    const text = await scrape();
    expect(
      valueOf(text, 'rampart_http_requests_total{method="GET",route="/api/users/:id",status="404"}'),
    ).toBe(2);
    expect(text).not.toMatch(/route="[^"]*(999999|888888)/);
    expect(text).toMatch(
      /rampart_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/users\/:id"\}/,
    );
  });

  it('gives each certificate its expiry time, and drops it once revoked', async () => {
    const ca = (
      await admin.post('/api/pki/cas', {
        name: 'Metrics Root',
        key_type: 'ec-p256',
        subject: { common_name: 'Metrics Root' },
        validity_days: 365,
      })
    ).json() as { id: string; not_after: string };
    const issued = await admin.post('/api/pki/certificates', {
      ca_id: ca.id,
      profile: 'server',
      subject: { common_name: 'metrics.example.test' },
      sans: { dns: ['metrics.example.test'] },
      validity_days: 30,
      key_type: 'ec-p256',
    });
    expect(issued.statusCode).toBe(201);
    const cert = issued.json() as { id: string; not_after: string };
    const series = `rampart_certificate_expiry_timestamp_seconds{id="${cert.id}",name="metrics.example.test"}`;
    expect(valueOf(await scrape(), series)).toBe(Math.floor(Date.parse(cert.not_after) / 1000));
    expect(
      valueOf(await scrape(), `rampart_ca_expiry_timestamp_seconds{id="${ca.id}",name="Metrics Root"}`),
    ).toBe(Math.floor(Date.parse(ca.not_after) / 1000));
    await admin.post(`/api/pki/certificates/${cert.id}/revoke`, { reason: 'superseded' });
    expect(valueOf(await scrape(), series)).toBeUndefined();
  });

  it('counts alerts by severity and state', async () => {
    const firingWarnings = 'rampart_alerts{severity="warning",state="firing"}';
    const resolvedWarnings = 'rampart_alerts{severity="warning",state="resolved"}';
    const before = valueOf(await scrape(), firingWarnings) ?? 0;
    const caId = await createRootCa(admin, 'Alerting Root');
    const cert = { id: await issueServerCertificate(admin, caId, 'soon.example.test', 20) };
    expect((await admin.post('/api/alerts/evaluate', {})).statusCode).toBe(200);
    expect(valueOf(await scrape(), firingWarnings)).toBe(before + 1);
    await admin.post(`/api/pki/certificates/${cert.id}/revoke`, { reason: 'superseded' });
    await admin.post('/api/alerts/evaluate', {});
    const text = await scrape();
    expect(valueOf(text, firingWarnings) ?? 0).toBe(before);
    expect(valueOf(text, resolvedWarnings)).toBeGreaterThanOrEqual(1);
  });

  it('shows each syslog target’s queue and drops', async () => {
    const added = await admin.post('/api/forwarding/targets', {
      name: 'Unreachable SIEM',
      enabled: true,
      protocol: 'tcp',
      host: '127.0.0.1',
      port: 9,
      audit: true,
      services: [],
      tls_certificate_id: null,
      tls_ca_id: null,
      queue_limit: 1000,
    });
    expect(added.statusCode).toBe(201);
    for (let i = 0; i < 3; i++) h.ctx.audit.record('settings', `queued record ${i}`);
    const text = await scrape();
    expect(valueOf(text, 'rampart_forwarding_queue{target="Unreachable SIEM"}')).toBeGreaterThanOrEqual(3);
    expect(valueOf(text, 'rampart_forwarding_dropped{target="Unreachable SIEM"}')).toBe(0);
  });

  it('counts the names locked out now', async () => {
    expect(valueOf(await scrape(), 'rampart_lockouts')).toBe(0);
    const stranger = new Agent(h.app);
    await stranger.visit();
    for (let i = 0; i < 10; i++) await stranger.login('nobody-here', 'wrong password');
    expect(valueOf(await scrape(), 'rampart_lockouts')).toBe(1);
  });

  it('counts log entries taken in and says no event stream is open', async () => {
    const text = await scrape();
    expect(valueOf(text, 'rampart_log_entries_ingested_total')).toBeGreaterThan(0);
    expect(valueOf(text, 'rampart_sse_clients')).toBe(0);
  });
});
