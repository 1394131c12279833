import { DEFAULT_SEVERITY, type LogSeverity } from '../../../shared/logServices';

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

/** A severity as the report shows it ("Error", "Warning", …): none is info. */
export function severityLabel(severity: LogSeverity | undefined): string {
  const s = severity ?? DEFAULT_SEVERITY;
  return `${s[0].toUpperCase()}${s.slice(1)}`;
}

/** How a severity is drawn: errors and worse stand out in red, warnings in amber, the rest stays quiet. */
export function severityTone(severity: LogSeverity | undefined): 'error' | 'warning' | 'quiet' {
  switch (severity) {
    case 'emergency':
    case 'alert':
    case 'critical':
    case 'error':
      return 'error';
    case 'warning':
      return 'warning';
    default:
      return 'quiet';
  }
}
