/**
 * Prometheus metrics at `/metrics` (text exposition format, `prom-client`): what an operator graphs and alerts on
 * from outside the console. Not public: a scraper sends the bearer token `RAMPART_METRICS_TOKEN`, or scrapes from an
 * address in `RAMPART_METRICS_ALLOW`; with neither set the endpoint refuses everyone and says how to turn it on.
 *
 * Request counts and latencies are counted as requests end (by route pattern, never by raw URL, so ids do not
 * multiply the series); everything else is read when scraped, from the same stores the console reads (one SQL count
 * per family), so a restart loses nothing and the figures cannot drift from what the pages show.
 */
import { BlockList, isIPv4 } from 'node:net';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../../../config';
import type { ApplianceContext } from '../context';
import { loginThrottle } from '../auth/lockout';
import { openEventStreams } from '../http/sse';
import { supervisorOf } from '../services';
import { offered } from '../offers';

export const METRICS_PATH = '/metrics';

/** Who may scrape: the token compared in constant time, or the caller's address in the allow-list. */
export function scrapeAccess(config: Pick<Config, 'metricsToken' | 'metricsAllow'>) {
  const allowed = new BlockList();
  for (const entry of config.metricsAllow) {
    const [address, bits] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(bits), family);
  }
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const token = config.metricsToken ? digest(config.metricsToken) : null;
  return {
    enabled: token !== null || config.metricsAllow.length > 0,
    allows(req: Pick<FastifyRequest, 'ip' | 'headers'>): boolean {
      const auth = req.headers.authorization;
      if (token && auth?.startsWith('Bearer ') && timingSafeEqual(digest(auth.slice(7)), token)) return true;
      // An IPv4 caller may arrive as an IPv4-mapped IPv6 address on a dual-stack socket.
      const ip = req.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
      return allowed.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
    },
  };
}

export interface MetricsSources {
  ctx: ApplianceContext;
  /** The log store's last id (the logs feature's store; the kernel names only what it reads). */
  logs?: { lastId(): number };
}

/** Registers the metrics and `/metrics` on the root server (outside the API base: scrapers expect the path). */
export function registerMetrics(app: FastifyInstance, config: Config, sources: MetricsSources): Registry {
  const { ctx, logs } = sources;
  const db = ctx.db;
  const pkiEndings = offered(ctx, 'pkiEndings');
  const registry = new Registry();
  const access = scrapeAccess(config);

  const requests = new Counter({
    name: 'rampart_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'rampart_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // The series of each (method, route, status) looked up once: hashing the labels on every answer showed in profiles.
  const series = new Map<string, { count: () => void; time: (seconds: number) => void }>();
  app.addHook('onResponse', (req, reply, done) => {
    // Unmatched URLs share one label: a scanner must not create a series per path it tries.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== METRICS_PATH) {
      const key = `${req.method} ${reply.statusCode} ${route}`;
      let one = series.get(key);
      if (!one) {
        const counter = requests.labels(req.method, route, String(reply.statusCode));
        const histogram = latency.labels(req.method, route);
        one = { count: () => counter.inc(), time: (seconds) => histogram.observe(seconds) };
        series.set(key, one);
      }
      one.count();
      one.time(reply.elapsedTime / 1000);
    }
    done();
  });

  new Gauge({
    name: 'rampart_sse_clients',
    help: 'Server-sent event streams open now (live logs, jobs, DNS queries, …).',
    registers: [registry],
    collect() {
      this.set(openEventStreams(app.server));
    },
  });

  if (logs)
    new Counter({
      name: 'rampart_log_entries_ingested_total',
      help: 'Log entries the log store has taken in (its last id: retention pruning does not lower it).',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(logs.lastId());
      },
    });

  new Gauge({
    name: 'rampart_jobs',
    help: 'Jobs the appliance has run (configuration applies, upgrades), by type and outcome.',
    labelNames: ['type', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const row of db
        .prepare('SELECT type, status, count(*) AS n FROM jobs GROUP BY type, status')
        .all() as Array<{
        type: string;
        status: string;
        n: number;
      }>)
        this.set({ type: row.type, status: row.status }, row.n);
    },
  });

  new Gauge({
    name: 'rampart_certificate_expiry_timestamp_seconds',
    help: 'When each certificate that is not revoked ends (Unix time), by id and name.',
    labelNames: ['id', 'name'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const c of pkiEndings().certificates)
        this.set({ id: c.id, name: c.name }, Math.floor(c.notAfter / 1000));
    },
  });
  new Gauge({
    name: 'rampart_ca_expiry_timestamp_seconds',
    help: 'When each certificate authority ends (Unix time), by id and name.',
    labelNames: ['id', 'name'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const c of pkiEndings().cas) this.set({ id: c.id, name: c.name }, Math.floor(c.notAfter / 1000));
    },
  });

  const throttle = loginThrottle(db);
  new Gauge({
    name: 'rampart_lockouts',
    help: 'Sign-in names locked out now (console, API tokens, SSH helper and identity service share the count).',
    registers: [registry],
    collect() {
      this.set(throttle.locks(ctx.now()).length);
    },
  });

  new Gauge({
    name: 'rampart_service_up',
    help: 'Whether each service the appliance runs is running (1) or not (0), with its status.',
    labelNames: ['service', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const supervisor = supervisorOf(ctx);
      if (!supervisor) return;
      for (const name of ['dns', 'ssh']) {
        if (!supervisor.unit(name)) continue;
        const state = await supervisor.state(name);
        this.set({ service: name, status: state.status }, state.status === 'running' ? 1 : 0);
      }
    },
  });

  // Read from the alert and forwarding features' tables, as the certificate figures are from the PKI's: one SQL
  // query each at scrape time.
  new Gauge({
    name: 'rampart_alerts',
    help: 'Alerts by severity and state (one per subject: firing now, or resolved and still listed).',
    labelNames: ['severity', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const rows = db
        .prepare('SELECT severity, state, COUNT(*) AS n FROM alerts GROUP BY severity, state')
        .all() as Array<{ severity: string; state: string; n: number }>;
      for (const r of rows) this.set({ severity: r.severity, state: r.state }, r.n);
    },
  });

  new Gauge({
    name: 'rampart_forwarding_queue',
    help: 'Records waiting for each remote syslog target (kept on disk up to its queue limit).',
    labelNames: ['target'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const rows = db
        .prepare(
          `SELECT t.name, (SELECT COUNT(*) FROM forwarding_queue q WHERE q.target_id = t.id) AS n
           FROM forwarding_targets t`,
        )
        .all() as Array<{ name: string; n: number }>;
      for (const r of rows) this.set({ target: r.name }, r.n);
    },
  });

  new Gauge({
    name: 'rampart_forwarding_dropped',
    help: 'Records each remote syslog target dropped because its queue was full (oldest first).',
    labelNames: ['target'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const rows = db
        .prepare(
          `SELECT t.name, COALESCE(s.dropped, 0) AS n
           FROM forwarding_targets t LEFT JOIN forwarding_status s ON s.target_id = t.id`,
        )
        .all() as Array<{ name: string; n: number }>;
      for (const r of rows) this.set({ target: r.name }, r.n);
    },
  });

  app.get(METRICS_PATH, async (req, reply) => {
    if (!access.enabled)
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('metrics are off: set RAMPART_METRICS_TOKEN or RAMPART_METRICS_ALLOW to let a scraper in\n');
    if (!access.allows(req))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('a bearer token or an allowed address is needed\n');
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
  return registry;
}
