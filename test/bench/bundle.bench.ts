/**
 * Bundle budgets (test/bench/budgets.ts): the initial JavaScript of every route, brotli, against its absolute
 * budget; the initial CSS; the largest d3 chunk (gzip). Reads the built server's pages (anonymous, or signed in as
 * the administrator) and what the client build wrote about its scripts (dist/reports/client-chunks.json: each
 * script's chunk names and modules), prints the figures next to their budgets and records them for compare.ts,
 * which fails CI on a route over its budget and prints what the route is made of. Sizes of one build are
 * deterministic.
 *
 *   npm run build && npx tsx test/bench/bundle.bench.ts              figures (and dist/reports/bundle-analysis.md)
 *   npx tsx test/bench/bundle.bench.ts --analysis                    also writes test/bench/bundle-analysis.md
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { format, resolveConfig } from 'prettier';
import { startServer } from '../e2e/support/server';
import { adminJar, rawRequest } from '../security/support/http';
import { CSS_BUDGET_KB, D3_CHUNK_BUDGET_KB_GZIP, ROUTE_BUDGETS, type RouteBudget } from './budgets';
import { bundleAnalysis, type RouteFigures, type ScriptInfo } from './bundleAnalysis';
import { recordFigures, type Figure } from './report';

const root = path.resolve(__dirname, '../..');
const assets = path.join(root, 'dist/client/assets');
const CHUNKS_REPORT = path.join(root, 'dist/reports/client-chunks.json');
const ANALYSIS = path.join(__dirname, 'bundle-analysis.md');
const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

const compressed = new Map<string, { br: number; gzip: number }>();
/** Brotli (quality 11, as served) and gzip sizes of a built asset, once per run (routes share most scripts). */
function sizesOf(src: string) {
  let sizes = compressed.get(src);
  if (!sizes) {
    const buf = fs.readFileSync(path.join(assets, src.replace(/^\/assets\//, '')));
    sizes = {
      br: zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      gzip: zlib.gzipSync(buf, { level: 9 }).length,
    };
    compressed.set(src, sizes);
  }
  return sizes;
}

const linked = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);
const scriptsOf = (html: string) => linked(html, /<script[^>]*src="([^"]+)"/g);
const stylesOf = (html: string) => linked(html, /<link rel="stylesheet" href="([^"]+)"/g);

/** The package of a module path, or null for the console's own code. */
const packageOf = (module: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)?.[1] ?? null;

/** Short name of a script: its file name without the content hash, with the chunks that load it. */
export function scriptLabel(src: string, info: ScriptInfo | undefined): string {
  const base = path.basename(src).replace(/\.[0-9a-f]{10}\.js$/, '');
  const names = info?.names ?? [];
  if (names.length === 0 || (names.length === 1 && names[0] === base)) return base;
  const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? `, +${names.length - 3}` : '');
  return `${base} (shared: ${shown})`;
}

/** A route's scripts, largest first, each with its largest modules: what to look at when it is over budget. */
function detailOf(scripts: string[], info: Record<string, ScriptInfo>): string[] {
  return [...scripts]
    .sort((a, b) => sizesOf(b).br - sizesOf(a).br)
    .map((src, i) => {
      const modules = (info[src]?.modules ?? []).slice(0, i < 4 ? 4 : 0);
      const largest = modules.map(([m, size]) => `${m} ${kb(size)}`).join('; ');
      return `${kb(sizesOf(src).br).padStart(9)}  ${scriptLabel(src, info[src])}${largest ? `: ${largest}` : ''}`;
    });
}

function figureId(budget: RouteBudget, kind: 'js' | 'css') {
  return `bundle.${budget.signedIn ? '' : 'anonymous:'}${budget.route}.initial-${kind}-br`;
}

async function main() {
  if (!fs.existsSync(CHUNKS_REPORT))
    throw new Error(
      `${path.relative(root, CHUNKS_REPORT)} is missing: build the console first (npm run build)`,
    );
  const info = JSON.parse(fs.readFileSync(CHUNKS_REPORT, 'utf8')) as Record<string, ScriptInfo>;
  const server = await startServer({ RAMPART_ENV: 'test', RAMPART_LOG_LEVEL: 'error' });
  const figures: Figure[] = [];
  const routes: RouteFigures[] = [];
  try {
    const jar = await adminJar(server);
    console.log('initial assets per route (brotli; JS against its budget):');
    for (const budget of ROUTE_BUDGETS) {
      const res = await rawRequest(server, {
        path: budget.route,
        headers: budget.signedIn ? { cookie: jar.header() } : {},
      });
      const name = `${budget.signedIn ? '' : 'anonymous '}${budget.route}`;
      if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
      const scripts = scriptsOf(res.body);
      const js = scripts.reduce((n, src) => n + sizesOf(src).br, 0);
      const css = stylesOf(res.body).reduce((n, src) => n + sizesOf(src).br, 0);
      const heavy = [
        ...new Set(
          scripts.flatMap((src) =>
            (info[src]?.modules ?? [])
              .map(([m]) => packageOf(m) ?? '')
              .filter((p) => /^(d3-|prosemirror-)/.test(p)),
          ),
        ),
      ].sort();
      const limit = budget.jsKb * KB;
      console.log(
        `  ${name.padEnd(46)} JS ${kb(js).padStart(9)}  budget ${`${budget.jsKb} KB`.padStart(6)}` +
          `${js > limit ? `  OVER by ${kb(js - limit)}` : ''}   CSS ${kb(css).padStart(8)}` +
          (heavy.length ? `   (loads ${heavy.join(', ')})` : ''),
      );
      routes.push({ name, budget, scripts, js, css });
      figures.push({
        id: figureId(budget, 'js'),
        value: js,
        unit: 'bytes',
        better: 'lower',
        ci: true,
        budget: limit,
        ...(budget.heldAtKb ? { heldAt: budget.heldAtKb * KB } : {}),
        detail: detailOf(scripts, info),
      });
      figures.push({
        id: figureId(budget, 'css'),
        value: css,
        unit: 'bytes',
        better: 'lower',
        ci: true,
        budget: CSS_BUDGET_KB * KB,
      });
    }
    let largestD3 = 0;
    let largestD3Script = '';
    console.log(`\nscripts holding d3 (gzip, budget ${D3_CHUNK_BUDGET_KB_GZIP} KB each):`);
    for (const [src, script] of Object.entries(info)) {
      const d3 = [...new Set(script.modules.map(([m]) => packageOf(m) ?? ''))].filter((p) =>
        p.startsWith('d3-'),
      );
      if (!d3.length) continue;
      const { gzip } = sizesOf(src);
      if (gzip > largestD3) [largestD3, largestD3Script] = [gzip, src];
      console.log(`  ${scriptLabel(src, script)}  ${kb(gzip)} gzip  (${d3.sort().join(', ')})`);
    }
    figures.push({
      id: 'bundle.largest-d3-chunk-gzip',
      value: largestD3,
      unit: 'bytes',
      better: 'lower',
      ci: true,
      budget: D3_CHUNK_BUDGET_KB_GZIP * KB,
      detail: largestD3Script ? detailOf([largestD3Script], info) : [],
    });
    recordFigures('bundle', figures);
    const analysis = bundleAnalysis(routes, info, (src) => sizesOf(src).br, scriptLabel);
    fs.writeFileSync(path.join(root, 'dist/reports/bundle-analysis.md'), analysis);
    if (process.argv.includes('--analysis')) {
      // Formatted as the repository's lint checks it.
      const options = (await resolveConfig(ANALYSIS)) ?? {};
      fs.writeFileSync(ANALYSIS, await format(analysis, { ...options, filepath: ANALYSIS }));
      console.log(`\nwrote ${path.relative(process.cwd(), ANALYSIS)}`);
    }
  } finally {
    await server.stop();
  }
}

if (require.main === module)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
