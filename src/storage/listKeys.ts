/**
 * The keys long lists sort and search on, made once when a row is written rather than on every request: SQLite
 * calls these when a trigger fills a row's key columns (registered on every connection by `openDatabase`), and the
 * lists order and filter on the stored columns with their indexes. Calling JavaScript per row inside a query costs
 * tens of milliseconds for ten thousand rows; reading a stored column costs one.
 */
import type Database from 'better-sqlite3';

/**
 * A string's sort key, so that plain ordering sorts as a people-friendly collation would: case and accents ignored,
 * and runs of digits by their value ("host2" before "host10"). Empty text has no key (sorted last).
 */
export function sortKeyOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(20, '0'));
}

/** Separates the fields of a row's search text, so that a search never matches across two fields. */
export const SEARCH_SEPARATOR = '\u001f';

/** The text a list's `q` looks in: each field in lower case, separated. */
export function searchTextOf(fields: ReadonlyArray<string | null | undefined>): string {
  return fields
    .filter((f): f is string => typeof f === 'string' && f !== '')
    .map((f) => f.toLowerCase())
    .join(SEARCH_SEPARATOR);
}

/** What `q` is compared with: the search text's case, and nothing that could span two fields. */
export const searchNeedle = (q: string) => q.trim().toLowerCase().replaceAll(SEARCH_SEPARATOR, '');

/** Registers `sort_key(text)` and `search_text(field, …)` on a connection (deterministic: usable in triggers). */
export function registerListKeyFunctions(db: Database.Database): void {
  db.function('sort_key', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' && text !== '' ? sortKeyOf(text) : null,
  );
  db.function('search_text', { deterministic: true, varargs: true }, (...fields: unknown[]) =>
    searchTextOf(fields.map((f) => (typeof f === 'string' ? f : f == null ? null : String(f)))),
  );
}
