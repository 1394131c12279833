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

/**
 * What a table holds, as its owner declares it beside the migration that creates it. Undeclared tables hold
 * configuration (a restore brings them back from the archive); `runtime` tables hold the state of this running
 * service (sessions, jobs, counters, logs: a restore keeps them); `history` tables hold the record of changes (kept
 * together as one whole, see src/appliance/backups/snapshot.ts). A table with a foreign key to a runtime or history
 * table shares that table's role without declaring it.
 */
export type TableRole = 'runtime' | 'history';

export interface Migration {
  /** 1, 2, 3, … in order; never renumber a released migration. */
  version: number;
  name: string;
  up: (db: Db) => void;
  /** The roles of the tables this migration creates that do not hold configuration (see TableRole). */
  tables?: Record<string, TableRole>;
}

/** The declared roles, kept in the database itself so that any connection (and any copy of the file) can read them. */
const SCHEMA_TABLES_SQL = `CREATE TABLE IF NOT EXISTS schema_tables (
  name TEXT PRIMARY KEY,
  role TEXT NOT NULL CHECK (role IN ('runtime', 'history')),
  namespace TEXT NOT NULL
)`;

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

/**
 * Whether `e` is an error SQLite raised (a constraint, a type, a damaged file). Told by its name and code, not by
 * `instanceof`: the driver's native part keeps the error class of the first copy of its JavaScript that was loaded,
 * and a process that loads that JavaScript twice (a test runner's module registries and contexts) gets errors of
 * another class, even another `Error`.
 */
export function isSqliteError(e: unknown): e is Error & { code: string } {
  if (typeof e !== 'object' || e === null) return false;
  const { name, code } = e as { name?: unknown; code?: unknown };
  return name === 'SqliteError' && typeof code === 'string' && code.startsWith('SQLITE_');
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
  db.exec(SCHEMA_TABLES_SQL);
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
  declareTables(db, namespace, sorted);
  return count;
}

/** Records the table roles the migrations of a namespace declare (every start: a declaration may be added later). */
function declareTables(db: Db, namespace: string, migrations: Migration[]): void {
  const declared = migrations.flatMap((m) => Object.entries(m.tables ?? {}));
  if (!declared.length) return;
  db.exec(SCHEMA_TABLES_SQL);
  const upsert = db.prepare(
    `INSERT INTO schema_tables (name, role, namespace) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET role = excluded.role, namespace = excluded.namespace`,
  );
  db.transaction(() => {
    for (const [name, role] of declared) upsert.run(name, role, namespace);
  }).immediate();
}

/** The bookkeeping of the migrations themselves: this database's own, never another's. */
const SCHEMA_TABLES: Record<string, TableRole> = { schema_migrations: 'runtime', schema_tables: 'runtime' };

/**
 * The role of every table of `schema` that does not hold configuration: the declared ones (read from the database,
 * see TableRole), then every table with a foreign key to one of them, transitively (runtime wins over history).
 */
export function tableRoles(db: Db, schema = 'main'): Map<string, TableRole> {
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const tables = (
    db
      .prepare(
        `SELECT name FROM ${q(schema)}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
      )
      .all() as Array<{ name: string }>
  ).map((r) => r.name);
  const roles = new Map<string, TableRole>(Object.entries(SCHEMA_TABLES));
  if (tables.includes('schema_tables'))
    for (const r of db.prepare(`SELECT name, role FROM ${q(schema)}.schema_tables`).all() as Array<{
      name: string;
      role: TableRole;
    }>)
      roles.set(r.name, r.role);
  const references = new Map(
    tables.map((t) => [
      t,
      (
        db.prepare('SELECT "table" AS parent FROM pragma_foreign_key_list(?, ?)').all(t, schema) as Array<{
          parent: string;
        }>
      ).map((r) => r.parent),
    ]),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const [table, parents] of references) {
      const inherited = parents.map((p) => roles.get(p)).filter((r) => r !== undefined);
      const role = inherited.includes('runtime') ? 'runtime' : inherited[0];
      if (!role || roles.get(table) === role || roles.get(table) === 'runtime') continue;
      roles.set(table, role);
      changed = true;
    }
  }
  for (const name of roles.keys()) if (!tables.includes(name)) roles.delete(name);
  return roles;
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
