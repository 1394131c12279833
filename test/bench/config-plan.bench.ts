/**
 * Budget (issue 38, finding 11: no configuration document stalls the server): while a large configuration document
 * is planned (`POST /api/config/plan`: YAML read on a worker thread, and the same document as JSON), `/healthz`
 * answers within 100 ms. Against the production build; prints the slowest answer during each plan.
 * Run: npm run build && npx tsx test/bench/config-plan.bench.ts
 */
import YAML from 'yaml';
import { startServer } from '../e2e/support/server';
import { adminJar } from '../security/support/http';
import { recordFigures, type Figure } from './report';

/** Host overrides added to the exported document: about 3.4 MiB of YAML, under the 4 MiB YAML limit. */
const OVERRIDES = 25_000;

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
    for (const [name, { type, body }] of Object.entries(bodies)) {
      await fetch(`${server.url}/healthz`);
      let done = false;
      const started = performance.now();
      const task = fetch(`${server.url}/api/config/plan`, {
        method: 'POST',
        headers: { ...headers, 'content-type': type },
        body,
      }).finally(() => (done = true));
      let slowest = 0;
      let polls = 0;
      while (!done) {
        const t = performance.now();
        await (await fetch(`${server.url}/healthz`)).arrayBuffer();
        slowest = Math.max(slowest, performance.now() - t);
        polls += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
      const answer = await task;
      const took = performance.now() - started;
      console.log(
        `plan ${name.padEnd(5)} ${(body.length / 1024 / 1024).toFixed(1)} MiB: work ${took.toFixed(0).padStart(6)} ms ` +
          `(HTTP ${answer.status}), ${polls} polls, slowest /healthz ${slowest.toFixed(1)} ms (budget 100 ms)`,
      );
      figures.push({
        id: `config-plan.${name}.healthz-slowest`,
        value: slowest,
        unit: 'ms',
        better: 'lower',
      });
    }
    recordFigures('config-plan', figures);
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
