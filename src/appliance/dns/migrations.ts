/** Schema of the DNS proxy and dynamic DNS (namespace `dns`): numbered, forward only. */
import type { Migration } from '../../storage/sqlite';

export const dnsMigrations: Migration[] = [
  {
    version: 1,
    name: 'proxy settings and lists, dynamic DNS accounts',
    up: (db) =>
      db.exec(`
        CREATE TABLE dns_settings (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          data TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE TABLE dns_lists (
          id INTEGER PRIMARY KEY,
          list TEXT NOT NULL,
          data TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX dns_lists_list ON dns_lists(list);
        CREATE TABLE ddns_accounts (
          id INTEGER PRIMARY KEY,
          data TEXT NOT NULL,
          secret TEXT,
          last_ip TEXT,
          last_result TEXT,
          last_update_at INTEGER,
          next_check_at INTEGER,
          created_at INTEGER NOT NULL
        );
      `),
  },
];
