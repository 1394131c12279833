/**
 * Budget: a signed-in page render on the production build. Prints the server process's CPU time per render (user +
 * system, from /proc: the figure the ≤ 1 ms target is about, and far less sensitive to other load on the machine
 * than the wall clock) and the mean time of sequential requests (server time plus a loopback hop), then throughput
 * and p99 at 20 connections, beside their targets.
 * The server keeps a signed-in page for the very same input for a few seconds (RAMPART_PAGE_CACHE_SECONDS), so
 * these requests are mostly given the kept page; a second server with nothing kept prints the CPU time of a render
 * from scratch beside them (the first visit of a page, or any page whose data just changed).
 * Run: npm run build && npx tsx test/bench/ssr-signed-in.bench.ts [path]
 * BENCH_CPU_PROF=<dir> also writes a V8 CPU profile of the server (`node --cpu-prof`) into that directory.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';
import { adminJar, rawRequest } from '../security/support/http';
import { recordFigures } from './report';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const SEQUENTIAL = 1000;

/** CPU milliseconds a process has used so far in user and system mode, or NaN where /proc is not available. */
function cpuMs(pid: number): { user: number; system: number } {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in 1/100 s ticks
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: NaN, system: NaN };
  }
}

/** Server CPU milliseconds per request over `count` sequential requests (after a warm-up), and their mean time. */
async function sequentialCost(
  server: Awaited<ReturnType<typeof startServer>>,
  path: string,
  headers: Record<string, string>,
  count: number,
) {
  for (let i = 0; i < 1000; i++) await rawRequest(server, { path, headers });
  const cpu0 = cpuMs(server.pid);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await rawRequest(server, { path, headers });
  const perRequest = (performance.now() - t0) / count;
  const cpu1 = cpuMs(server.pid);
  const user = (cpu1.user - cpu0.user) / count;
  const system = (cpu1.system - cpu0.system) / count;
  return { cpu: user + system, user, system, perRequest };
}

async function main() {
  const profileDir = process.env.BENCH_CPU_PROF;
  const path = process.argv[2] ?? '/logs/overview';
  const server = await startServer(
    { RAMPART_ENV: 'production', RAMPART_LOG_LEVEL: 'error' },
    { nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] },
  );
  let first: Awaited<ReturnType<typeof rawRequest>>;
  let kept: Awaited<ReturnType<typeof sequentialCost>>;
  let load: autocannon.Result;
  try {
    const jar = await adminJar(server);
    const headers = { cookie: jar.header() };
    first = await rawRequest(server, { path, headers });
    if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
    kept = await sequentialCost(server, path, headers, SEQUENTIAL);
    load = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        { url: `${server.url}${path}`, connections: 20, duration: DURATION_S, headers },
        (err, result) => (err ? reject(err) : resolve(result)),
      ),
    );
  } finally {
    await server.stop();
  }
  const plainServer = await startServer({
    RAMPART_ENV: 'production',
    RAMPART_LOG_LEVEL: 'error',
    RAMPART_PAGE_CACHE_SECONDS: '0',
  });
  let fresh: Awaited<ReturnType<typeof sequentialCost>>;
  try {
    const jar = await adminJar(plainServer);
    fresh = await sequentialCost(plainServer, path, { cookie: jar.header() }, SEQUENTIAL);
  } finally {
    await plainServer.stop();
  }
  console.log(`signed-in ${path}: ${Buffer.byteLength(first.body)} bytes of HTML`);
  console.log(
    `server CPU: ${kept.cpu.toFixed(2)} ms per render (target ≤ 1 ms; user ${kept.user.toFixed(2)}, system ${kept.system.toFixed(2)})`,
  );
  console.log(
    `server CPU rendering from scratch (nothing kept): ${fresh.cpu.toFixed(2)} ms per render (user ${fresh.user.toFixed(2)}, system ${fresh.system.toFixed(2)})`,
  );
  console.log(
    `sequential: ${kept.perRequest.toFixed(2)} ms per request, the loopback hop and this client included`,
  );
  console.log(
    `20 connections: ${load.requests.average.toFixed(0)} req/s (target ≥ 1000), p99 ${load.latency.p99} ms (target ≤ 40), errors ${load.errors}, non-2xx ${load.non2xx}`,
  );
  recordFigures('ssr-signed-in', [
    { id: 'ssr.signed-in.cpu', value: kept.cpu, unit: 'ms', better: 'lower' },
    { id: 'ssr.signed-in.cpu-fresh', value: fresh.cpu, unit: 'ms', better: 'lower' },
    { id: 'ssr.signed-in.render', value: kept.perRequest, unit: 'ms', better: 'lower' },
    { id: 'ssr.signed-in.throughput', value: load.requests.average, unit: 'req/s', better: 'higher' },
    { id: 'ssr.signed-in.p99', value: load.latency.p99, unit: 'ms', better: 'lower' },
  ]);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
