/** Schema of the apply machinery (namespace `apply`): numbered, forward only. Never edit a released migration. */
import type { Migration } from '../../storage/sqlite';

export const applyMigrations: Migration[] = [
  {
    version: 1,
    tables: { apply_state: 'runtime', apply_confirmations: 'runtime' },
    name: 'applied configuration, confirmations',
    up: (db) =>
      db.exec(`
        CREATE TABLE apply_state (
          service TEXT PRIMARY KEY,
          snapshot TEXT NOT NULL,
          files TEXT NOT NULL,
          applied_at INTEGER NOT NULL,
          applied_by TEXT NOT NULL
        );
        CREATE TABLE apply_confirmations (
          id TEXT PRIMARY KEY,
          service TEXT NOT NULL,
          changes TEXT NOT NULL,
          previous_snapshot TEXT NOT NULL,
          previous_files TEXT NOT NULL,
          deadline_at INTEGER NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'rolled_back')),
          created_by TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          resolved_at INTEGER
        );
        CREATE INDEX apply_confirmations_pending ON apply_confirmations(status);
      `),
  },
  {
    version: 2,
    name: 'the job that opened a confirmation',
    // A configuration document applied as one job (PUT config, a revert) rolls back as a whole when any of its
    // confirmations is not kept: the job links them.
    up: (db) => db.exec('ALTER TABLE apply_confirmations ADD COLUMN job_id TEXT'),
  },
];
