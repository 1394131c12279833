/**
 * Sorting and searching 10,000 table rows (issue budget: under 50 ms each). Prints the median of several runs.
 * Run: npx tsx test/bench/table.bench.ts — imports only the table's pure modules (no CSS, no React).
 */
import { performance } from 'node:perf_hooks';
import { sortRows } from '../../src/widgets/DataTable/sorting';
import { createSearchTextCache, rowSearchText, searchRows } from '../../src/widgets/DataTable/searching';
import type { TableRow } from '../../src/widgets/DataTable/types';
import { recordFigures, type Figure } from './report';

const ROWS = 10_000;
const RUNS = 9;
const BUDGET_MS = 50;

function makeRows(n: number): TableRow[] {
  const services = ['dns', 'ssh', 'firewall', 'vpn', 'proxy', 'dhcp', 'ntp', 'mail'];
  const rows: TableRow[] = [];
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < n; i++) {
    const svc = services[i % services.length];
    rows.push({
      id: `row-${i}`,
      items: [
        { value: `host-${Math.floor(rand() * 100000)}.${svc}.example.org`, description: `Node ${i}` },
        { value: `10.${i % 256}.${Math.floor(i / 256) % 256}.${Math.floor(rand() * 255)}` },
        { value: Math.floor(rand() * 1e6), sortValue: undefined },
        {
          value: svc,
          tags: [{ name: svc.toUpperCase(), color: 'green' }],
          extraSearchValue: `zone-${i % 37}`,
        },
        { value: new Date(1.7e12 + Math.floor(rand() * 1e10)).toISOString(), sortValue: 1.7e12 + i },
      ],
    });
  }
  return rows;
}

function median(samples: number[]): number {
  const s = samples.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const figures: Figure[] = [];

function time<T>(label: string, fn: (input: T) => unknown, setup: () => T = () => undefined as T): number {
  fn(setup()); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const input = setup(); // not timed
    const t0 = performance.now();
    fn(input);
    samples.push(performance.now() - t0);
  }
  const m = median(samples);
  console.log(
    `${label.padEnd(52)} median ${m.toFixed(2).padStart(7)} ms  (${RUNS} runs, budget ${BUDGET_MS} ms)${m > BUDGET_MS ? '  OVER BUDGET' : ''}`,
  );
  figures.push({
    id: `table.${label.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}`,
    value: m,
    unit: 'ms',
    better: 'lower',
  });
  return m;
}

const rows = makeRows(ROWS);
console.log(`table bench: ${ROWS} rows, node ${process.version}`);
// Fresh row objects each run: sort keys are computed from scratch (the first sort of newly loaded data).
const fresh = () => rows.map((r) => ({ ...r, items: r.items.map((it) => ({ ...it })) }));
time(
  'sort text column, first sort of fresh rows',
  (input: TableRow[]) => sortRows(input, { column: 0, direction: 'ascending' }),
  fresh,
);
time(
  'sort number column, first sort of fresh rows',
  (input: TableRow[]) => sortRows(input, { column: 2, direction: 'ascending' }),
  fresh,
);
time('sort text column ascending (keys cached)', () => sortRows(rows, { column: 0, direction: 'ascending' }));
time('sort text column descending (keys cached)', () =>
  sortRows(rows, { column: 0, direction: 'descending' }),
);
time('sort number column ascending (keys cached)', () =>
  sortRows(rows, { column: 2, direction: 'ascending' }),
);
time('sort by sortValue (timestamps, cached)', () => sortRows(rows, { column: 4, direction: 'descending' }));
time('search, cold (builds search text)', () => searchRows(rows, 'firewall 10.3', rowSearchText));
const cached = createSearchTextCache();
searchRows(rows, 'x', cached);
time('search, cached text, two terms', () => searchRows(rows, 'firewall 10.3', cached));
time('search, cached text, no match', () => searchRows(rows, 'no-such-host', cached));
recordFigures('table', figures);
