/**
 * Compares the recorded bench figures with the baseline: prints one line per figure and fails (exit 1) only when a
 * figure regresses by more than the tolerance (15%): higher than baseline × 1.15 where lower is better, lower than
 * baseline × 0.85 where higher is better. Improvements and new figures never fail; figures the baseline has but this
 * run did not record are listed.
 *
 *   npx tsx test/bench/compare.ts            every recorded figure (npm run bench)
 *   npx tsx test/bench/compare.ts --ci       only the figures marked deterministic (scripts/test-all.sh)
 *   npx tsx test/bench/compare.ts --update   writes the recorded figures into the baseline (after a reviewed change)
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

export type Verdict = 'ok' | 'better' | 'REGRESSED' | 'new' | 'missing';

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
    const next: Baseline = { tolerance: baseline.tolerance, figures: { ...baseline.figures } };
    for (const { id, ...rest } of figures) if (!ciOnly || rest.ci) next.figures[id] = rest;
    const sorted = Object.fromEntries(Object.entries(next.figures).sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(BASELINE, `${JSON.stringify({ ...next, figures: sorted }, null, 2)}\n`);
    console.log(
      `baseline updated: ${figures.length} figures written to ${path.relative(process.cwd(), BASELINE)}`,
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
  console.log(
    `bench figures against ${path.relative(process.cwd(), BASELINE)} (fails above ${tolerance * 100}% worse)`,
  );
  for (const f of chosen) {
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
  if (regressions) process.exit(1);
}

if (require.main === module) main();
