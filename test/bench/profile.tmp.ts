import { startServer } from '../e2e/support/server';
import { adminJar, rawRequest } from '../security/support/http';
async function main() {
  const dir = process.env.PROF_DIR!;
  const server = await startServer({ RAMPART_ENV: 'production', RAMPART_LOG_LEVEL: 'error', NODE_OPTIONS: `--require /tmp/perfprof/prof.js`, PROF_OUT: dir });
  const jar = await adminJar(server);
  const path = process.argv[2] ?? '/logs/overview';
  const headers = { cookie: jar.header() };
  for (let i = 0; i < 300; i++) await rawRequest(server, { path, headers });
  const t0 = performance.now();
  const N = Number(process.env.N ?? 2000);
  for (let i = 0; i < N; i++) await rawRequest(server, { path, headers });
  console.log(`${((performance.now() - t0) / N).toFixed(2)} ms/req`);
  await server.stop();
}
main().catch((e) => { console.error(e); process.exit(1); });
