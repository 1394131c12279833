/** Pure value rules of the §5 number, range, time, list, link and image inputs. */

/** §5 range input defaults. */
export const RANGE_DEFAULT_MIN = 0;
export const RANGE_DEFAULT_MAX = 10;
/** §9 default time of a date input: 12:00. */
export const DEFAULT_TIME = { hours: 12, minutes: 0 } as const;

/** Clamps `n` into [min, max]; NaN becomes `min`. */
export function clamp(n: number, min: number, max: number): number {
  if (Number.isNaN(n)) return min;
  return Math.min(max, Math.max(min, n));
}

/** §5 keys a number input refuses: exponent, sign, slashes, equals and the decimal point. */
export const BLOCKED_NUMBER_KEYS: ReadonlySet<string> = new Set(['e', 'E', '+', '/', '\\', '=', '.', ',']);

/**
 * Text typed or pasted into a number input, reduced to what it accepts: an optional leading minus (when negatives are
 * allowed) and digits; the result is capped at `max`. Returns '' for nothing usable.
 */
export function sanitiseNumberText(text: string, { min, max }: { min?: number; max?: number } = {}): string {
  const negative = text.trim().startsWith('-') && (min === undefined || min < 0);
  const digits = text.replace(/[^0-9]/g, '');
  if (digits === '') return negative ? '-' : '';
  let n = Number((negative ? '-' : '') + digits);
  if (max !== undefined && n > max) n = max;
  return String(n);
}

/** §5 a time value "HH:MM": hours clamped 0–23, minutes 0–59, two digits, 0 when empty. */
export function normaliseTime(
  hours: string | number | undefined,
  minutes: string | number | undefined,
): string {
  const toPart = (v: string | number | undefined, max: number) => {
    const n = typeof v === 'number' ? Math.trunc(v) : parseInt(String(v ?? '').replace(/[^0-9]/g, ''), 10);
    return String(clamp(Number.isFinite(n) ? n : 0, 0, max)).padStart(2, '0');
  };
  return `${toPart(hours, 23)}:${toPart(minutes, 59)}`;
}

/** Splits an "HH:MM" value into numbers (missing or bad parts read as 0 and clamped). */
export function parseTime(value: string | null | undefined): { hours: number; minutes: number } {
  const [rawHours, rawMinutes] = (value ?? '').split(':');
  const [h, m] = normaliseTime(rawHours, rawMinutes).split(':');
  return { hours: Number(h), minutes: Number(m) };
}

/**
 * §3 the date input's value is a millisecond timestamp; picking a day keeps the time already set, or 12:00 local
 * when there was none. `day` is "YYYY-MM-DD"; returns null for an unparseable day.
 */
export function dayToTimestamp(day: string, previous?: number | null): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const prev =
    previous !== null && previous !== undefined && Number.isFinite(previous) ? new Date(previous) : null;
  const d = new Date(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    prev ? prev.getHours() : DEFAULT_TIME.hours,
    prev ? prev.getMinutes() : DEFAULT_TIME.minutes,
  );
  return Number.isNaN(d.getTime()) || d.getDate() !== Number(m[3]) ? null : d.getTime();
}

/** "YYYY-MM-DD" (local) of a millisecond timestamp, '' for none. */
export function timestampToDay(ts: number | null | undefined): string {
  if (ts === null || ts === undefined || !Number.isFinite(ts)) return '';
  const d = new Date(ts);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export type ListEntryError = 'empty' | 'range-order' | 'not-a-number';

/**
 * §5 a list input entry is rejected if empty, or for a range entry if its end is not greater than its start.
 * With `numeric`, values are converted to numbers and must be numbers.
 */
export function checkListEntry(
  entry: string | { start: string; end: string },
  { numeric = false }: { numeric?: boolean } = {},
): ListEntryError | null {
  if (typeof entry === 'string') {
    const v = entry.trim();
    if (v === '') return 'empty';
    if (numeric && !Number.isFinite(Number(v))) return 'not-a-number';
    return null;
  }
  const start = entry.start.trim();
  const end = entry.end.trim();
  if (start === '' || end === '') return 'empty';
  const a = Number(start);
  const b = Number(end);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 'not-a-number';
  return b > a ? null : 'range-order';
}

/** §5 a rich-text link must start with http, mailto: or tel:. */
export function isAllowedLinkHref(href: string): boolean {
  return /^(https?:\/\/\S+|mailto:\S+|tel:[+\d][\d\s().-]*)$/i.test(href.trim());
}

/** §5 the image input accepts only images. */
export const isImageType = (mime: string | null | undefined): boolean =>
  typeof mime === 'string' && /^image\//i.test(mime);

/** §5 image scale-down: the size that fits within max×max keeping the aspect ratio (never scaled up). */
export function fitWithin(
  width: number,
  height: number,
  maxWidth = 1000,
  maxHeight = 1000,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const ratio = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.round(width * ratio), height: Math.round(height * ratio) };
}

/** §5 output encoding of a scaled image: PNG stays PNG, anything else becomes JPEG at 0.6. */
export function imageOutputFormat(mime: string): { type: 'image/png' | 'image/jpeg'; quality?: number } {
  return /^image\/png$/i.test(mime) ? { type: 'image/png' } : { type: 'image/jpeg', quality: 0.6 };
}

/**
 * §5 file input accept filter (default any): whether a file matches an `accept` list such as
 * `".pem,.crt,application/x-x509-ca-cert"` or `"image/*"` (extensions case-insensitive, MIME wildcards).
 */
export function matchesAccept(file: { name: string; type: string }, accept?: string): boolean {
  const patterns = (accept ?? '')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (patterns.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return patterns.some((p) => {
    if (p.startsWith('.')) return name.endsWith(p);
    if (p.endsWith('/*')) return type.startsWith(p.slice(0, -1));
    return type === p;
  });
}
