/**
 * Database copies for a backup, made on a worker thread (src/appliance/revisions/offThread.ts) with a read-only connection of its
 * own: `VACUUM INTO` of a large database takes seconds, and on the event loop every request would wait for it.
 */
import Database from 'better-sqlite3';

/** Writes a consistent copy of the database file `source` to `dest` (which must not exist). */
export function vacuumFile(source: string, dest: string): void {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(dest);
  } finally {
    db.close();
  }
}
