/** Schema of the updates module (namespace `updates`): numbered, forward only. Never edit a released migration. */
import type { Migration } from '../../storage/sqlite';

export const updatesMigrations: Migration[] = [
  {
    version: 1,
    name: 'packages, history, repository and schedule',
    up: (db) =>
      db.exec(`
        CREATE TABLE update_packages (
          version TEXT PRIMARY KEY,
          channel TEXT NOT NULL,
          security INTEGER NOT NULL,
          manifest TEXT NOT NULL,
          envelope BLOB NOT NULL,
          source TEXT NOT NULL CHECK (source IN ('upload', 'repository')),
          key_fingerprint TEXT NOT NULL,
          received_at INTEGER NOT NULL
        );
        CREATE TABLE update_history (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('update', 'rollback')),
          from_version TEXT NOT NULL,
          to_version TEXT NOT NULL,
          from_schema INTEGER NOT NULL,
          to_schema INTEGER NOT NULL,
          security INTEGER NOT NULL,
          job_id TEXT,
          applied_by TEXT NOT NULL,
          applied_at INTEGER NOT NULL
        );
        CREATE TABLE update_settings (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          repository TEXT,
          channel TEXT NOT NULL DEFAULT 'stable',
          schema_version INTEGER NOT NULL DEFAULT 1,
          last_check_at INTEGER,
          last_check_error TEXT,
          last_check_rejected TEXT,
          schedule_enabled INTEGER NOT NULL DEFAULT 0,
          schedule_day TEXT NOT NULL DEFAULT 'daily',
          schedule_time TEXT NOT NULL DEFAULT '03:00',
          schedule_updated_at INTEGER NOT NULL DEFAULT 0,
          schedule_last_run_at INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO update_settings (id) VALUES (1);
      `),
  },
];
