/**
 * Budget: server-rendered /account/login throughput at least 30% of a plain Node HTTP server (separate process)
 * sending the same bytes; 20 connections for 10 s on loopback with autocannon. Prints both and the ratio.
 * Run: npm run build && npx tsx test/bench/ssr.bench.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';
import { recordFigures } from './report';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

function run(url: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 20, duration: DURATION_S }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
}

async function plainServer(body: string): Promise<{ url: string; child: ChildProcess }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-plain-'));
  const file = path.join(dir, 'body.html');
  fs.writeFileSync(file, body);
  const script = path.join(dir, 'plain.js');
  fs.writeFileSync(
    script,
    `const http=require('http');const b=require('fs').readFileSync(${JSON.stringify(file)});` +
      `const s=http.createServer((q,r)=>{r.writeHead(200,{'content-type':'text/html; charset=utf-8','content-length':b.length});r.end(b)});` +
      `s.listen(0,'127.0.0.1',()=>process.send(s.address().port));`,
  );
  const child = fork(script, [], { stdio: 'ignore' });
  const port = await new Promise<number>((resolve) => child.once('message', (p) => resolve(Number(p))));
  return { url: `http://127.0.0.1:${port}/`, child };
}

async function main() {
  const server = await startServer({ RAMPART_ENV: 'production', RAMPART_LOG_LEVEL: 'error' });
  try {
    const url = `${server.url}/account/login`;
    const body = await (await fetch(url)).text();
    const plain = await plainServer(body);
    try {
      const ssr = await run(url);
      const base = await run(plain.url);
      const ratio = ssr.requests.average / base.requests.average;
      console.log(`page bytes: ${Buffer.byteLength(body)}`);
      console.log(
        `SSR /account/login : ${ssr.requests.average.toFixed(0)} req/s (p99 ${ssr.latency.p99} ms, errors ${ssr.errors}, non-2xx ${ssr.non2xx})`,
      );
      console.log(
        `plain node server  : ${base.requests.average.toFixed(0)} req/s (p99 ${base.latency.p99} ms)`,
      );
      console.log(`ratio: ${(ratio * 100).toFixed(1)}%  (target ≥ 30%)`);
      recordFigures('ssr', [
        { id: 'ssr.login.ratio-to-plain-node', value: ratio, unit: 'ratio', better: 'higher' },
        { id: 'ssr.login.throughput', value: ssr.requests.average, unit: 'req/s', better: 'higher' },
        { id: 'ssr.login.p99', value: ssr.latency.p99, unit: 'ms', better: 'lower' },
      ]);
    } finally {
      plain.child.kill();
    }
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
