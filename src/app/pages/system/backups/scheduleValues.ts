/** What the schedule form edits: shared by the form and its rules. */
import type * as backups from '../../../../shared/contracts/backups';

export interface ScheduleValues {
  schedule: backups.BackupSchedule['schedule'];
  at_time: string;
  weekday: string;
  interval_hours: string;
  passphrase: string;
  confirm: string;
}
