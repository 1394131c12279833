/**
 * The bundle analysis (test/bench/bundle-analysis.md, written by `bundle.bench.ts --analysis`): where the bytes of
 * every route's first scripts go, so the next change that grows a route can be traced to a script and its modules.
 */
import type { RouteBudget } from './budgets';

/** One built script as the client build describes it (dist/reports/client-chunks.json). */
export interface ScriptInfo {
  /** The named chunk groups that load it (a route chunk, the core layout, …). */
  names: string[];
  /** Its modules, largest first: path relative to the repository, webpack's size before minification. */
  modules: Array<[string, number]>;
}

export interface RouteFigures {
  name: string;
  budget: RouteBudget;
  scripts: string[];
  /** Initial JS and CSS, bytes brotli. */
  js: number;
  css: number;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)}`;
const MODULES_SHOWN = 8;

export function bundleAnalysis(
  routes: RouteFigures[],
  info: Record<string, ScriptInfo>,
  brotliOf: (src: string) => number,
  label: (src: string, info: ScriptInfo | undefined) => string,
): string {
  const out: string[] = [
    '# Bundle analysis',
    '',
    'Written by `npx tsx test/bench/bundle.bench.ts --analysis` from a production build; budgets in',
    '`test/bench/budgets.ts`. Sizes of routes and scripts are brotli (quality 11, as served), KB of 1,024 bytes;',
    "module sizes are webpack's, before minification (compare them with each other, not with the scripts).",
    '',
    '## Routes',
    '',
    '| route | initial JS | budget | CSS | scripts |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const r of routes) {
    const over = r.js > r.budget.jsKb * 1024 ? ' **over**' : '';
    out.push(`| ${r.name} | ${kb(r.js)} | ${r.budget.jsKb}${over} | ${kb(r.css)} | ${r.scripts.length} |`);
  }
  const loadedBy = new Map<string, string[]>();
  for (const r of routes)
    for (const src of r.scripts) loadedBy.set(src, [...(loadedBy.get(src) ?? []), r.name]);
  const scripts = [...loadedBy.keys()].sort(
    (a, b) => (loadedBy.get(b)?.length ?? 0) - (loadedBy.get(a)?.length ?? 0) || brotliOf(b) - brotliOf(a),
  );
  out.push(
    '',
    '## Scripts, by how many routes load them first',
    '',
    'Each with its largest modules. A script every route loads costs every budget; a page chunk only its page.',
  );
  for (const src of scripts) {
    const by = loadedBy.get(src) ?? [];
    const routesText =
      by.length === routes.length ? 'every route' : by.length > 6 ? `${by.length} routes` : by.join(', ');
    out.push(
      '',
      `### ${label(src, info[src])}: ${kb(brotliOf(src))} KB`,
      '',
      `Loaded first by ${routesText}.`,
      '',
    );
    const modules = info[src]?.modules ?? [];
    const total = modules.reduce((n, [, size]) => n + size, 0);
    for (const [module, size] of modules.slice(0, MODULES_SHOWN))
      out.push(`- ${module}: ${kb(size)} KB (${Math.round((size / total) * 100)} %)`);
    if (modules.length > MODULES_SHOWN) out.push(`- ${modules.length - MODULES_SHOWN} more modules`);
  }
  return `${out.join('\n')}\n`;
}
