/**
 * Budget (issue 38, finding 11: nothing a caller sends stalls the server): while each of the large tasks below runs,
 * another request waits at most 100 ms: `GET /healthz` and a signed-in `GET /api/auth/session` (which counts as the
 * session's activity, so it writes too), asked every 20 ms. The tasks:
 * - a 14 MB YAML configuration document PUT (`PUT /api/config`; refused with 413, YAML is at most 4 MiB);
 * - a backup of a large appliance (`POST /api/backups/export`, a 60 MB database);
 * - that archive's restore planned (`POST /api/backups/restore/plan`, an 80 MB upload);
 * - the restore itself (`POST /api/backups/restore`).
 * Against the production build; prints the slowest answer of each kind during each task next to the budget, and
 * records them (test/bench/report.ts). Timings on a shared machine: compared by `npm run bench`, never a test.
 * Run: npm run build && npx tsx test/bench/stall.bench.ts
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import YAML from 'yaml';
import { startServer } from '../e2e/support/server';
import { adminJar } from '../security/support/http';
import { recordFigures, type Figure } from './report';

const BUDGET_MS = 100;
/** Host overrides in the YAML document: about 14 MB of YAML. */
const OVERRIDES = 100_000;
/** Rows of 64 KiB of random bytes (nothing compresses them) added to the appliance's database: 60 MB. */
const BALLAST_ROWS = 900;
const PASSPHRASE = 'bench backup passphrase';
const POLL_EVERY_MS = 20;

interface Waits {
  healthz: number;
  session: number;
  polls: number;
}

/**
 * The poller, on a thread of its own: this process's event loop is busy sending and receiving the large bodies, and
 * its own stalls would count as the server's. Asks both URLs every POLL_EVERY_MS until told to stop; answers the
 * slowest answer of each.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, cookie, every } = workerData;
let stop = false;
parentPort.on('message', () => (stop = true));
async function timed(url, headers) {
  const t = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(url + ': HTTP ' + res.status);
  return performance.now() - t;
}
(async () => {
  const waits = { healthz: 0, session: 0, polls: 0 };
  parentPort.postMessage({ ready: true });
  while (!stop) {
    const [h, s] = await Promise.all([timed(base + '/healthz', {}), timed(base + '/api/auth/session', { cookie })]);
    waits.healthz = Math.max(waits.healthz, h);
    waits.session = Math.max(waits.session, s);
    waits.polls += 1;
    await new Promise((r) => setTimeout(r, every));
  }
  parentPort.postMessage(waits);
})();
`;

/** Runs `task` while the poller asks both requests: their slowest answers, the task's answer and duration. */
async function whileRunning(
  base: string,
  cookie: string,
  task: () => Promise<Response>,
): Promise<{ answer: Response; body: Buffer; took: number; waits: Waits }> {
  const poller = new Worker(POLLER, { eval: true, workerData: { base, cookie, every: POLL_EVERY_MS } });
  const messages: unknown[] = [];
  let wake = () => {};
  poller.on('message', (m) => {
    messages.push(m);
    wake();
  });
  const next = () =>
    new Promise<unknown>((resolve) => {
      if (messages.length) return resolve(messages.shift());
      wake = () => resolve(messages.shift());
    });
  await next();
  // The poller's first answers (connections opened, code compiled) before the clock runs.
  await new Promise((r) => setTimeout(r, 200));
  const started = performance.now();
  const answer = await task();
  const body = Buffer.from(await answer.arrayBuffer());
  const took = performance.now() - started;
  poller.postMessage('stop');
  const waits = (await next()) as Waits;
  await poller.terminate();
  return { answer, body, took, waits };
}

async function main() {
  const server = await startServer({ RAMPART_ENV: 'test', RAMPART_LOG_LEVEL: 'error' });
  try {
    const jar = await adminJar(server);
    const xsrf = Object.entries(jar.cookies).find(([k]) => k.endsWith('XSRF-TOKEN'))?.[1] ?? '';
    const headers = { cookie: jar.header(), 'x-xsrf-token': xsrf };
    const json = { ...headers, 'content-type': 'application/json' };
    const doc = (await (await fetch(`${server.url}/api/config`, { headers })).json()) as {
      sections: Record<string, Record<string, unknown>>;
    };
    for (let i = 1; i <= OVERRIDES; i += 1)
      doc.sections['dns.proxy'][`host_override:${100_000 + i}`] = {
        host: `host-${i}`,
        domain: 'bench.test',
        address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        description: `bench override ${i}`,
      };
    // Made before the clock runs (stringifying would block this process, not the server).
    const yaml = YAML.stringify(doc, { lineWidth: 0 });

    const db = new Database(path.join(server.dataDir, 'appliance.db'));
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE IF NOT EXISTS bench_ballast (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    const insert = db.prepare('INSERT INTO bench_ballast (data) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < BALLAST_ROWS; i += 1) insert.run(crypto.randomBytes(64 * 1024));
    })();
    db.close();

    // Every route's code is loaded and compiled on its first use, and each worker pool starts: small tasks first.
    await fetch(`${server.url}/api/config`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/yaml' },
      body: 'format: x\n',
    });
    await fetch(`${server.url}/api/backups/restore/plan`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ archive: crypto.randomBytes(1024).toString('base64'), passphrase: PASSPHRASE }),
    });

    const figures: Figure[] = [];
    const report = (name: string, size: number, r: Awaited<ReturnType<typeof whileRunning>>) => {
      const over = (ms: number) => (ms > BUDGET_MS ? ' OVER' : '');
      console.log(
        `${name.padEnd(14)} ${(size / 1e6).toFixed(1).padStart(5)} MB: work ${r.took.toFixed(0).padStart(6)} ms ` +
          `(HTTP ${r.answer.status}), ${r.waits.polls} polls; slowest /healthz ${r.waits.healthz.toFixed(1)} ms` +
          `${over(r.waits.healthz)}, slowest signed-in GET ${r.waits.session.toFixed(1)} ms${over(r.waits.session)}` +
          ` (budget ${BUDGET_MS} ms)`,
      );
      for (const [kind, value] of [
        ['healthz', r.waits.healthz],
        ['session', r.waits.session],
      ] as const)
        figures.push({ id: `stall.${name}.${kind}-slowest`, value, unit: 'ms', better: 'lower' });
    };
    const ok = (r: { answer: Response; body: Buffer }, status: number, what: string) => {
      if (r.answer.status !== status)
        throw new Error(`${what}: HTTP ${r.answer.status}, ${r.body.subarray(0, 500).toString()}`);
    };

    const put = await whileRunning(server.url, headers.cookie, () =>
      fetch(`${server.url}/api/config`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/yaml' },
        body: yaml,
      }),
    );
    ok(put, 413, 'the YAML document');
    report('yaml-put', Buffer.byteLength(yaml), put);

    const exported = await whileRunning(server.url, headers.cookie, () =>
      fetch(`${server.url}/api/backups/export`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ passphrase: PASSPHRASE }),
      }),
    );
    ok(exported, 200, 'the backup');
    report('backup', exported.body.length, exported);

    const upload = JSON.stringify({ archive: exported.body.toString('base64'), passphrase: PASSPHRASE });
    const planned = await whileRunning(server.url, headers.cookie, () =>
      fetch(`${server.url}/api/backups/restore/plan`, { method: 'POST', headers: json, body: upload }),
    );
    ok(planned, 200, 'the restore plan');
    report('restore-plan', upload.length, planned);

    const restored = await whileRunning(server.url, headers.cookie, () =>
      fetch(`${server.url}/api/backups/restore`, { method: 'POST', headers: json, body: upload }),
    );
    ok(restored, 200, 'the restore');
    report('restore', upload.length, restored);
    recordFigures('stall', figures);
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
