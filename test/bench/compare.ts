/**
 * Compares the recorded bench figures: a figure with a budget (bundle sizes, test/bench/budgets.ts) against that
 * absolute ceiling, every other one against the baseline. Prints one line per figure and fails (exit 1) when a
 * figure is over its budget (printing what the figure is made of), or regresses by more than the tolerance (15%):
 * higher than baseline × 1.15 where lower is better, lower than baseline × 0.85 where higher is better.
 * Improvements and new figures never fail; figures the baseline has but this run did not record are listed.
 *
 *   npx tsx test/bench/compare.ts            every recorded figure (npm run bench)
 *   npx tsx test/bench/compare.ts --ci       only the figures marked deterministic (scripts/test-all.sh)
 *   npx tsx test/bench/compare.ts --update   writes the recorded figures into the baseline (after a reviewed change);
 *                                            budgeted figures are not baseline figures and are never written
 *
 * Also writes the merged figures to dist/reports/bench.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readReports, REPORT_DIR, type Figure } from './report';

export const TOLERANCE = 0.15;
const BASELINE = path.resolve(__dirname, 'baseline.json');
const MERGED = path.resolve(REPORT_DIR, '..', 'bench.json');

export interface Baseline {
  tolerance: number;
  figures: Record<string, Omit<Figure, 'id'>>;
}

export type Verdict = 'ok' | 'better' | 'REGRESSED' | 'new' | 'missing' | 'over' | 'OVER';

/**
 * The verdict on a figure with a budget: 'ok' within it; 'over' (reported, not failed) above it while the figure
 * is held and stays within its hold; 'OVER' (fails) otherwise.
 */
export function judgeBudget(f: Pick<Figure, 'value' | 'better' | 'budget' | 'heldAt'>): Verdict {
  if (f.budget === undefined) throw new Error('judgeBudget: the figure has no budget');
  const within = (limit: number) => (f.better === 'lower' ? f.value <= limit : f.value >= limit);
  if (within(f.budget)) return 'ok';
  return f.heldAt !== undefined && within(f.heldAt) ? 'over' : 'OVER';
}

/** The baseline --update writes: this run's unbudgeted figures over the old ones; budgeted figures dropped. */
export function updatedBaseline(baseline: Baseline, figures: Figure[], ciOnly: boolean): Baseline {
  const budgeted = new Set(figures.filter((f) => f.budget !== undefined).map((f) => f.id));
  const next: Record<string, Omit<Figure, 'id'>> = {};
  for (const [id, base] of Object.entries(baseline.figures))
    if (!budgeted.has(id) && base.budget === undefined) next[id] = base;
  for (const { id, ...rest } of figures)
    if (rest.budget === undefined && (!ciOnly || rest.ci)) next[id] = rest;
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
  return { tolerance: baseline.tolerance, figures: sorted };
}

/** The verdict on one figure against its baseline value (undefined: no baseline). */
export function judge(value: number, base: Omit<Figure, 'id'> | undefined, tolerance = TOLERANCE): Verdict {
  if (!base) return 'new';
  if (base.value === 0) return value === 0 ? 'ok' : base.better === 'lower' ? 'REGRESSED' : 'better';
  const change = (value - base.value) / Math.abs(base.value);
  const worse = base.better === 'lower' ? change : -change;
  if (worse > tolerance) return 'REGRESSED';
  if (worse < -tolerance) return 'better';
  return 'ok';
}

const fmt = (n: number, unit: string) =>
  unit === 'bytes'
    ? `${(n / 1024).toFixed(1)} KB`
    : unit === 'ratio'
      ? `${(n * 100).toFixed(1)}%`
      : `${+n.toFixed(2)} ${unit}`;

function main() {
  const args = new Set(process.argv.slice(2));
  const ciOnly = args.has('--ci');
  const figures = readReports().flatMap((r) => r.figures);
  fs.mkdirSync(path.dirname(MERGED), { recursive: true });
  fs.writeFileSync(MERGED, `${JSON.stringify({ recordedAt: new Date().toISOString(), figures }, null, 2)}\n`);
  const baseline: Baseline = fs.existsSync(BASELINE)
    ? (JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as Baseline)
    : { tolerance: TOLERANCE, figures: {} };

  if (args.has('--update')) {
    const next = updatedBaseline(baseline, figures, ciOnly);
    fs.writeFileSync(BASELINE, `${JSON.stringify(next, null, 2)}\n`);
    console.log(
      `baseline updated: ${Object.keys(next.figures).length} figures in ${path.relative(process.cwd(), BASELINE)}` +
        ' (budgeted figures are held by their budgets, not written)',
    );
    return;
  }

  const chosen = figures.filter((f) => !ciOnly || f.ci);
  if (chosen.length === 0) {
    console.error('no bench figures recorded (run the benches first)');
    process.exit(1);
  }
  const tolerance = baseline.tolerance ?? TOLERANCE;
  let regressions = 0;
  let overBudget = 0;
  let held = 0;
  const budgeted = chosen.filter((f) => f.budget !== undefined);
  if (budgeted.length)
    console.log('figures against their budgets (test/bench/budgets.ts; fail above the budget)');
  for (const f of budgeted) {
    const verdict = judgeBudget(f);
    if (verdict === 'OVER') overBudget += 1;
    if (verdict === 'over') held += 1;
    const budget = f.budget ?? 0;
    console.log(
      `  ${verdict.padEnd(9)} ${f.id.padEnd(58)} ${fmt(f.value, f.unit).padStart(10)}  budget ${fmt(budget, f.unit)}` +
        (verdict === 'ok' ? '' : ` (${fmt(f.value - budget, f.unit)} over)`) +
        (f.heldAt !== undefined ? `, held at ${fmt(f.heldAt, f.unit)}` : ''),
    );
    if (verdict !== 'ok') for (const line of f.detail ?? []) console.log(`      ${line}`);
  }
  console.log(
    `\nother figures against ${path.relative(process.cwd(), BASELINE)} (fails above ${tolerance * 100}% worse)`,
  );
  for (const f of chosen.filter((c) => c.budget === undefined)) {
    const base = baseline.figures[f.id];
    const verdict = judge(f.value, base, tolerance);
    if (verdict === 'REGRESSED') regressions += 1;
    const change =
      base && base.value !== 0 ? `${(((f.value - base.value) / base.value) * 100).toFixed(1)}%` : '';
    console.log(
      `  ${verdict.padEnd(9)} ${f.id.padEnd(58)} ${fmt(f.value, f.unit).padStart(14)}` +
        (base ? `  baseline ${fmt(base.value, base.unit)} (${change}, ${f.better} is better)` : ''),
    );
  }
  const recorded = new Set(figures.map((f) => f.id));
  for (const [id, base] of Object.entries(baseline.figures))
    if (!recorded.has(id) && (!ciOnly || base.ci))
      console.log(`  missing   ${id} (in the baseline, not recorded)`);
  console.log(
    regressions ? `${regressions} figure(s) regressed by more than ${tolerance * 100}%` : 'no regression',
  );
  if (budgeted.length)
    console.log(
      overBudget
        ? `${overBudget} figure(s) over budget`
        : held
          ? `${held} figure(s) still over budget, held at their size (not failing); every other budget holds`
          : 'every budget holds',
    );
  if (regressions || overBudget) process.exit(1);
}

if (require.main === module) main();
