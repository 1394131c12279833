/**
 * The one "listed twice" rule of the appliance's list fields (listen addresses, DNS and NTP servers, providers of a
 * service, sign-up domains, allow-lists): an entry that repeats an earlier one is refused at its own index, with
 * `value_error.duplicate`, and the first of them is kept. Entries are compared by `key` (e.g. a normalised or
 * lower-cased form); an entry whose key is `null` (invalid, refused by its own rule) repeats nothing.
 */
import type { ErrorItem } from './errors';

/** Whether the entry at an index repeats an earlier one. */
export function repeatedEntries<T>(
  values: readonly T[],
  key: (value: T) => unknown = (v) => v,
): (index: number) => boolean {
  const seen = new Set<unknown>();
  const repeated = values.map((v) => {
    const k = key(v);
    if (k === null) return false;
    if (seen.has(k)) return true;
    seen.add(k);
    return false;
  });
  return (index) => repeated[index] ?? false;
}

/** The error item of a repeated entry. */
export function listedTwice(loc: Array<string | number>, msg = 'listed twice'): ErrorItem {
  return { loc, msg, type: 'value_error.duplicate' };
}

/** The items of a body's list field whose entries repeat an earlier one (a settings form's listen addresses). */
export function entriesListedTwice(field: string, values: readonly unknown[], msg?: string): ErrorItem[] {
  const repeated = repeatedEntries(values);
  return values.flatMap((_, i) => (repeated(i) ? [listedTwice(['body', field, i], msg)] : []));
}
