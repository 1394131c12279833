/**
 * The query every list endpoint takes and the page it answers, as TypeBox schemas (JSON Schema the appliance
 * validates with, `Static` types both sides use):
 *
 *   GET {api}users?page=2&per_page=50&sort=-created_at&q=ann&role=admin
 *   → { data: [...50 accounts], total: 4213, page: 2, per_page: 50 }
 *
 * `sort` names one of the endpoint's sortable fields, `-` first for descending; `q` matches the endpoint's text
 * fields (case-insensitive, anywhere); filters are the endpoint's own exact-match fields. Without `page` and
 * `per_page` the whole list is answered (the callers that need every row, such as a member picker), still with
 * its `total`. Query values are strings on the wire: the appliance does not coerce types.
 */
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';

/** The page sizes the console offers; the appliance accepts any size up to `MAX_PER_PAGE`. */
export const PER_PAGE_CHOICES = [25, 50, 100, 200] as const;
export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 500;

/** A positive decimal integer as a query string value (1 to 9,999,999). */
const positive = (description: string) => Type.String({ pattern: '^[1-9][0-9]{0,6}$', description });

/**
 * The query schema of a list endpoint: paging, `sort` over `sortable` (each field ascending or, with `-`,
 * descending), `q`, and the endpoint's own filters.
 */
export function listQuery<F extends TProperties>(sortable: readonly string[], filters: F = {} as F) {
  const sorts = sortable.flatMap((f) => [f, `-${f}`]);
  return Type.Object(
    {
      page: Type.Optional(positive('The page, from 1.')),
      per_page: Type.Optional(
        positive(
          `Rows a page (default ${DEFAULT_PER_PAGE}); a larger ask than ${MAX_PER_PAGE} gets ${MAX_PER_PAGE}.`,
        ),
      ),
      sort: Type.Optional(
        Type.Union(
          sorts.map((s) => Type.Literal(s)),
          { description: 'A sortable field; a leading `-` sorts descending.' },
        ),
      ),
      q: Type.Optional(Type.String({ maxLength: 200, description: 'Text the rows contain (any case).' })),
      ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, Type.Optional(v)])),
    },
    { additionalProperties: false },
  );
}

/** The answer of a list endpoint: one page of `item`, the total that matched, and the page's place. */
export const listPage = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    per_page: Type.Integer({ minimum: 0 }),
  });

/** What every list endpoint reads, whatever its filters. */
export interface ListParams {
  page?: string;
  per_page?: string;
  sort?: string;
  q?: string;
}

export interface ListPage<T> {
  data: T[];
  total: number;
  page: number;
  per_page: number;
}

/** A string-valued filter among fixed choices. */
export const oneOf = (values: readonly string[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

export type ListQuery = Static<ReturnType<typeof listQuery>>;
