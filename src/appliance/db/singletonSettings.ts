/**
 * A feature's settings kept as one JSON row (`id = 1`) of its own table: DNS proxy and SSH server settings. Reading
 * fills what the row lacks from the defaults (a setting added later reads as its default on an older row).
 */
import type { Db } from '../../storage/sqlite';

export interface SingletonSettings<T extends object> {
  read(db: Db): T;
  write(db: Db, settings: T, now: number): void;
}

export function singletonSettings<T extends object>(table: string, defaults: T): SingletonSettings<T> {
  return {
    read(db) {
      const row = db.prepare(`SELECT data FROM ${table} WHERE id = 1`).get() as { data: string } | undefined;
      return row ? { ...defaults, ...(JSON.parse(row.data) as Partial<T>) } : defaults;
    },
    write(db, settings, now) {
      db.prepare(
        `INSERT INTO ${table} (id, data, updated_at) VALUES (1, ?, ?)
         ON CONFLICT(id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
      ).run(JSON.stringify(settings), now);
    },
  };
}
