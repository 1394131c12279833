/**
 * The shared SQLite opener: prepared statements are reused per SQL text and stay correct under reuse; kept reads
 * answer the same object until the database changes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isSqliteError, keptRead, openDatabase } from '../../src/storage/sqlite';

describe('prepared statement cache', () => {
  it('returns the same statement for the same SQL and answers each run with its own parameters', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)');
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
    expect(db.prepare('INSERT INTO t (k, v) VALUES (?, ?)')).toBe(insert);
    insert.run('a', 1);
    db.prepare('INSERT INTO t (k, v) VALUES (?, ?)').run('b', 2);
    const get = (k: string) => db.prepare('SELECT v FROM t WHERE k = ?').get(k) as { v: number } | undefined;
    expect(get('a')?.v).toBe(1);
    expect(get('b')?.v).toBe(2);
    expect(get('c')).toBeUndefined();
    db.close();
  });

  it('keeps working past its size by preparing again what it evicted', () => {
    const db = openDatabase(':memory:');
    const first = db.prepare('SELECT 0 AS n');
    for (let i = 1; i <= 600; i++) expect((db.prepare(`SELECT ${i} AS n`).get() as { n: number }).n).toBe(i);
    const again = db.prepare('SELECT 0 AS n');
    expect(again).not.toBe(first);
    expect((again.get() as { n: number }).n).toBe(0);
    db.close();
  });
});

describe('kept reads', () => {
  it('answer the very same frozen object per key until a write, from this connection or another', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-kept-'));
    const file = path.join(dir, 'kept.db');
    const db = openDatabase(file);
    db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)');
    db.prepare('INSERT INTO t (k, v) VALUES (?, ?)').run('a', 1);
    let reads = 0;
    const read = keptRead(db, (k: string) => {
      reads++;
      return { value: (db.prepare('SELECT v FROM t WHERE k = ?').get(k) as { v: number } | undefined)?.v };
    });
    const first = read('a');
    expect(first).toEqual({ value: 1 });
    expect(read('a')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(read('b')).toEqual({ value: undefined });
    expect(reads).toBe(2);

    db.prepare('UPDATE t SET v = 2 WHERE k = ?').run('a');
    expect(read('a')).toEqual({ value: 2 });

    // Another process (here another connection) writing the same file is seen as well.
    const other = openDatabase(file);
    other.prepare('UPDATE t SET v = 3 WHERE k = ?').run('a');
    other.close();
    expect(read('a')).toEqual({ value: 3 });
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('forget their oldest key past their size', () => {
    const db = openDatabase(':memory:');
    let reads = 0;
    const read = keptRead(db, (k: number) => ({ k, n: ++reads }), 2);
    const one = read(1);
    read(2);
    read(3);
    expect(read(3).n).toBe(3);
    expect(read(1)).not.toBe(one);
    expect(reads).toBe(4);
    db.close();
  });
});

describe('SQLite errors', () => {
  const raised = (db: ReturnType<typeof openDatabase>, sql: string): unknown => {
    try {
      db.exec(sql);
    } catch (e) {
      return e;
    }
    throw new Error(`${sql} did not fail`);
  };

  it('are told by name and code, also when the driver was loaded a second time (another error class)', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE t (k TEXT NOT NULL)');
    const notNull = raised(db, 'INSERT INTO t (k) VALUES (NULL)');
    expect(isSqliteError(notNull)).toBe(true);
    expect((notNull as { code: string }).code).toBe('SQLITE_CONSTRAINT_NOTNULL');
    // A second copy of the driver's JavaScript (as a test runner's next module registry loads it): its error class is
    // not the one the native part raises with, so `instanceof` answers false for one of them.
    let Second: { SqliteError: new (message: string, code: string) => Error } | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      Second = require('better-sqlite3');
    });
    const other = new Second!.SqliteError('NOT NULL constraint failed: t.k', 'SQLITE_CONSTRAINT_NOTNULL');
    expect(notNull instanceof Second!.SqliteError && other instanceof (notNull as object).constructor).toBe(
      false,
    );
    expect(isSqliteError(other)).toBe(true);
  });

  it('are not any error that carries a code', () => {
    expect(isSqliteError(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe(false);
    expect(isSqliteError(new TypeError('x.toLowerCase is not a function'))).toBe(false);
    expect(isSqliteError({ name: 'SqliteError', code: 'ENOENT' })).toBe(false);
    expect(isSqliteError(null)).toBe(false);
  });
});
