/**
 * Budget (issue: no CPU-heavy work on the event loop): while a hostile PKCS#12 import (1,000,000 iterations, the
 * cap), a wrong-password attempt on it and an RSA-4096 CA creation run, `/healthz` and a console page answer within
 * 100 ms. Against the production build; prints the slowest answer of each probe during each kind of work.
 * Run: npm run build && npx tsx test/bench/offthread.bench.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/support/server';
import { adminJar } from '../security/support/http';
import { recordFigures, type Figure } from './report';

const ITERATIONS = '1000000';

/** A PKCS#12 file of a fresh leaf certificate (made by openssl), exported with `iterArgs`, as base64. */
function pkcs12(dir: string, name: string, iterArgs: string[]): string {
  const out = path.join(dir, `${name}.p12`);
  const [key, crt] = ['key', 'cert'].map((k) => path.join(dir, `${name}-${k}.pem`));
  // The same leaf as the security corpus makes (test/appliance/pki/support.ts, not imported: it loads the views).
  // prettier-ignore
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', crt, '-days', '30',
    '-subj', `/CN=${name}.bench.test`, '-addext', 'basicConstraints=critical,CA:FALSE'], { stdio: 'ignore' });
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', key, '-in', crt, '-out', out, '-passout', 'pass:pw', ...iterArgs],
    {
      stdio: 'ignore',
    },
  );
  return fs.readFileSync(out).toString('base64');
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-offthread-bench-'));
  const server = await startServer({ RAMPART_ENV: 'test', RAMPART_LOG_LEVEL: 'error' });
  try {
    const jar = await adminJar(server);
    const xsrf = Object.entries(jar.cookies).find(([k]) => k.endsWith('XSRF-TOKEN'))?.[1] ?? '';
    const headers = { cookie: jar.header(), 'x-xsrf-token': xsrf, 'content-type': 'application/json' };
    const post = (url: string, body: unknown) =>
      fetch(`${server.url}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    // Files are made before the clock runs (openssl would block this process, not the server's).
    const probes = ['healthz', 'page'] as const;
    const files = (iterArgs: string[], tag: string) =>
      Object.fromEntries(probes.map((p) => [p, pkcs12(dir, `${tag}-${p}`, iterArgs)])) as Record<
        (typeof probes)[number],
        string
      >;
    const right = files(['-iter', ITERATIONS, '-nomaciter'], 'right');
    const wrong = files(['-iter', ITERATIONS, '-noiter'], 'wrong');
    const work: Array<[string, (probe: (typeof probes)[number]) => Promise<Response>]> = [
      [
        'pkcs12-right-password',
        (probe) =>
          post('/api/pki/certificates/import-pkcs12', {
            name: `bench ${probe}`,
            pkcs12: right[probe],
            password: 'pw',
          }),
      ],
      [
        'pkcs12-wrong-password',
        (probe) => post('/api/pki/certificates/import-pkcs12', { pkcs12: wrong[probe], password: 'wrong' }),
      ],
      [
        'rsa4096-ca',
        (probe) =>
          post('/api/pki/cas', {
            name: `bench ${probe}`,
            key_type: 'rsa-4096',
            subject: { common_name: 'bench root' },
            validity_days: 365,
          }),
      ],
    ];
    const figures: Figure[] = [];
    for (const [name, run] of work)
      for (const [probe, url] of [
        ['healthz', '/healthz'],
        ['page', '/system/certificates'],
      ] as const) {
        await fetch(`${server.url}${url}`, { headers });
        let done = false;
        const started = performance.now();
        const task = run(probe).finally(() => (done = true));
        let slowest = 0;
        let polls = 0;
        while (!done) {
          const t = performance.now();
          await (await fetch(`${server.url}${url}`, { headers })).arrayBuffer();
          slowest = Math.max(slowest, performance.now() - t);
          polls += 1;
          await new Promise((r) => setTimeout(r, 20));
        }
        const answer = await task;
        const status = answer.status;
        const took = performance.now() - started;
        console.log(
          `${name.padEnd(22)} ${probe.padEnd(8)} work ${took.toFixed(0).padStart(6)} ms (HTTP ${status}), ` +
            `${polls} polls, slowest answer ${slowest.toFixed(1)} ms (budget 100 ms)`,
        );
        figures.push({
          id: `offthread.${name}.${probe}.slowest`,
          value: slowest,
          unit: 'ms',
          better: 'lower',
        });
      }
    recordFigures('offthread', figures);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
