/**
 * Pure searching of table rows: a case-insensitive match of every whitespace-separated term against a row's shown
 * values, descriptions, tag names and `extraSearchValue`s.
 */
import type { TableRow } from './types';

/** Lower-cased text a row is searched in. */
export function rowSearchText(row: TableRow): string {
  const parts: string[] = [];
  for (const item of row.items) {
    if (item.value !== null && item.value !== undefined) parts.push(String(item.value));
    if (item.description) parts.push(item.description);
    if (item.extraSearchValue) parts.push(item.extraSearchValue);
    if (item.warning) parts.push(item.warning);
    if (item.tags) for (const tag of item.tags) parts.push(tag.name);
  }
  return parts.join('\n').toLowerCase();
}

/** Search terms of a query: trimmed, lower-cased, split on whitespace. An empty list means "no search". */
export function searchTerms(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Rows matching every term of `query`, in their given order. `textOf` lets a caller supply cached search text
 * (the table keeps one per row so typing does not rebuild it).
 */
export function searchRows<R extends TableRow>(
  rows: readonly R[],
  query: string,
  textOf: (row: R) => string = rowSearchText,
): R[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return rows.slice();
  return rows.filter((row) => {
    const text = textOf(row);
    for (const term of terms) if (!text.includes(term)) return false;
    return true;
  });
}

/** A memoising wrapper around `rowSearchText`, keyed by row object identity. */
export function createSearchTextCache(): (row: TableRow) => string {
  const cache = new WeakMap<TableRow, string>();
  return (row) => {
    let text = cache.get(row);
    if (text === undefined) {
      text = rowSearchText(row);
      cache.set(row, text);
    }
    return text;
  };
}
