/**
 * A list page's query lives in its URL (`/authentication/users?page=2&sort=-created_at&role=admin`), so a filtered
 * page can be bookmarked, shared and reached with Back. This module turns the URL into the list endpoint's query
 * and the resource key both the route's prefetch and the page read, so the server render and the browser agree.
 * The sortable fields and filters come from the endpoint's contract (src/shared/contracts).
 */
import type { TObject } from '@sinclair/typebox';
import { DEFAULT_PER_PAGE, PER_PAGE_CHOICES } from '../../../../shared/contracts/listing';
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';

/** A list endpoint as a page reads it: its resource key (path under the API) and its contract's query schema. */
export interface ListSource {
  resource: string;
  query: TObject;
  /** The sort the page shows without one in its URL (the endpoint's own order when absent). */
  defaultSort?: string;
}

const PAGING = new Set(['page', 'per_page', 'sort', 'q']);

interface LiteralUnion {
  anyOf?: Array<{ const?: unknown }>;
  /** A `stringEnum` (src/shared/contracts/fields.ts) lists its values here instead. */
  enum?: unknown[];
}
const literals = (schema: unknown): string[] => {
  const s = schema as LiteralUnion | undefined;
  const values = s?.enum ?? (s?.anyOf ?? []).map((l) => l.const);
  return values.flatMap((v) => (typeof v === 'string' ? [v] : []));
};

/** The sorts a contract accepts (`name`, `-name`, …). */
export const sortsOf = (query: TObject): string[] => literals(query.properties.sort);

/** The endpoint's own filters and, when they are fixed choices, their values. */
export function filtersOf(query: TObject): Record<string, string[] | null> {
  return Object.fromEntries(
    Object.entries(query.properties)
      .filter(([name]) => !PAGING.has(name))
      .map(([name, schema]) => {
        const values = literals(schema);
        return [name, values.length ? values : null];
      }),
  );
}

/** The list query a URL asks for, with the defaults filled in and anything the endpoint would refuse left out. */
export function listParams(source: ListSource, search: URLSearchParams): Record<string, string> {
  const page = Number(search.get('page'));
  const perPage = Number(search.get('per_page'));
  const sort = search.get('sort');
  const q = search.get('q')?.trim().slice(0, 200);
  const out: Record<string, string> = {
    page: String(Number.isInteger(page) && page >= 1 && page < 10_000_000 ? page : 1),
    per_page: String((PER_PAGE_CHOICES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE),
  };
  const sorts = sortsOf(source.query);
  if (sort && sorts.includes(sort)) out.sort = sort;
  else if (source.defaultSort) out.sort = source.defaultSort;
  if (q) out.q = q;
  for (const [name, values] of Object.entries(filtersOf(source.query))) {
    const value = search.get(name);
    if (value && (values === null || values.includes(value))) out[name] = value;
  }
  return out;
}

/** The resource key of the page a URL shows (its parameters in a fixed order). */
export function listKey(source: ListSource, search: URLSearchParams): string {
  const params = listParams(source, search);
  const ordered = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]]);
  return `${source.resource}?${new URLSearchParams(ordered).toString()}`;
}

/** A list route's prefetch: the page its URL asks for, loaded before the server renders it. */
export const listPrefetch =
  (source: ListSource) =>
  ({ url }: { url: URL }) => [resourceLoadRequested({ key: listKey(source, url.searchParams) })];
