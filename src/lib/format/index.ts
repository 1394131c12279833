/**
 * Public formatting API (§9), shared by the widgets and other appliance tools.
 *
 * - `formatSize(bytes, { binary?, decimals? }) => string` — `'1.54 KB'`, `'1.50 KiB'`.
 * - `formatThousands(value, decimals?) => string` — `'1.234.567'` (dot groups, comma decimals).
 * - `formatTimeSince(from, now?, maxUnits?) => string` — `'1y 2m 3d 4h 5m 6s'`.
 * - `formatDateTime(value, { seconds?, utc? }) => string` — `'Mon, 3 Feb 2025 | 14:05'`.
 */
export * from './size';
export * from './number';
export * from './time';
