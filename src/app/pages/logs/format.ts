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
