/** §9 time-since and date formatting. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A month counts as 30 days and a year as 365 days in time-since. */
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** §9 time-since units, largest first: y, m (months), d, h, m (minutes), s. */
const SINCE_UNITS: ReadonlyArray<readonly [number, string]> = [
  [YEAR, 'y'],
  [MONTH, 'm'],
  [DAY, 'd'],
  [HOUR, 'h'],
  [MINUTE, 'm'],
  [SECOND, 's'],
];

/**
 * Elapsed time from `from` to `now` (millisecond timestamps) as its non-zero units, largest first, e.g.
 * `'1y 2m 3d'`, `'4h 5m 6s'`. `maxUnits` keeps only the largest few (default all). Under a second, or a `from` in
 * the future, gives `'0s'`; non-finite input gives `'–'`.
 */
export function formatTimeSince(
  from: number,
  now: number = Date.now(),
  maxUnits = SINCE_UNITS.length,
): string {
  if (!Number.isFinite(from) || !Number.isFinite(now)) return '–';
  let rest = Math.max(0, now - from);
  const parts: string[] = [];
  for (const [size, label] of SINCE_UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${label}`);
  }
  return parts.length === 0 ? '0s' : parts.slice(0, Math.max(1, maxUnits)).join(' ');
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * §9 a date as `'Day, D Mon YYYY | HH:MM'` (24-hour), with `:SS` when `seconds` is set, e.g.
 * `'Mon, 3 Feb 2025 | 14:05'`. Local time unless `utc`. Accepts a millisecond timestamp or a Date; invalid gives `'–'`.
 */
export function formatDateTime(
  value: number | Date,
  { seconds = false, utc = false }: { seconds?: boolean; utc?: boolean } = {},
): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '–';
  const get = utc
    ? {
        day: d.getUTCDay(),
        date: d.getUTCDate(),
        month: d.getUTCMonth(),
        year: d.getUTCFullYear(),
        h: d.getUTCHours(),
        m: d.getUTCMinutes(),
        s: d.getUTCSeconds(),
      }
    : {
        day: d.getDay(),
        date: d.getDate(),
        month: d.getMonth(),
        year: d.getFullYear(),
        h: d.getHours(),
        m: d.getMinutes(),
        s: d.getSeconds(),
      };
  const p = (n: number) => String(n).padStart(2, '0');
  const time = `${p(get.h)}:${p(get.m)}${seconds ? `:${p(get.s)}` : ''}`;
  return `${DAYS[get.day]}, ${get.date} ${MONTHS[get.month]} ${get.year} | ${time}`;
}
