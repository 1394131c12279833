/**
 * Staging an archive's databases over live ones (see the top of snapshot.ts for what each table becomes). The heavy
 * part of a restore, tens of megabytes of rows copied and checked, so it runs on the configuration worker
 * (`stageDatabases`, with connections of its own) and no other request waits for it: pure SQLite, nothing of the
 * appliance's context. A plan stages onto copies of the live databases and rolls back; a restore stages onto the
 * live files and commits both, or neither.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { registerListKeyFunctions } from '../../storage/listKeys';
import { isSqliteError, tableRoles } from '../../storage/sqlite';
import { vacuumFile } from '../../storage/vacuum';
import { BackupError } from './format';

const damaged = (message: string) => new BackupError(400, 'value_error.backup.damaged', message);

export const tablesOf = (db: Database.Database, schema = 'main'): string[] =>
  (
    db
      .prepare(`SELECT name FROM "${schema}".sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .all() as Array<{ name: string }>
  ).map((r) => r.name);

const columnsOf = (db: Database.Database, schema: string, table: string): string[] =>
  (db.prepare(`SELECT name FROM pragma_table_info(?, ?)`).all(table, schema) as Array<{ name: string }>).map(
    (r) => r.name,
  );

/** What a restore does with the history of changes: see the top of snapshot.ts. */
export type HistoryRule = 'archive-when-none' | 'keep';

/** A copy written and checked in an open transaction of its live database: committed or rolled back as a whole. */
export interface StagedCopy {
  commit(): void;
  rollback(): void;
}

/**
 * Replaces the rows of every configuration table of `live` with those of the database file `from` (the columns both
 * have), in one transaction left open (see StagedCopy); runtime and history tables are treated as the top of
 * snapshot.ts says. Foreign keys are checked before it returns: rows of runtime tables that point at rows no longer
 * there are removed, any other broken row refuses the backup (the transaction is rolled back).
 */
export function stageCopy(
  live: Database.Database,
  from: string,
  history: HistoryRule,
  within: { before?: () => void; after?: () => void } = {},
): StagedCopy {
  const roles = tableRoles(live);
  const fk = live.pragma('foreign_keys', { simple: true }) as number;
  live.prepare('ATTACH DATABASE ? AS restored').run(from);
  live.pragma('foreign_keys = OFF');
  let open = false;
  const end = (sql: 'COMMIT' | 'ROLLBACK') => {
    try {
      if (open) live.exec(sql);
      open = false;
    } finally {
      if (live.inTransaction) live.exec('ROLLBACK');
      live.pragma(`foreign_keys = ${fk ? 'ON' : 'OFF'}`);
      live.prepare('DETACH DATABASE restored').run();
    }
  };
  let table = '';
  try {
    live.exec('BEGIN IMMEDIATE');
    open = true;
    within.before?.();
    const mine = tablesOf(live);
    const historyTables = mine.filter((t) => roles.get(t) === 'history');
    // A fresh appliance (no history of its own) takes the archive's; otherwise its own goes on.
    const historyFromArchive =
      history === 'archive-when-none' &&
      historyTables.every((t) => !live.prepare(`SELECT 1 FROM main."${t}" LIMIT 1`).get());
    const theirs = new Set(tablesOf(live, 'restored'));
    for (table of mine) {
      const role = roles.get(table);
      // A table the archive has not (a feature newer than the backup) keeps its rows.
      if (role === 'runtime' || (role === 'history' && !historyFromArchive) || !theirs.has(table)) continue;
      live.prepare(`DELETE FROM main."${table}"`).run();
      const common = new Set(columnsOf(live, 'restored', table));
      const cols = columnsOf(live, 'main', table)
        .filter((c) => common.has(c))
        .map((c) => `"${c}"`)
        .join(', ');
      live.prepare(`INSERT INTO main."${table}" (${cols}) SELECT ${cols} FROM restored."${table}"`).run();
    }
    table = '';
    const broken = live.prepare('PRAGMA main.foreign_key_check').all() as Array<{
      table: string;
      rowid: number;
    }>;
    for (const b of broken) {
      if (roles.get(b.table) !== 'runtime') throw damaged(`The backup's ${b.table} rows are inconsistent.`);
      live.prepare(`DELETE FROM main."${b.table}" WHERE rowid = ?`).run(b.rowid);
    }
    within.after?.();
  } catch (e) {
    end('ROLLBACK');
    // A row this appliance's schema refuses (a constraint, a type): the archive's fault, not the server's.
    if (isSqliteError(e) && table) throw damaged(`The backup's ${table} rows do not fit this appliance.`);
    throw e;
  }
  return { commit: () => end('COMMIT'), rollback: () => end('ROLLBACK') };
}

/** Stages the appliance database's copy; a session stays with its account: one whose id now names another ends. */
function stageAppliance(db: Database.Database, file: string, history: HistoryRule): StagedCopy {
  let owners = new Map<number, string>();
  const sessionOwners = () =>
    new Map(
      (
        db
          .prepare('SELECT s.rowid AS r, u.username AS u FROM sessions s JOIN users u ON u.id = s.user_id')
          .all() as Array<{ r: number; u: string }>
      ).map((x) => [x.r, x.u.toLowerCase()]),
    );
  return stageCopy(db, file, history, {
    before: () => (owners = sessionOwners()),
    after: () => {
      const now = sessionOwners();
      for (const [rowid, username] of owners)
        if (now.get(rowid) !== username) db.prepare('DELETE FROM sessions WHERE rowid = ?').run(rowid);
    },
  });
}

/**
 * Copies the member database files over the live connections as one step: both are staged (see stageCopy) before
 * either commits, so a refused copy of either leaves both as they were. `dryRun`: both staged and rolled back.
 */
export function stageBoth(
  appliance: { live: Database.Database; member: string },
  identity: { live: Database.Database; member: string } | null,
  history: HistoryRule,
  dryRun: boolean,
): void {
  const identityCopy = identity ? stageCopy(identity.live, identity.member, history) : null;
  let applianceCopy: StagedCopy;
  try {
    applianceCopy = stageAppliance(appliance.live, appliance.member, history);
  } catch (e) {
    identityCopy?.rollback();
    throw e;
  }
  if (dryRun) {
    identityCopy?.rollback();
    return applianceCopy.rollback();
  }
  try {
    identityCopy?.commit();
  } catch (e) {
    applianceCopy.rollback();
    throw e;
  }
  applianceCopy.commit();
}

/** A connection of the worker's own to a database file, set up as the server's are (sqlite.ts openDatabase). */
function connect(file: string): Database.Database {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  registerListKeyFunctions(db);
  return db;
}

export interface StageFiles {
  /** Live database files (the appliance's, the identity service's when it is set up and the archive has one). */
  appliance: { live: string; member: string };
  identity: { live: string; member: string } | null;
  history: HistoryRule;
  /** Stage onto copies of the live files and roll back: what a plan does to be truthful. */
  dryRun: boolean;
}

/** The worker's task: stages (and commits, unless a dry run) the member files over the live ones. */
export function stageDatabases(job: StageFiles): void {
  const dir = job.dryRun ? fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-stage-')) : null;
  const target = (live: string, name: string) => {
    if (!dir) return live;
    const copy = path.join(dir, name);
    vacuumFile(live, copy);
    return copy;
  };
  const open: Database.Database[] = [];
  try {
    const appliance = connect(target(job.appliance.live, 'appliance.db'));
    open.push(appliance);
    let identity: Database.Database | null = null;
    if (job.identity) {
      identity = connect(target(job.identity.live, 'identity.db'));
      open.push(identity);
    }
    stageBoth(
      { live: appliance, member: job.appliance.member },
      identity && job.identity ? { live: identity, member: job.identity.member } : null,
      job.history,
      job.dryRun,
    );
  } finally {
    for (const db of open) db.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
