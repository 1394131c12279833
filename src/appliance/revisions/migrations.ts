/** Schema of the configuration revisions (namespace `revisions`): numbered, forward only. */
import type { Migration } from '../../storage/sqlite';
import { appendMenuEntry } from '../console/menu';

export const revisionsMigrations: Migration[] = [
  {
    version: 1,
    tables: { revisions: 'history' },
    name: 'configuration revisions: who changed what, how, from where and why',
    // `changes` holds the structured before/after of each changed entity (secrets as markers, never values);
    // `summary` the first diff lines, so a list page reads no JSON. Times in milliseconds since the epoch.
    up: (db) =>
      db.exec(`
        CREATE TABLE revisions (
          id INTEGER PRIMARY KEY,
          at INTEGER NOT NULL,
          actor TEXT NOT NULL,
          method TEXT NOT NULL CHECK (method IN ('console', 'api', 'ssh', 'restore', 'system')),
          source TEXT,
          reason TEXT,
          area TEXT NOT NULL,
          sections TEXT NOT NULL,
          route TEXT,
          summary TEXT NOT NULL,
          changes TEXT NOT NULL,
          entity_count INTEGER NOT NULL,
          reverts INTEGER REFERENCES revisions(id) ON DELETE SET NULL
        );
        CREATE INDEX revisions_at ON revisions(at);
        CREATE INDEX revisions_area_at ON revisions(area, at);
        CREATE INDEX revisions_actor_at ON revisions(actor COLLATE NOCASE, at);
      `),
  },
  {
    version: 2,
    name: 'the History page in the System menu of appliances seeded before it',
    up: (db) => {
      appendMenuEntry(db, 'system', { id: 'history', name: 'History', path: '/history' });
    },
  },
  {
    version: 3,
    tables: { revision_applies: 'runtime' },
    name: 'configuration documents applied as one job, to roll them back as a whole',
    // `before`: the sections the document changed, as they were; `applied`: each service's applied snapshot before.
    up: (db) =>
      db.exec(`
        CREATE TABLE revision_applies (
          job_id TEXT PRIMARY KEY,
          revision_id INTEGER,
          sections TEXT NOT NULL,
          before TEXT NOT NULL,
          applied TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('applied', 'rolled_back'))
        );
        -- Retention deletes old revisions; the revisions that reverted them are found by this index.
        CREATE INDEX revisions_reverts ON revisions(reverts);
      `),
  },
  {
    version: 4,
    name: 'the generated files a revision changed (rendered before and after, world-readable ones only)',
    // `before`/`after` null: the file did not exist then, or (too_large) was over the size limit and is not kept.
    up: (db) =>
      db.exec(`
        CREATE TABLE revision_files (
          revision_id INTEGER NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
          path TEXT NOT NULL,
          before TEXT,
          after TEXT,
          too_large INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (revision_id, path)
        );
      `),
  },
];
