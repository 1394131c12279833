/** §9 size formatting: 1000-based (KB … YB) or 1024-based (KiB … YiB), 2 decimals. */

export const DECIMAL_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
export const BINARY_SIZE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] as const;
/** §9 sizes show 2 decimals. */
export const SIZE_DECIMALS = 2;

/**
 * Formats a byte count, e.g. `formatSize(1536) === '1.54 KB'`, `formatSize(1536, { binary: true }) === '1.50 KiB'`.
 * Whole bytes show no decimals (`'512 B'`); negative sizes keep their sign; non-finite input gives `'–'`.
 */
export function formatSize(
  bytes: number,
  { binary = false, decimals = SIZE_DECIMALS }: { binary?: boolean; decimals?: number } = {},
): string {
  if (!Number.isFinite(bytes)) return '–';
  const base = binary ? 1024 : 1000;
  const units = binary ? BINARY_SIZE_UNITS : DECIMAL_SIZE_UNITS;
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= base && unit < units.length - 1) {
    value /= base;
    unit += 1;
  }
  // Rounding may carry into the next unit (999.999 KB -> 1000.00 KB): step up once more in that case.
  if (unit > 0 && unit < units.length - 1 && Number(value.toFixed(decimals)) >= base) {
    value /= base;
    unit += 1;
  }
  return unit === 0 ? `${sign}${Math.round(value)} B` : `${sign}${value.toFixed(decimals)} ${units[unit]}`;
}
