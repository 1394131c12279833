/**
 * One implementation of paging, sorting, searching and filtering for the appliance's lists (the wire contract is
 * `src/shared/contracts/listing.ts`). Lists are read whole from SQLite and cut here: ten thousand rows filter,
 * sort and slice in a few milliseconds, and each list keeps one query for its rows instead of one per shape.
 * Enrichment that costs a query per row (an account's groups) runs on the page only, through `pageOf`'s `map`.
 */
import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  type ListPage,
  type ListParams,
} from '../../shared/contracts/listing';

type SortValue = string | number | boolean | null | undefined;

export interface ListSpec<T> {
  /** How each sortable field orders a row (nulls last in either direction). */
  sort: Record<string, (row: T) => SortValue>;
  /** The order without `sort` (none: the store's order). */
  defaultSort?: string;
  /** The texts `q` looks in. */
  text: (row: T) => ReadonlyArray<string | null | undefined>;
  /** Exact-match filters by query name (the schema has already limited their values). */
  filters?: Record<string, (row: T, value: string) => boolean>;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compare(a: SortValue, b: SortValue): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return Number(a) - Number(b);
}

/** The rows of `all` the query selects, sorted and cut to its page; `map` enriches the page's rows only. */
export function pageOf<T, U = T>(
  all: readonly T[],
  query: ListParams & Record<string, string | undefined>,
  spec: ListSpec<T>,
  map: (row: T) => U = (row) => row as unknown as U,
): ListPage<U> {
  let rows = all.slice();
  for (const [name, test] of Object.entries(spec.filters ?? {})) {
    const value = query[name];
    if (value !== undefined) rows = rows.filter((r) => test(r, value));
  }
  const q = query.q?.trim().toLowerCase();
  if (q) rows = rows.filter((r) => spec.text(r).some((t) => t?.toLowerCase().includes(q)));

  const sort = query.sort ?? spec.defaultSort ?? '';
  const descending = sort.startsWith('-');
  const key = spec.sort[descending ? sort.slice(1) : sort] as ((row: T) => SortValue) | undefined;
  if (key) {
    const keyed = rows.map((row, i) => ({ row, i, v: key(row) }));
    keyed.sort((x, y) => {
      const xNull = x.v === null || x.v === undefined || x.v === '';
      const yNull = y.v === null || y.v === undefined || y.v === '';
      if (xNull !== yNull) return xNull ? 1 : -1;
      const c = xNull ? 0 : compare(x.v, y.v);
      // Stable: equal keys keep the store's order whichever the direction.
      return c === 0 ? x.i - y.i : descending ? -c : c;
    });
    rows = keyed.map((k) => k.row);
  }

  const total = rows.length;
  if (query.page === undefined && query.per_page === undefined)
    return { data: rows.map(map), total, page: 1, per_page: total };
  const perPage = Math.min(Number(query.per_page ?? DEFAULT_PER_PAGE), MAX_PER_PAGE);
  const page = Number(query.page ?? 1);
  const start = (page - 1) * perPage;
  return { data: rows.slice(start, start + perPage).map(map), total, page, per_page: perPage };
}
