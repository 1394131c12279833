/** What the updates module keeps in SQLite: received packages, applied history, repository, channel and schedule. */
import type { Db } from '../../storage/sqlite';
import { INITIAL_APPLIANCE_VERSION } from '../jobs/steps';
import { compareVersions, type Channel, type Manifest } from './package';
import {
  SCHEDULE_DAYS,
  type ScheduleDay,
  type UpdateHistoryEntry,
  type UpdateSchedule,
} from '../../shared/contracts/system';

export { SCHEDULE_DAYS };
export type { ScheduleDay };
export type Schedule = UpdateSchedule;

export interface UpdateSettingsRow {
  repository: string | null;
  channel: Channel;
  schema_version: number;
  last_check_at: number | null;
  last_check_error: string | null;
  last_check_rejected: string | null;
  schedule_enabled: number;
  schedule_day: ScheduleDay;
  schedule_time: string;
  schedule_updated_at: number;
  schedule_last_run_at: number;
}

export interface StoredPackage {
  version: string;
  manifest: Manifest;
  envelope: Buffer;
  source: 'upload' | 'repository';
  keyFingerprint: string;
  receivedAt: number;
}

export type HistoryEntry = UpdateHistoryEntry;

export function readSettings(db: Db): UpdateSettingsRow {
  return db.prepare('SELECT * FROM update_settings WHERE id = 1').get() as UpdateSettingsRow;
}

/** The update source, as the Updates page and a configuration document save it. */
export function writeUpdateSource(db: Db, repository: string | null, channel: Channel): void {
  db.prepare('UPDATE update_settings SET repository = ?, channel = ? WHERE id = 1').run(repository, channel);
}

/** The security update schedule, counted from `now`: a slot already passed does not run at once. */
export function writeUpdateSchedule(db: Db, schedule: Schedule, now: number): void {
  db.prepare(
    'UPDATE update_settings SET schedule_enabled = ?, schedule_day = ?, schedule_time = ?, schedule_updated_at = ? WHERE id = 1',
  ).run(schedule.enabled ? 1 : 0, schedule.day, schedule.time, now);
}

export function currentVersion(db: Db): string {
  const row = db.prepare("SELECT value FROM system_state WHERE key = 'appliance_version'").get() as
    { value: string } | undefined;
  return row?.value ?? INITIAL_APPLIANCE_VERSION;
}

export function writeCurrentVersion(db: Db, version: string, previous: string): void {
  const put = db.prepare(
    'INSERT INTO system_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  put.run('previous_appliance_version', previous);
  put.run('appliance_version', version);
}

export function readHistory(db: Db, limit = 50): HistoryEntry[] {
  const rows = db
    .prepare('SELECT * FROM update_history ORDER BY applied_at DESC, id DESC LIMIT ?')
    .all(limit) as Array<Omit<HistoryEntry, 'security'> & { security: number }>;
  return rows.map((r) => ({ ...r, security: r.security === 1 }));
}

/** The version a rollback returns to: the one the last update replaced (none after a rollback). */
export function rollbackTarget(db: Db): HistoryEntry | null {
  const last = readHistory(db, 1)[0];
  return last && last.kind === 'update' && last.to_version === currentVersion(db) ? last : null;
}

type PackageRow = {
  version: string;
  manifest: string;
  envelope: Buffer;
  source: 'upload' | 'repository';
  key_fingerprint: string;
  received_at: number;
};
const toPackage = (r: PackageRow): StoredPackage => ({
  version: r.version,
  manifest: JSON.parse(r.manifest) as Manifest,
  envelope: r.envelope,
  source: r.source,
  keyFingerprint: r.key_fingerprint,
  receivedAt: r.received_at,
});

export function readPackage(db: Db, version: string): StoredPackage | null {
  const row = db.prepare('SELECT * FROM update_packages WHERE version = ?').get(version) as
    PackageRow | undefined;
  return row ? toPackage(row) : null;
}

export function listPackages(db: Db): StoredPackage[] {
  return (db.prepare('SELECT * FROM update_packages').all() as PackageRow[]).map(toPackage);
}

/** Packages newer than the running version on the appliance's channel, newest first. */
export function newerPackages(db: Db): Array<{ version: string; security: boolean }> {
  const { channel } = readSettings(db);
  const current = currentVersion(db);
  return (
    db.prepare('SELECT version, security FROM update_packages WHERE channel = ?').all(channel) as Array<{
      version: string;
      security: number;
    }>
  )
    .filter((p) => compareVersions(p.version, current) > 0)
    .sort((a, b) => compareVersions(b.version, a.version))
    .map((p) => ({ version: p.version, security: p.security === 1 }));
}

export function savePackage(
  db: Db,
  p: {
    manifest: Manifest;
    envelope: Buffer;
    source: 'upload' | 'repository';
    keyFingerprint: string;
    now: number;
  },
): void {
  db.prepare(
    `INSERT INTO update_packages (version, channel, security, manifest, envelope, source, key_fingerprint, received_at)
     VALUES (@version, @channel, @security, @manifest, @envelope, @source, @key, @now)
     ON CONFLICT(version) DO UPDATE SET channel = excluded.channel, security = excluded.security,
       manifest = excluded.manifest, envelope = excluded.envelope, source = excluded.source,
       key_fingerprint = excluded.key_fingerprint, received_at = excluded.received_at`,
  ).run({
    version: p.manifest.version,
    channel: p.manifest.channel,
    security: p.manifest.security ? 1 : 0,
    manifest: JSON.stringify(p.manifest),
    envelope: p.envelope,
    source: p.source,
    key: p.keyFingerprint,
    now: p.now,
  });
}
