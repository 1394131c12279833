/** Schema of the SSH service (namespace `ssh`): numbered, forward only. */
import type { Migration } from '../../storage/sqlite';

export const sshMigrations: Migration[] = [
  {
    version: 1,
    name: 'settings, authorised keys, shell password',
    up: (db) =>
      db.exec(`
        CREATE TABLE ssh_settings (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          data TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE TABLE ssh_lists (
          id INTEGER PRIMARY KEY,
          list TEXT NOT NULL,
          data TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX ssh_lists_list ON ssh_lists(list);
        CREATE TABLE ssh_shell_password (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          password_hash TEXT NOT NULL,
          changed_at INTEGER NOT NULL,
          changed_by TEXT NOT NULL
        );
      `),
  },
];
