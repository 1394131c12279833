/**
 * Budget (issue 38, finding 11: no configuration document, backup or restore stalls the server): while a large
 * configuration document is planned (`POST /api/config/plan`, as YAML and as JSON), a backup of a large database is
 * exported (`POST /api/backups/export`) and that archive's restore is planned (`POST /api/backups/restore/plan`),
 * `/healthz` answers within 100 ms. Against the production build; prints the slowest answer during each.
 * Run: npm run build && npx tsx test/bench/config-plan.bench.ts
 */
import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import YAML from 'yaml';
import { startServer } from '../e2e/support/server';
import { adminJar } from '../security/support/http';
import { recordFigures, type Figure } from './report';

/** Host overrides added to the exported document: about 3.4 MiB of YAML, under the 4 MiB YAML limit. */
const OVERRIDES = 25_000;
/** Rows of 64 KiB added to the appliance's database for the backup cases: a 40 MiB database. */
const BALLAST_ROWS = 640;
const PASSPHRASE = 'bench backup passphrase';

/** Polls `/healthz` every 20 ms while `task` runs: the slowest answer, and how long the task took. */
async function whileRunning(url: string, task: () => Promise<Response>) {
  await fetch(`${url}/healthz`);
  let done = false;
  const started = performance.now();
  const running = task().finally(() => (done = true));
  let slowest = 0;
  let polls = 0;
  while (!done) {
    const t = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    slowest = Math.max(slowest, performance.now() - t);
    polls += 1;
    await new Promise((r) => setTimeout(r, 20));
  }
  const answer = await running;
  const body = Buffer.from(await answer.arrayBuffer());
  return { answer, body, took: performance.now() - started, slowest, polls };
}

async function main() {
  const server = await startServer({ RAMPART_ENV: 'test', RAMPART_LOG_LEVEL: 'error' });
  try {
    const jar = await adminJar(server);
    const xsrf = Object.entries(jar.cookies).find(([k]) => k.endsWith('XSRF-TOKEN'))?.[1] ?? '';
    const headers = { cookie: jar.header(), 'x-xsrf-token': xsrf };
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
    // Bodies are made before the clock runs (stringifying would block this process, not the server).
    const bodies = {
      yaml: { type: 'application/yaml', body: YAML.stringify(doc, { lineWidth: 0 }) },
      json: { type: 'application/json', body: JSON.stringify(doc) },
    };
    // Every route's code is loaded and compiled on its first use: a small plan of each kind first.
    for (const [type, body] of [
      ['application/json', JSON.stringify({ ...doc, sections: {} })],
      ['application/yaml', YAML.stringify({ ...doc, sections: {} })],
    ])
      await fetch(`${server.url}/api/config/plan`, {
        method: 'POST',
        headers: { ...headers, 'content-type': type },
        body,
      });
    const figures: Figure[] = [];
    const report = (name: string, size: number, r: Awaited<ReturnType<typeof whileRunning>>) => {
      console.log(
        `${name.padEnd(18)} ${(size / 1024 / 1024).toFixed(1).padStart(5)} MiB: work ${r.took.toFixed(0).padStart(6)} ms ` +
          `(HTTP ${r.answer.status}), ${r.polls} polls, slowest /healthz ${r.slowest.toFixed(1)} ms (budget 100 ms)`,
      );
      figures.push({
        id: `config-plan.${name}.healthz-slowest`,
        value: r.slowest,
        unit: 'ms',
        better: 'lower',
      });
    };
    for (const [name, { type, body }] of Object.entries(bodies)) {
      const r = await whileRunning(server.url, () =>
        fetch(`${server.url}/api/config/plan`, {
          method: 'POST',
          headers: { ...headers, 'content-type': type },
          body,
        }),
      );
      report(name, body.length, r);
    }

    // A large database: ballast rows written beside the server (WAL: its own connection sees them at once).
    const db = new Database(path.join(server.dataDir, 'appliance.db'));
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE IF NOT EXISTS bench_ballast (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    const insert = db.prepare('INSERT INTO bench_ballast (data) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < BALLAST_ROWS; i += 1) insert.run(crypto.randomBytes(64 * 1024));
    })();
    db.close();
    const json = { ...headers, 'content-type': 'application/json' };
    const exported = await whileRunning(server.url, () =>
      fetch(`${server.url}/api/backups/export`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ passphrase: PASSPHRASE }),
      }),
    );
    report('backup-export', exported.body.length, exported);
    const upload = JSON.stringify({ archive: exported.body.toString('base64'), passphrase: PASSPHRASE });
    const planned = await whileRunning(server.url, () =>
      fetch(`${server.url}/api/backups/restore/plan`, { method: 'POST', headers: json, body: upload }),
    );
    report('restore-plan', upload.length, planned);
    recordFigures('config-plan', figures);
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
