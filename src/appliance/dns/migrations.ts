/** Schema of the DNS proxy and dynamic DNS (namespace `dns`): numbered, forward only. */
import type { Migration } from '../../storage/sqlite';
import { DNS_QUERIES_MIGRATION_SQL } from './querylog/store';
import { bindingText, ddnsSecretBinding, type DdnsBindingInput } from '../../shared/secretBinding';

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
  {
    version: 2,
    name: 'what each stored dynamic DNS secret is bound to',
    // A secret is used only with the settings it was saved with (src/shared/secretBinding.ts). Secrets stored before
    // are bound to the settings they have now: nothing better is known about them.
    up: (db) => {
      db.exec('ALTER TABLE ddns_accounts ADD COLUMN secret_binding TEXT');
      const rows = db.prepare('SELECT id, data FROM ddns_accounts WHERE secret IS NOT NULL').all() as Array<{
        id: number;
        data: string;
      }>;
      const bind = db.prepare('UPDATE ddns_accounts SET secret_binding = ? WHERE id = ?');
      for (const r of rows)
        bind.run(bindingText(ddnsSecretBinding(JSON.parse(r.data) as DdnsBindingInput)), r.id);
    },
  },
  {
    version: 3,
    name: 'since when a dynamic DNS account fails, and what failed',
    up: (db) => {
      db.exec('ALTER TABLE ddns_accounts ADD COLUMN failing_since INTEGER');
      db.exec('ALTER TABLE ddns_accounts ADD COLUMN failure TEXT');
    },
  },
  {
    version: 4,
    name: 'the DNS query log: one row per answered query, by time, name and client',
    tables: { dns_queries: 'runtime' },
    up: (db) => db.exec(DNS_QUERIES_MIGRATION_SQL),
  },
];
