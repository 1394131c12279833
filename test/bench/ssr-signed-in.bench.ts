/**
 * Budget: a signed-in page render on the production build. Prints the mean time of sequential requests (server time
 * plus a loopback hop) and the server process's CPU time per request (user + system, from /proc: less sensitive to
 * other load on the machine than the wall clock), then throughput and p99 at 20 connections, beside their targets.
 * Run: npm run build && npx tsx test/bench/ssr-signed-in.bench.ts [path]
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';
import { adminJar, rawRequest } from '../security/support/http';
import { recordFigures } from './report';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const SEQUENTIAL = 1000;

/** CPU milliseconds (user + system) a process has used so far, or NaN where /proc is not available. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 1/100 s ticks
  } catch {
    return NaN;
  }
}

async function main() {
  const server = await startServer({ RAMPART_ENV: 'production', RAMPART_LOG_LEVEL: 'error' });
  try {
    const jar = await adminJar(server);
    const path = process.argv[2] ?? '/logs/overview';
    const headers = { cookie: jar.header() };
    const first = await rawRequest(server, { path, headers });
    if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
    for (let i = 0; i < 1000; i++) await rawRequest(server, { path, headers });
    const cpu0 = cpuMs(server.pid);
    const t0 = performance.now();
    for (let i = 0; i < SEQUENTIAL; i++) await rawRequest(server, { path, headers });
    const perRequest = (performance.now() - t0) / SEQUENTIAL;
    const cpuPerRequest = (cpuMs(server.pid) - cpu0) / SEQUENTIAL;
    const load = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        { url: `${server.url}${path}`, connections: 20, duration: DURATION_S, headers },
        (err, result) => (err ? reject(err) : resolve(result)),
      ),
    );
    console.log(`signed-in ${path}: ${Buffer.byteLength(first.body)} bytes of HTML`);
    console.log(
      `sequential: ${perRequest.toFixed(2)} ms per render (target ≤ 1 ms), server CPU ${cpuPerRequest.toFixed(2)} ms per render`,
    );
    console.log(
      `20 connections: ${load.requests.average.toFixed(0)} req/s (target ≥ 1000), p99 ${load.latency.p99} ms (target ≤ 40), errors ${load.errors}, non-2xx ${load.non2xx}`,
    );
    recordFigures('ssr-signed-in', [
      { id: 'ssr.signed-in.render', value: perRequest, unit: 'ms', better: 'lower' },
      { id: 'ssr.signed-in.throughput', value: load.requests.average, unit: 'req/s', better: 'higher' },
      { id: 'ssr.signed-in.p99', value: load.latency.p99, unit: 'ms', better: 'lower' },
    ]);
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
