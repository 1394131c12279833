/**
 * The alert thresholds (one row once an admin changed them; the defaults before), written by the Alert thresholds
 * page and by the configuration document's writer (section.ts).
 */
import {
  DEFAULT_EXPIRY_DAYS,
  DEFAULT_LOCKOUT_THRESHOLD,
  type AlertSettings,
} from '../../shared/contracts/alerts';
import type { Db } from '../../storage/sqlite';

/** The thresholds: the stored ones, or the defaults. */
export function readAlertSettings(db: Db): AlertSettings {
  const row = db.prepare('SELECT expiry_days, lockout_threshold FROM alert_settings WHERE id = 1').get() as
    { expiry_days: string; lockout_threshold: number } | undefined;
  return row
    ? { expiry_days: JSON.parse(row.expiry_days) as number[], lockout_threshold: row.lockout_threshold }
    : { expiry_days: [...DEFAULT_EXPIRY_DAYS], lockout_threshold: DEFAULT_LOCKOUT_THRESHOLD };
}

export function writeAlertSettings(db: Db, s: AlertSettings): AlertSettings {
  const days = [...new Set(s.expiry_days)].sort((a, b) => b - a);
  db.prepare(
    `INSERT INTO alert_settings (id, expiry_days, lockout_threshold) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET expiry_days = excluded.expiry_days, lockout_threshold = excluded.lockout_threshold`,
  ).run(JSON.stringify(days), s.lockout_threshold);
  return readAlertSettings(db);
}

/** Back to the defaults, as before anyone changed them. */
export function resetAlertSettings(db: Db): void {
  db.prepare('DELETE FROM alert_settings WHERE id = 1').run();
}
