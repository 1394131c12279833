/** The shared SQLite opener: prepared statements are reused per SQL text and stay correct under reuse. */
import { openDatabase } from '../../src/storage/sqlite';

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
