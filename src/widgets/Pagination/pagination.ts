/**
 * Pure pagination maths and the per-navigation page memory of spec §9: at most 5 page buttons by default, page
 * count = total / page size rounded up, the current page of each navigation kept in session storage (default 1).
 */
import { readJson, writeJson } from '../../lib/storage';

export const MAX_PAGE_BUTTONS = 5; // §9 pagination: max 5 page buttons by default
export const DEFAULT_PAGE = 1; // §9 pagination: default page 1
export const PAGE_STORAGE_PREFIX = 'pagination-page:';

export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(pageSize) || total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return DEFAULT_PAGE;
  return Math.max(1, Math.min(Math.max(1, count), Math.trunc(page)));
}

/** The page numbers to show: a window of at most `max` pages around `current`. */
export function pageWindow(current: number, count: number, max = MAX_PAGE_BUTTONS): number[] {
  if (count <= 0) return [];
  const size = Math.max(1, Math.min(max, count));
  const page = clampPage(current, count);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), count - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

/** The items of a page (0-based slice bounds) for a 1-based page. */
export function pageBounds(page: number, pageSize: number): [number, number] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return [start, start + pageSize];
}

export function readStoredPage(navigationKey: string): number {
  const n = readJson('session', PAGE_STORAGE_PREFIX + navigationKey);
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : DEFAULT_PAGE;
}

/** A full or blocked storage only loses the memory, never the page change. */
export function storePage(navigationKey: string, page: number): void {
  writeJson('session', PAGE_STORAGE_PREFIX + navigationKey, page);
}
