/**
 * One implementation of paging, sorting, searching and filtering for the appliance's lists (the wire contract is
 * `src/shared/contracts/listing.ts`). Short lists are read whole from SQLite and cut here (`pageOf`); lists that
 * grow to thousands of rows (accounts, certificates) are cut by SQLite itself (`sqlPageOf`).
 * Enrichment that costs a query per row (an account's groups) runs on the page only, through `pageOf`'s `map`.
 */
import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  type ListPage,
  type ListParams,
} from '../../shared/contracts/listing';
import { searchNeedle, sortKeyOf } from '../../storage/listKeys';
import type { Db } from '../../storage/sqlite';

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

type Key = number | string | null;

function keyOf(v: SortValue): Key {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') return sortKeyOf(v);
  return Number(v);
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
    const keyed = rows.map((row, i) => ({ row, i, k: keyOf(key(row)) }));
    const sign = descending ? -1 : 1;
    keyed.sort((x, y) => {
      // Empty values last in either direction.
      if (x.k === null || y.k === null) return x.k === y.k ? x.i - y.i : x.k === null ? 1 : -1;
      const c = x.k < y.k ? -1 : x.k > y.k ? 1 : 0;
      // Stable: equal keys keep the store's order whichever the direction.
      return c === 0 ? x.i - y.i : sign * c;
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

/**
 * A long list cut by SQLite: filters, search, order and page are one query over stored columns (text sorts on a
 * stored `sort_key` column, `q` on a stored `search_text` column: `src/storage/listKeys.ts`), so a page of ten
 * thousand rows reads its fifty rows, not ten thousand. Same wire contract and order rules as `pageOf`: empty values
 * last in either direction, equal keys in the store's order.
 */
export interface SqlListSpec {
  /** `FROM …` with its joins. */
  from: string;
  /** The selected columns (a page row). */
  select: string;
  /** Each sortable field's SQL expression (text fields: their stored sort key column). */
  sort: Record<string, string>;
  defaultSort?: string;
  /** The store's order, which breaks ties (ascending whatever the direction). */
  tiebreak: string;
  /** The expression holding the row's search text. */
  search: string;
  /** Each filter's condition, given the query's value (bind with `?`). */
  filters?: Record<string, (value: string) => { sql: string; params: unknown[] }>;
  /** Named values the expressions use (`:now`, …). */
  named?: Record<string, unknown>;
}

export function sqlPageOf<R, U = R>(
  db: Db,
  query: ListParams & Record<string, string | undefined>,
  spec: SqlListSpec,
  map: (row: R) => U = (row) => row as unknown as U,
): ListPage<U> {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const [name, condition] of Object.entries(spec.filters ?? {})) {
    const value = query[name];
    if (value === undefined) continue;
    const c = condition(value);
    where.push(`(${c.sql})`);
    params.push(...c.params);
  }
  const q = query.q ? searchNeedle(query.q) : '';
  if (q) {
    where.push(`instr(${spec.search}, ?) > 0`);
    params.push(q);
  }
  // Expressions may use named values; better-sqlite3 takes them as one object after the positional ones.
  const named = spec.named ?? {};
  const bind = (extra: unknown[] = []) =>
    Object.keys(named).length ? [...params, ...extra, named] : [...params, ...extra];
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';

  const sort = query.sort ?? spec.defaultSort ?? '';
  const descending = sort.startsWith('-');
  const expression = spec.sort[descending ? sort.slice(1) : sort];
  const order = expression
    ? `ORDER BY (${expression}) IS NULL, ${expression} ${descending ? 'DESC' : 'ASC'}, ${spec.tiebreak}`
    : `ORDER BY ${spec.tiebreak}`;

  const total = (db.prepare(`SELECT count(*) AS n ${spec.from} ${whereSql}`).get(...bind()) as { n: number })
    .n;
  const paged = query.page !== undefined || query.per_page !== undefined;
  const perPage = paged ? Math.min(Number(query.per_page ?? DEFAULT_PER_PAGE), MAX_PER_PAGE) : total;
  const page = paged ? Number(query.page ?? 1) : 1;
  const rows = db
    .prepare(`SELECT ${spec.select} ${spec.from} ${whereSql} ${order} LIMIT ? OFFSET ?`)
    .all(...bind([paged ? perPage : -1, (page - 1) * perPage])) as R[];
  return { data: rows.map(map), total, page, per_page: perPage };
}
