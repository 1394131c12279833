/** The Backups page's words for sizes and schedules. */
import type * as backups from '../../../../shared/contracts/backups';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const size = (n: number | null) =>
  n === null ? '—' : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;

export function scheduleText(s: backups.BackupSchedule): string {
  if (s.schedule === 'off') return 'Scheduled backups are off.';
  if (s.schedule === 'interval') return `Every ${s.interval_hours} h.`;
  if (s.schedule === 'weekly') return `Every ${WEEKDAYS[s.weekday]} at ${s.at_time}.`;
  return `Every day at ${s.at_time}.`;
}

/** "Use at least 12 characters." for a passphrase field, from its schema's minimum. */
export const atLeast = (min: number) => `Use at least ${min} characters.`;
