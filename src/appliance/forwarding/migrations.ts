/** The forwarding feature's tables: the targets, their queue (runtime: not configuration) and status. */
import type { Db } from '../../storage/sqlite';
import { DEFAULT_QUEUE_LIMIT } from '../../shared/contracts/forwarding';
import { appendMenuEntry } from '../console/menu';

export const forwardingMigrations = [
  {
    version: 1,
    tables: { forwarding_queue: 'runtime' as const, forwarding_status: 'runtime' as const },
    name: 'remote syslog targets, their queue and status',
    up: (db: Db) => {
      db.exec(`CREATE TABLE forwarding_targets (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        protocol TEXT NOT NULL CHECK (protocol IN ('udp', 'tcp', 'tls')),
        host TEXT NOT NULL,
        port INTEGER NOT NULL,
        audit INTEGER NOT NULL,
        services TEXT NOT NULL,
        tls_certificate_id TEXT,
        tls_ca_id TEXT,
        queue_limit INTEGER NOT NULL DEFAULT ${DEFAULT_QUEUE_LIMIT}
      );
      CREATE TABLE forwarding_queue (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        target_id INTEGER NOT NULL REFERENCES forwarding_targets(id) ON DELETE CASCADE,
        line TEXT NOT NULL
      );
      CREATE INDEX forwarding_queue_target ON forwarding_queue (target_id, id);
      CREATE TABLE forwarding_status (
        target_id INTEGER PRIMARY KEY REFERENCES forwarding_targets(id) ON DELETE CASCADE,
        dropped INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        last_error_at INTEGER,
        last_sent_at INTEGER,
        last_dropped_at INTEGER
      );`);
    },
  },
  {
    version: 2,
    name: 'Log forwarding in the System menu of appliances seeded before it',
    up: (db: Db) => {
      appendMenuEntry(db, 'system', {
        id: 'log-forwarding',
        name: 'Log forwarding',
        path: '/log-forwarding',
      });
    },
  },
];
