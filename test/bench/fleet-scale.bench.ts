/**
 * Scale bench of the fleet's state (issue 41; printed, not a timed test): N light agents in this process — the real
 * `FleetAgent`, each with its own certificate and NATS connection, over a real nats-server — put a state record every
 * interval, and the manager's real consumer stores them. Printed each few seconds and at the end: the records stored
 * per second, the oldest newest-record among the appliances (the consumer's lag beyond the interval), the events it
 * has not acknowledged, a filtered page of the overview's list query, and memory (of this one process, agents
 * included).
 * Run: npx tsx test/bench/fleet-scale.bench.ts [--agents 1000] [--interval 15000] [--seconds 60]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FleetAgent } from '../../src/appliance/fleet/agent/agent';
import { Outbox } from '../../src/appliance/fleet/agent/outbox';
import type { AgentSources, ApplianceReport } from '../../src/appliance/fleet/agent/sources';
import { FleetConsumer } from '../../src/appliance/fleet/consumer/consumer';
import { openDatabase } from '../../src/storage/sqlite';
import { makeCa, managerTlsOf, membershipOf, startNats } from '../appliance/fleet/support';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const AGENTS = arg('agents', 1000);
const INTERVAL_MS = arg('interval', 15_000);
const SECONDS = arg('seconds', 60);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

/** A simulated appliance: fixed fields, its uptime moving. */
function lightSources(i: number): AgentSources {
  const started = Date.now();
  const report = (): ApplianceReport => ({
    name: `edge-${i}`,
    version: '1.4.0',
    uptime_s: Math.floor((Date.now() - started) / 1000),
    load: [0.1, 0.1, 0.1],
    services: [
      { name: 'dns', state: 'running' },
      { name: 'ssh', state: 'running' },
    ],
    alerts: { critical: 0, warning: i % 7 === 0 ? 1 : 0, info: 0 },
    certificates: { expiring: i % 11 === 0 ? 1 : 0, nearest: null },
    backup: { at: started, ok: true },
    config: { revision: 1, hash: 'a'.repeat(64) },
    console_url: `https://edge-${i}.example:8443/`,
  });
  return { report: async () => report(), follow: () => () => {} };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-fleet-bench-'));
  const ids = Array.from({ length: AGENTS }, () => crypto.randomUUID());
  const ca = await makeCa('Rampart Fleet CA (bench)');
  const nats = await startNats(ca, ids);
  const db = openDatabase(path.join(dir, 'manager.db'));
  const enrolled = new Set<string>(ids);
  const consumer = new FleetConsumer({
    natsUrl: nats.url,
    tls: await managerTlsOf(ca),
    db,
    isEnrolled: (id) => enrolled.has(id),
  });
  await consumer.start();
  const agents: FleetAgent[] = [];
  const dialStarted = Date.now();
  for (const [i, id] of ids.entries()) {
    const agent = new FleetAgent({
      membership: await membershipOf(ca, nats, id),
      outbox: new Outbox(openDatabase(':memory:')),
      sources: lightSources(i),
      publishEveryMs: INTERVAL_MS,
      checkEveryMs: Math.min(5000, INTERVAL_MS / 2),
    });
    agent.start();
    agents.push(agent);
  }
  console.log(`${AGENTS} agents started in ${Date.now() - dialStarted} ms; interval ${INTERVAL_MS} ms`);

  const t0 = Date.now();
  let lastStored = 0;
  let lastAt = t0;
  while (Date.now() - t0 < SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 5000));
    const now = Date.now();
    const { stored } = consumer.figures();
    const rows = db.prepare('SELECT COUNT(*) AS n, MIN(seen_at) AS oldest FROM fleet_states').get() as {
      n: number;
      oldest: number | null;
    };
    const listStarted = performance.now();
    const page = consumer.store.list(
      { presence: 'online', q: 'edge-1', sort: '-last_seen', per_page: '50' },
      now,
    );
    const listMs = performance.now() - listStarted;
    const mem = process.memoryUsage();
    console.log(
      [
        `t=${Math.round((now - t0) / 1000)}s`,
        `appliances stored ${rows.n}/${AGENTS}`,
        `records/s ${(((stored.states - lastStored) * 1000) / (now - lastAt)).toFixed(0)}`,
        `oldest record ${rows.oldest === null ? '-' : `${now - rows.oldest} ms`} (lag beyond the interval: ${
          rows.oldest === null ? '-' : `${Math.max(0, now - rows.oldest - INTERVAL_MS)} ms`
        })`,
        `events pending ${await consumer.pending()}`,
        `filtered page ${listMs.toFixed(1)} ms (${page.total} match)`,
        `rss ${mb(mem.rss)} heap ${mb(mem.heapUsed)}`,
      ].join(' | '),
    );
    lastStored = stored.states;
    lastAt = now;
  }
  console.log('dropped', JSON.stringify(consumer.figures().dropped));
  await Promise.all(agents.map((a) => a.stop()));
  await consumer.stop();
  db.close();
  await nats.stop();
  fs.rmSync(nats.dir, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
