/**
 * Budget: initial JavaScript of /account/login (every script the page loads before it is interactive), brotli,
 * ≤ 140 KB (other pages ≤ 150 KB); d3 and ProseMirror chunks never load on pages that do not use them; any chunk holding d3 stays under
 * 35 KB gzip. Reads the built server's page and the client build; prints the figures (no pass/fail) and records
 * them for compare.ts: the initial JS and CSS (brotli) of each route below, anonymous and signed in, and the largest
 * d3 chunk. Sizes of one build are deterministic, so CI compares them with the baseline.
 * Run: npm run build && npx tsx test/bench/bundle.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer } from '../e2e/support/server';
import { adminJar, rawRequest } from '../security/support/http';
import { recordFigures, type Figure } from './report';

const assets = path.resolve(__dirname, '../../dist/client/assets');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const brotli = (b: Buffer) =>
  zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const brotliSizes = new Map<string, number>();
/** Brotli size of a built asset, compressed once per run (routes share most of their chunks). */
const brotliOf = (file: string) => {
  if (!brotliSizes.has(file)) brotliSizes.set(file, brotli(fs.readFileSync(file)));
  return brotliSizes.get(file) ?? 0;
};
const gzip = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
/** Initial JS targets per page, KB brotli; pages not listed keep the general 150 KB. */
const INITIAL_JS_TARGET_KB: Record<string, number> = { '/account/login': 140 };

/** Pages an admin opens (the README's "Where to go"); each one's initial assets are a figure. */
const SIGNED_IN_ROUTES = [
  '/',
  '/logs/overview',
  '/messaging/agreements',
  '/network/overview',
  '/network/analytics',
  '/network/preferences',
  '/help',
  '/updates/update',
  '/settings/layout',
  '/dns/proxy',
  '/dns/dynamic',
  '/ssh/config',
  '/ssh/password',
  '/authentication/users',
  '/authentication/lockout',
  '/system/certificate-authorities',
  '/system/certificates',
  '/system/certificate-revocation-lists',
  '/system/acme-orders',
  '/settings/',
];
const ANONYMOUS_ROUTES = ['/account/login', '/network/overview', '/signup/', '/recovery/'];

const assetsOf = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);
const scriptsOf = (html: string) => assetsOf(html, /<script[^>]*src="([^"]+)"/g);
const stylesOf = (html: string) => assetsOf(html, /<link rel="stylesheet" href="([^"]+)"/g);
const assetFile = (src: string) => path.join(assets, src.replace(/^\/assets\//, ''));
const brotliTotal = (srcs: string[]) => srcs.reduce((n, src) => n + brotliOf(assetFile(src)), 0);

async function pageScripts(url: string): Promise<string[]> {
  return scriptsOf(await (await fetch(url)).text());
}

async function main() {
  const packages = JSON.parse(
    fs.readFileSync(path.join(assets, '..', 'chunk-packages.json'), 'utf8'),
  ) as Record<string, string[]>;
  const server = await startServer({ RAMPART_ENV: 'test', RAMPART_LOG_LEVEL: 'error' });
  const figures: Figure[] = [];
  const size = (id: string, value: number): Figure => ({
    id,
    value,
    unit: 'bytes',
    better: 'lower',
    ci: true,
  });
  try {
    for (const page of ['/account/login', '/network/overview']) {
      const scripts = await pageScripts(server.url + page);
      let total = 0;
      console.log(`\n${page}: initial scripts`);
      for (const src of scripts) {
        const file = path.join(assets, src.replace(/^\/assets\//, ''));
        const size = brotliOf(file);
        total += size;
        const heavy = (packages[src] ?? []).filter((p) => /^(d3-|prosemirror-)/.test(p));
        console.log(`  ${src}  ${kb(size)} br${heavy.length ? `  (contains ${heavy.join(', ')})` : ''}`);
      }
      const target = INITIAL_JS_TARGET_KB[page] ?? 150;
      console.log(`  total initial JS (brotli): ${kb(total)}  (target ≤ ${target} KB)`);
    }
    const pages: Array<[string, string, Record<string, string>]> = ANONYMOUS_ROUTES.map((r) => [
      `anonymous ${r}`,
      r,
      {},
    ]);
    const jar = await adminJar(server);
    pages.push(
      ...SIGNED_IN_ROUTES.map((r): [string, string, Record<string, string>] => [
        r,
        r,
        { cookie: jar.header() },
      ]),
    );
    console.log('\ninitial assets per route (brotli):');
    for (const [name, route, headers] of pages) {
      const res = await rawRequest(server, { path: route, headers });
      if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
      const js = brotliTotal(scriptsOf(res.body));
      const css = brotliTotal(stylesOf(res.body));
      console.log(`  ${name.padEnd(44)} JS ${kb(js).padStart(9)}   CSS ${kb(css).padStart(8)}`);
      figures.push(size(`bundle.${name.replace(' ', ':')}.initial-js-br`, js));
      figures.push(size(`bundle.${name.replace(' ', ':')}.initial-css-br`, css));
    }
    let largestD3 = 0;
    console.log('\nchunks holding d3 (gzip, budget 35 KB each):');
    for (const [src, names] of Object.entries(packages)) {
      const d3 = names.filter((p) => p.startsWith('d3-'));
      if (!d3.length) continue;
      const buf = fs.readFileSync(assetFile(src));
      largestD3 = Math.max(largestD3, gzip(buf));
      console.log(`  ${src}  ${kb(gzip(buf))} gzip  (${d3.join(', ')})`);
    }
    figures.push(size('bundle.largest-d3-chunk-gzip', largestD3));
    recordFigures('bundle', figures);
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
