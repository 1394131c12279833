/** When scheduled backups run: daily or weekly at a time counted from the last run or the schedule's change, or every N hours. */
import { nextDue, rotation, type BackupSchedule } from '../../../src/appliance/backups/targets';

const at = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m).getTime();
const daily: BackupSchedule = {
  schedule: 'daily',
  at_time: '03:15',
  weekday: 0,
  interval_hours: 24,
  passphrase_set: true,
};

it('runs a daily schedule set after its time of day tomorrow, not at once', () => {
  expect(nextDue(daily, at(28, 4, 15), at(28, 4, 16))).toBe(at(29, 3, 15));
  // Once the time comes it is due, and after the run the next is a day later.
  expect(nextDue(daily, at(28, 4, 15), at(29, 3, 16))).toBe(at(29, 3, 15));
  expect(nextDue(daily, at(29, 3, 15), at(29, 3, 20))).toBe(at(30, 3, 15));
});

it('runs a weekly schedule on its day', () => {
  const weekly: BackupSchedule = { ...daily, schedule: 'weekly', weekday: 1 };
  // 28 Nov 2026 is a Saturday; the next Monday is 30 Nov.
  expect(nextDue(weekly, at(28, 12), at(28, 12, 1))).toBe(at(30, 3, 15));
});

it('runs an interval schedule N hours after the last run, and never when off', () => {
  const every6: BackupSchedule = { ...daily, schedule: 'interval', interval_hours: 6 };
  expect(nextDue(every6, at(28, 1), at(28, 2))).toBe(at(28, 7));
  expect(nextDue({ ...daily, schedule: 'off' }, null, at(28, 2))).toBeNull();
});

it('keeps the newest N archives and leaves other files alone', () => {
  const names = [
    'rampart-backup-2026-11-27T03-15-00-000Z.rbk',
    'notes.txt',
    'rampart-backup-2026-11-28T03-15-00-000Z.rbk',
    'rampart-backup-2026-11-26T03-15-00-000Z.rbk',
  ];
  expect(rotation(names, 2)).toEqual(['rampart-backup-2026-11-26T03-15-00-000Z.rbk']);
  expect(rotation(names, 5)).toEqual([]);
});
