/**
 * SQLite storage of the embedded services (better-sqlite3): WAL mode, foreign keys on, a busy timeout so two
 * processes on one data directory wait for each other instead of failing, and numbered forward migrations kept per
 * module (namespace), so each module owns its own schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { registerListKeyFunctions } from './listKeys';

export type Db = Database.Database;

export interface Migration {
  /** 1, 2, 3, … in order; never renumber a released migration. */
  version: number;
  name: string;
  up: (db: Db) => void;
}

/** Distinct SQL texts kept prepared per connection (the services' statements are literals: far fewer than this). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Makes `db.prepare` return the already prepared statement for a SQL text it has seen: preparing costs more than
 * running a small query, and hot paths (the session lookup of every signed-in request) run the same few statements.
 * Shared statements are safe because every use runs to completion synchronously; do not change a statement's mode
 * (`pluck`, `raw`, `expand`) or keep an `iterate()` open across other queries.
 */
function cachePreparedStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (statement) {
      // Least recently used goes first when the cache is full.
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  }) as Db['prepare'];
}

/**
 * A stamp that changes whenever the database may have changed: rows written through this connection
 * (`total_changes()`) or a commit by another connection (`data_version`). A read that costs more than this query
 * and rarely changes can be kept while the stamp stays the same.
 */
export function changeStamp(db: Db): string {
  const row = db
    .prepare('SELECT total_changes() AS t, (SELECT data_version FROM pragma_data_version) AS v')
    .get() as { t: number; v: number };
  return `${row.t}:${row.v}`;
}

/** Freezes a read's answer and everything in it: a kept answer is shared, so nobody may change it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * A read kept while the database has not changed (see changeStamp): per key, the very same frozen answer until the
 * next write, so a caller may also keep what it made of the answer by its identity. Reads that every request makes
 * (the menu, the look and feel) cost more than the stamp. Past `maxKeys` keys the oldest is read again.
 */
export function keptRead<T>(db: Db, read: () => T): () => T;
export function keptRead<K, T>(db: Db, read: (key: K) => T, maxKeys?: number): (key: K) => T;
export function keptRead<K, T>(db: Db, read: (key: K) => T, maxKeys = 1000): (key: K) => T {
  let stamp: string | undefined;
  const kept = new Map<K, T>();
  return (key) => {
    const current = changeStamp(db);
    if (current !== stamp) {
      kept.clear();
      stamp = current;
    }
    if (kept.has(key)) return kept.get(key)!;
    const value = deepFreeze(read(key));
    if (kept.size >= maxKeys) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
    return value;
  };
}

/** A kept read (see keptRead) of whichever database it is given: one kept read per database. */
export function keptReads<K, T>(read: (db: Db, key: K) => T): (db: Db, key: K) => T {
  const reads = new WeakMap<Db, (key: K) => T>();
  return (db, key) => {
    let kept = reads.get(db);
    if (!kept) reads.set(db, (kept = keptRead(db, (k: K) => read(db, k))));
    return kept(key);
  };
}

export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    namespace TEXT NOT NULL,
    version INTEGER NOT NULL,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL,
    PRIMARY KEY (namespace, version)
  )`);
  // Before any migration: list-key triggers call these when rows are written.
  registerListKeyFunctions(db);
  cachePreparedStatements(db);
  return db;
}

/** Applies the migrations of one namespace that are not applied yet, each in its own transaction. */
export function migrate(db: Db, namespace: string, migrations: Migration[]): number {
  const applied = new Set(
    (
      db.prepare('SELECT version FROM schema_migrations WHERE namespace = ?').all(namespace) as Array<{
        version: number;
      }>
    ).map((r) => r.version),
  );
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  let count = 0;
  for (const m of sorted) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      m.up(db);
      db.prepare(
        'INSERT INTO schema_migrations (namespace, version, name, applied_at) VALUES (?, ?, ?, ?)',
      ).run(namespace, m.version, m.name, Date.now());
    }).immediate();
    count += 1;
  }
  return count;
}

/** Holds the data directory for one server; released by `release()` or when the process dies (an OS file lock). */
export interface DataDirLock {
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `data directory ${dataDir} is in use by another Rampart server; stop that server or start this one with another RAMPART_DATA_DIR`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Takes an exclusive SQLite lock on `<dataDir>/<name>.lock`. SQLite's lock is an OS lock, so it also refuses a second
 * connection inside the same process and disappears with a crashed process: no stale lock files to clean up.
 */
export function lockDataDir(dataDir: string, name: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockDb = new Database(path.join(dataDir, `${name}.lock`));
  try {
    lockDb.pragma('busy_timeout = 0');
    lockDb.pragma('locking_mode = EXCLUSIVE');
    // The first write in exclusive locking mode keeps the lock until the connection closes.
    lockDb.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (e) {
    lockDb.close();
    if ((e as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirInUseError(path.resolve(dataDir));
    throw e;
  }
  return { release: () => lockDb.close() };
}
