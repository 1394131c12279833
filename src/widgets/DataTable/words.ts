/** Counts in words: "63 users", "12 of 63 users", "Delete 3 users". */
import type { ItemName } from './types';

export const DEFAULT_ITEM_NAME: ItemName = { one: 'row', other: 'rows' };

const numbers = new Intl.NumberFormat('en-US');

/** 10000 → "10,000". */
export function formatCount(n: number): string {
  return numbers.format(n);
}

/** "1 user", "63 users". */
export function countOf(n: number, name: ItemName = DEFAULT_ITEM_NAME): string {
  return `${formatCount(n)} ${n === 1 ? name.one : name.other}`;
}

/** The toolbar's count: "63 users", or "12 of 63 users" while a search hides some. */
export function totalText(shown: number, total: number, name: ItemName = DEFAULT_ITEM_NAME): string {
  return shown === total ? countOf(total, name) : `${formatCount(shown)} of ${countOf(total, name)}`;
}

/** "Delete 3 users": the verb, the count and the noun (lower case). */
export function actionText(verb: string, n: number, name: ItemName = DEFAULT_ITEM_NAME): string {
  return `${verb} ${countOf(n, name).toLowerCase()}`;
}

const DANGEROUS = new Set(['delete', 'revoke', 'disable']);
export function isDangerous(verb: string): boolean {
  return DANGEROUS.has(verb.trim().toLowerCase());
}
