/**
 * Budget: initial JavaScript of /account/login (every script the page loads before it is interactive), brotli,
 * ≤ 140 KB (other pages ≤ 150 KB); d3 and ProseMirror chunks never load on pages that do not use them; any chunk holding d3 stays under
 * 35 KB gzip. Reads the built server's page and the client build; prints the figures (no pass/fail).
 * Run: npm run build && npx tsx test/bench/bundle.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer } from '../e2e/support/server';

const assets = path.resolve(__dirname, '../../dist/client/assets');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const brotli = (b: Buffer) =>
  zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const gzip = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
/** Initial JS targets per page, KB brotli; pages not listed keep the general 150 KB. */
const INITIAL_JS_TARGET_KB: Record<string, number> = { '/account/login': 140 };

async function pageScripts(url: string): Promise<string[]> {
  const html = await (await fetch(url)).text();
  return [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
}

async function main() {
  const packages = JSON.parse(
    fs.readFileSync(path.join(assets, '..', 'chunk-packages.json'), 'utf8'),
  ) as Record<string, string[]>;
  const server = await startServer({ RAMPART_ENV: 'test', RAMPART_LOG_LEVEL: 'error' });
  try {
    for (const page of ['/account/login', '/network/overview']) {
      const scripts = await pageScripts(server.url + page);
      let total = 0;
      console.log(`\n${page}: initial scripts`);
      for (const src of scripts) {
        const file = path.join(assets, src.replace(/^\/assets\//, ''));
        const size = brotli(fs.readFileSync(file));
        total += size;
        const heavy = (packages[src] ?? []).filter((p) => /^(d3-|prosemirror-)/.test(p));
        console.log(`  ${src}  ${kb(size)} br${heavy.length ? `  (contains ${heavy.join(', ')})` : ''}`);
      }
      const target = INITIAL_JS_TARGET_KB[page] ?? 150;
      console.log(`  total initial JS (brotli): ${kb(total)}  (target ≤ ${target} KB)`);
    }
    console.log('\nchunks holding d3 (gzip, budget 35 KB each):');
    for (const [src, names] of Object.entries(packages)) {
      const d3 = names.filter((p) => p.startsWith('d3-'));
      if (!d3.length) continue;
      const buf = fs.readFileSync(path.join(assets, src.replace(/^\/assets\//, '')));
      console.log(`  ${src}  ${kb(gzip(buf))} gzip  (${d3.join(', ')})`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
