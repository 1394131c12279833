/**
 * The log store: every appliance log entry in the appliance's SQLite, indexed by time and by service. The audit
 * writer, the syslog receiver and `POST {api}logs` append to it; the stream route reads history from it and
 * subscribes to what is appended next. Retention by age and by count keeps the table bounded.
 */
import type { Statement } from 'better-sqlite3';
import { migrate, type Db } from '../../storage/sqlite';
import {
  DEFAULT_SEVERITY,
  FALLBACK_SERVICE,
  isLogService,
  isLogSeverity,
  MAX_MESSAGE_LENGTH,
  type LogEntry,
  type StoredLogEntry,
} from '../../shared/logServices';

export type { LogEntry, StoredLogEntry } from '../../shared/logServices';

/** What the appliance's audit writer needs: somewhere to append an entry. */
export interface LogSink {
  append(entry: LogEntry): StoredLogEntry;
}

export interface LogQuery {
  /** Only entries with a larger id (stream resume). */
  afterId?: number;
  /** Inclusive bounds on `timestamp`, in seconds. */
  from?: number;
  to?: number;
  /** Only these services; absent or empty = all. */
  services?: readonly string[];
  /** At most this many entries. */
  limit?: number;
  /** With `limit`: the newest matching entries rather than the oldest (still returned oldest first). */
  newest?: boolean;
}

export type LogListener = (entries: readonly StoredLogEntry[]) => void;

export interface LogStore extends LogSink {
  /** Appends many entries in one transaction: all are stored or none. */
  appendMany(entries: readonly LogEntry[]): StoredLogEntry[];
  /** Matching entries in id order (oldest first). */
  query(q?: LogQuery): StoredLogEntry[];
  /** Largest id stored so far (0 when empty). */
  lastId(): number;
  count(): number;
  /** Deletes entries older than the retention age and beyond the retention count; returns how many. */
  prune(nowSeconds?: number): number;
  /** Calls the listener with every batch appended from now on; returns the unsubscribe. */
  subscribe(listener: LogListener): () => void;
  /** Stops the retention timer (the database stays open; its owner closes it). */
  close(): void;
}

export interface LogStoreOptions {
  retentionDays: number;
  retentionCount: number;
  /** Retention also runs after this many appends (default 1000) … */
  pruneEveryAppends?: number;
  /** … and on this timer (default 10 minutes; 0 = no timer). */
  pruneIntervalMs?: number;
  /** Clock in seconds (tests). */
  now?: () => number;
}

const DEFAULT_PRUNE_EVERY = 1000;
const DEFAULT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;
const TRUNCATION_MARK = ' […]';

const nowSeconds = () => Date.now() / 1000;

/**
 * Makes an entry storable without losing what it says: an unknown service is kept in the message under the
 * fallback service; an overlong message is cut with a marker; a missing or bad timestamp becomes now.
 */
export function normaliseEntry(entry: LogEntry, now: number = nowSeconds()): LogEntry {
  let service = String(entry.service ?? '')
    .trim()
    .toLowerCase();
  let message = String(entry.message ?? '');
  if (!isLogService(service)) {
    if (service) message = `[${service.slice(0, 64)}] ${message}`;
    service = FALLBACK_SERVICE;
  }
  if (message.length > MAX_MESSAGE_LENGTH) {
    message = message.slice(0, MAX_MESSAGE_LENGTH - TRUNCATION_MARK.length) + TRUNCATION_MARK;
  }
  const ts = Number(entry.timestamp);
  const timestamp = Number.isFinite(ts) && ts >= 0 ? ts : now;
  const severity = isLogSeverity(entry.severity) ? entry.severity : DEFAULT_SEVERITY;
  return { service, timestamp, message, severity };
}

export const logMigrations = [
  {
    version: 1,
    tables: { logs: 'runtime' as const },
    name: 'logs table indexed by time and service',
    up: (db: Db) => {
      db.exec(`CREATE TABLE logs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        service TEXT NOT NULL,
        timestamp REAL NOT NULL,
        message TEXT NOT NULL
      );
      CREATE INDEX logs_timestamp ON logs (timestamp);
      CREATE INDEX logs_service_id ON logs (service, id);`);
    },
  },
  {
    version: 2,
    name: 'log entries carry their severity',
    up: (db: Db) => {
      // Entries stored before said none: they read as info, like every entry that gives none.
      db.exec(`ALTER TABLE logs ADD COLUMN severity TEXT NOT NULL DEFAULT '${DEFAULT_SEVERITY}';`);
    },
  },
];

export function createLogStore(db: Db, options: LogStoreOptions): LogStore {
  migrate(db, 'logs', logMigrations);
  const clock = options.now ?? nowSeconds;
  const pruneEvery = options.pruneEveryAppends ?? DEFAULT_PRUNE_EVERY;
  const listeners = new Set<LogListener>();
  const insert = db.prepare('INSERT INTO logs (service, timestamp, message, severity) VALUES (?, ?, ?, ?)');
  const lastIdStmt = db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM logs');
  const countStmt = db.prepare('SELECT COUNT(*) AS n FROM logs');
  const pruneAge = db.prepare('DELETE FROM logs WHERE timestamp < ?');
  const pruneCount = db.prepare(
    'DELETE FROM logs WHERE id <= (SELECT id FROM logs ORDER BY id DESC LIMIT 1 OFFSET ?)',
  );
  const statements = new Map<string, Statement<unknown[]>>();
  let appendsSincePrune = 0;

  const insertAll = db.transaction((entries: readonly LogEntry[]) => {
    const now = clock();
    return entries.map((e) => {
      const n = normaliseEntry(e, now);
      const { lastInsertRowid } = insert.run(n.service, n.timestamp, n.message, n.severity);
      return { id: Number(lastInsertRowid), ...n };
    });
  });

  function notify(stored: StoredLogEntry[]) {
    for (const l of listeners) {
      try {
        l(stored);
      } catch {
        // One failing subscriber must not stop the others or the writer.
      }
    }
  }

  function prune(now: number = clock()): number {
    appendsSincePrune = 0;
    const byAge = pruneAge.run(now - options.retentionDays * 86400).changes;
    const byCount = pruneCount.run(options.retentionCount).changes;
    return byAge + byCount;
  }

  function appendMany(entries: readonly LogEntry[]): StoredLogEntry[] {
    if (entries.length === 0) return [];
    const stored = insertAll(entries);
    appendsSincePrune += stored.length;
    if (appendsSincePrune >= pruneEvery) prune();
    notify(stored);
    return stored;
  }

  function query(q: LogQuery = {}): StoredLogEntry[] {
    const where: string[] = [];
    const args: Array<number | string> = [];
    if (q.afterId !== undefined) {
      where.push('id > ?');
      args.push(q.afterId);
    }
    if (q.from !== undefined) {
      where.push('timestamp >= ?');
      args.push(q.from);
    }
    if (q.to !== undefined) {
      where.push('timestamp <= ?');
      args.push(q.to);
    }
    if (q.services && q.services.length > 0) {
      where.push(`service IN (${q.services.map(() => '?').join(', ')})`);
      args.push(...q.services);
    }
    const order = q.newest ? 'DESC' : 'ASC';
    let sql = `SELECT id, service, timestamp, message, severity FROM logs${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY id ${order}`;
    if (q.limit !== undefined) {
      sql += ' LIMIT ?';
      args.push(Math.max(0, Math.floor(q.limit)));
    }
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      statements.set(sql, stmt);
    }
    const rows = stmt.all(...args) as StoredLogEntry[];
    return q.newest ? rows.reverse() : rows;
  }

  const timer =
    (options.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS) > 0
      ? setInterval(() => {
          try {
            prune();
          } catch {
            // A busy or closed database: the next round tries again.
          }
        }, options.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS)
      : undefined;
  timer?.unref();
  prune();

  return {
    append: (entry) => appendMany([entry])[0],
    appendMany,
    query,
    lastId: () => (lastIdStmt.get() as { id: number }).id,
    count: () => (countStmt.get() as { n: number }).n,
    prune,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      if (timer) clearInterval(timer);
      listeners.clear();
    },
  };
}
