/** Date formatting of the log report (spec §9: dates as 'Day, D Mon YYYY | HH:MM' with optional seconds). */
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** A log entry's time (seconds since the epoch) in local time, with seconds. */
export function formatWhen(timestampSeconds: number): string {
  const d = new Date(timestampSeconds * 1000);
  if (Number.isNaN(d.getTime())) return '';
  return `${DAYS[d.getDay()]}, ${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()} | ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** Milliseconds → the value of a `datetime-local` input (local time, minutes). */
export function toLocalInputValue(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A `datetime-local` value → milliseconds, or null when it is not a complete date and time. */
export function fromLocalInputValue(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const date = new Date(y, mo - 1, d, h, mi, s || 0);
  return date.getMonth() === mo - 1 && date.getDate() === d ? date.getTime() : null;
}
