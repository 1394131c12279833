/**
 * An archive's member databases read on the backups' worker (offThread.ts) from the temporary files the event loop
 * wrote them to without waiting (snapshot.ts withMemberFile): checked (`quick_check`, the table it must hold) and
 * counted. Checking a database of tens of megabytes takes hundreds of
 * milliseconds, which on the event loop every other request would wait for. Pure: nothing of the appliance's context.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BackupError } from './format';
import { tablesOf } from './stage';

/** Opens the member database `data` (written to a temporary file) for `fn`, then removes the file. */
export function withMemberDb<T>(
  data: Uint8Array | undefined | null,
  fn: (db: Database.Database, file: string) => T,
): T | null {
  if (!data) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-backup-'));
  const file = path.join(dir, 'member.db');
  let db: Database.Database;
  try {
    fs.writeFileSync(file, data, { mode: 0o600 });
    db = new Database(file);
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new BackupError(400, 'value_error.backup.damaged', 'A database in the backup cannot be opened.');
  }
  try {
    return fn(db, file);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const countOf = (db: Database.Database, table: string): number => {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
  return exists ? (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n : 0;
};

/** Opens the database file `file` for `fn`; a file that is not a database is refused. */
function withDbFile<T>(file: string, fn: (db: Database.Database) => T): T {
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch {
    throw new BackupError(400, 'value_error.backup.damaged', 'A database in the backup cannot be opened.');
  }
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** A member database to read: its file, the table it must hold, the tables to count. */
export interface MemberDb {
  name: string;
  file: string;
  table: string;
  count: string[];
}

/**
 * Refuses a member that is not a readable SQLite database holding its table (before anything reads it further);
 * answers the row counts of the tables asked for, by member name.
 */
export function inspectMemberDbs(members: MemberDb[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const m of members) {
    let counts: Record<string, number> | null = null;
    try {
      counts = withDbFile(m.file, (db) => {
        const check = db.pragma('quick_check', { simple: true });
        if (check !== 'ok' || !tablesOf(db).includes(m.table)) return null;
        return Object.fromEntries(m.count.map((t) => [t, countOf(db, t)]));
      });
    } catch {
      // Not a database (SQLite reads its header only when first asked), or a damaged one.
    }
    if (!counts)
      throw new BackupError(
        400,
        'value_error.backup.damaged',
        `The backup's ${m.name} is not a readable Rampart database.`,
      );
    out[m.name] = counts;
  }
  return out;
}

/** An account's password hash in the member database `data`: null when the account is not there. */
export function memberPasswordHash(file: string, username: string): string | null {
  try {
    const row = withDbFile(file, (db) =>
      db.prepare('SELECT password_hash FROM users WHERE username = ?').get(username),
    ) as { password_hash: string } | undefined | null;
    return row?.password_hash ?? null;
  } catch {
    throw new BackupError(400, 'value_error.backup.damaged', "The backup's users rows cannot be read.");
  }
}
