import type { Migration } from '../../storage/sqlite';
import { appendMenuEntry } from '../console/menu';

export const backupMigrations: Migration[] = [
  {
    version: 1,
    name: 'backup restores, targets, schedule and runs',
    tables: { backup_restores: 'runtime', backup_runs: 'runtime' },
    up: (db) =>
      db.exec(`
        -- A restore with lock-out-prone changes: the state it replaced, put back unless kept by the deadline.
        CREATE TABLE backup_restores (
          id TEXT PRIMARY KEY,
          archive_created_at TEXT NOT NULL,
          pre_appliance BLOB NOT NULL,
          pre_identity BLOB,
          changes TEXT NOT NULL,
          deadline_at INTEGER NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('pending', 'kept', 'rolled_back')),
          created_by TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          resolved_at INTEGER
        );
        CREATE TABLE backup_targets (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          kind TEXT NOT NULL CHECK (kind IN ('local', 'sftp')),
          directory TEXT NOT NULL,
          host TEXT NOT NULL DEFAULT '',
          port INTEGER NOT NULL DEFAULT 22,
          username TEXT NOT NULL DEFAULT '',
          host_key_sha256 TEXT NOT NULL DEFAULT '',
          auth TEXT NOT NULL DEFAULT 'none' CHECK (auth IN ('none', 'password', 'key')),
          secret_sealed BLOB,
          keep INTEGER NOT NULL DEFAULT 7,
          enabled INTEGER NOT NULL DEFAULT 1
        );
        CREATE TABLE backup_settings (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          schedule TEXT NOT NULL DEFAULT 'off' CHECK (schedule IN ('off', 'daily', 'weekly', 'interval')),
          at_time TEXT NOT NULL DEFAULT '03:00',
          weekday INTEGER NOT NULL DEFAULT 0,
          interval_hours INTEGER NOT NULL DEFAULT 24,
          passphrase_sealed BLOB
        );
        INSERT INTO backup_settings (id) VALUES (1);
        CREATE TABLE backup_runs (
          id INTEGER PRIMARY KEY,
          target_id INTEGER,
          target TEXT NOT NULL,
          started_at INTEGER NOT NULL,
          finished_at INTEGER,
          ok INTEGER,
          size INTEGER,
          file TEXT,
          error TEXT,
          trigger TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual'))
        );
        CREATE INDEX backup_runs_started ON backup_runs (started_at DESC);
      `),
  },
  {
    version: 2,
    name: 'the Backups page in the System menu',
    up: (db) => {
      appendMenuEntry(db, 'system', { id: 'backups', name: 'Backups', path: '/backups' });
    },
  },
  {
    version: 3,
    name: 'when the schedule was set: the first scheduled run is the first occurrence after it',
    up: (db) => db.exec('ALTER TABLE backup_settings ADD COLUMN scheduled_since INTEGER'),
  },
  {
    version: 4,
    name: 'the identity settings files a restore replaced, put back with the databases when it is not kept',
    up: (db) => db.exec('ALTER TABLE backup_restores ADD COLUMN pre_settings TEXT'),
  },
];
