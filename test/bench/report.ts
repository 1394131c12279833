/**
 * Bench figures as data: every bench records what it measured with `recordFigures`, one JSON file per bench under
 * `dist/reports/bench/`; `compare.ts` merges them into `dist/reports/bench.json` and compares them with the
 * baseline the repository keeps (`test/bench/baseline.json`).
 */
import fs from 'node:fs';
import path from 'node:path';

export type Unit = 'bytes' | 'ms' | 'req/s' | 'events/s' | 'ratio' | 'count';

export interface Figure {
  /** Stable name, e.g. `bundle./account/login.initial-js-br`. */
  id: string;
  value: number;
  unit: Unit;
  /** Which direction is an improvement. */
  better: 'lower' | 'higher';
  /**
   * Deterministic enough to gate CI on one run (bundle sizes). Timing figures on a shared machine are not: they are
   * compared by `npm run bench` only.
   */
  ci?: boolean;
  /**
   * An absolute ceiling (same unit; bundle sizes, test/bench/budgets.ts): the figure fails above it whatever the
   * baseline says, and is never written into the baseline.
   */
  budget?: number;
  /** While over its budget: the value it may not grow past (reported over budget, not failed, up to it). */
  heldAt?: number;
  /** What the figure is made of (a route's scripts and their largest modules), printed when it fails. */
  detail?: string[];
}

export interface BenchReport {
  bench: string;
  recordedAt: string;
  node: string;
  figures: Figure[];
}

export const REPORT_DIR = path.resolve(__dirname, '../../dist/reports/bench');

/** Writes the figures of one bench (`dist/reports/bench/<bench>.json`), replacing that bench's previous ones. */
export function recordFigures(bench: string, figures: Figure[]): void {
  for (const f of figures)
    if (!Number.isFinite(f.value))
      throw new Error(`bench ${bench}: figure ${f.id} is not a number (${f.value})`);
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const report: BenchReport = { bench, recordedAt: new Date().toISOString(), node: process.version, figures };
  fs.writeFileSync(path.join(REPORT_DIR, `${bench}.json`), `${JSON.stringify(report, null, 2)}\n`);
}

/** Every bench report written so far. */
export function readReports(dir = REPORT_DIR): BenchReport[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as BenchReport);
}
