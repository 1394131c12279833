/**
 * The DNS query log's table (`dns_queries`, created by the DNS module's migration 4): one row per answered query,
 * indexed by time, name and client. Writes come in batches (one transaction each); retention by age and by count
 * (`RAMPART_DNS_QUERY_RETENTION_DAYS` / `_COUNT`) runs every `pruneEvery` rows and on a timer. Lists filter and page
 * in SQL: the table is large by nature.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../storage/sqlite';
import type {
  AnsweredBy,
  DnsQueryFilter,
  DnsQueryRecord,
  DnsQueryTop,
  QueryWhy,
} from '../../../shared/dnsQueries';

export type NewQueryRecord = Omit<DnsQueryRecord, 'id'>;
export type QueryListener = (records: readonly DnsQueryRecord[]) => void;

export interface QueryStoreOptions {
  retentionDays: number;
  retentionCount: number;
  /** Retention also runs after this many rows (default 5000) … */
  pruneEvery?: number;
  /** … and on this timer (default 10 minutes; 0 = none). */
  pruneIntervalMs?: number;
  /** Clock in milliseconds. */
  now?: () => number;
}

interface Row {
  id: number;
  time: number;
  client: string;
  name: string;
  type: string;
  rcode: string;
  answered_by: AnsweredBy;
  latency_ms: number;
  size: number;
  why: string;
}

const toRecord = (r: Row): DnsQueryRecord => ({ ...r, why: JSON.parse(r.why) as QueryWhy });

export const DNS_QUERIES_MIGRATION_SQL = `
  CREATE TABLE dns_queries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    time INTEGER NOT NULL,
    client TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    rcode TEXT NOT NULL,
    answered_by TEXT NOT NULL,
    latency_ms REAL NOT NULL,
    size INTEGER NOT NULL,
    why TEXT NOT NULL
  );
  CREATE INDEX dns_queries_time ON dns_queries (time);
  CREATE INDEX dns_queries_name ON dns_queries (name, time);
  CREATE INDEX dns_queries_client ON dns_queries (client, time);
`;

function where(f: DnsQueryFilter): { sql: string; args: Array<string | number> } {
  const parts: string[] = [];
  const args: Array<string | number> = [];
  if (f.q) {
    // LIKE with escapes: a `%` or `_` typed in the filter means itself.
    parts.push("name LIKE ? ESCAPE '\\'");
    args.push(`%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  const exact: Array<[string, string | number | undefined]> = [
    ['client = ?', f.client],
    ['type = ?', f.type?.toUpperCase()],
    ['rcode = ?', f.rcode?.toUpperCase()],
    ['answered_by = ?', f.answered_by],
    ['time >= ?', f.from],
    ['time <= ?', f.to],
  ];
  for (const [sql, value] of exact) {
    if (value === undefined || value === '') continue;
    parts.push(sql);
    args.push(value);
  }
  return { sql: parts.length ? ` WHERE ${parts.join(' AND ')}` : '', args };
}

export class QueryStore {
  private readonly listeners = new Set<QueryListener>();
  private readonly insert: Statement<unknown[]>;
  private readonly statements = new Map<string, Statement<unknown[]>>();
  private readonly insertAll: (rows: readonly NewQueryRecord[]) => DnsQueryRecord[];
  private sincePrune = 0;
  private readonly timer?: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: QueryStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.insert = db.prepare(
      `INSERT INTO dns_queries (time, client, name, type, rcode, answered_by, latency_ms, size, why)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertAll = db.transaction((rows: readonly NewQueryRecord[]) =>
      rows.map((r) => {
        const { lastInsertRowid } = this.insert.run(
          r.time,
          r.client,
          r.name,
          r.type,
          r.rcode,
          r.answered_by,
          r.latency_ms,
          r.size,
          JSON.stringify(r.why),
        );
        return { id: Number(lastInsertRowid), ...r };
      }),
    );
    const every = options.pruneIntervalMs ?? 10 * 60 * 1000;
    if (every > 0) {
      this.timer = setInterval(() => {
        try {
          this.prune();
        } catch {
          // A closed or busy database: the next round tries again.
        }
      }, every);
      this.timer.unref();
    }
  }

  private stmt(sql: string): Statement<unknown[]> {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  /** Stores a batch in one transaction and tells the subscribers. */
  appendMany(rows: readonly NewQueryRecord[]): DnsQueryRecord[] {
    if (!rows.length) return [];
    const stored = this.insertAll(rows);
    this.sincePrune += stored.length;
    if (this.sincePrune >= (this.options.pruneEvery ?? 5000)) this.prune();
    for (const l of this.listeners) {
      try {
        l(stored);
      } catch {
        // One failing subscriber must not stop the others or the writer.
      }
    }
    return stored;
  }

  prune(now = this.now()): number {
    this.sincePrune = 0;
    const byAge = this.stmt('DELETE FROM dns_queries WHERE time < ?').run(
      now - this.options.retentionDays * 86_400_000,
    ).changes;
    const byCount = this.stmt(
      'DELETE FROM dns_queries WHERE id <= (SELECT id FROM dns_queries ORDER BY id DESC LIMIT 1 OFFSET ?)',
    ).run(this.options.retentionCount).changes;
    return byAge + byCount;
  }

  /** Newest first, one page. */
  list(f: DnsQueryFilter, page: number, perPage: number): { data: DnsQueryRecord[]; total: number } {
    const w = where(f);
    const total = (this.stmt(`SELECT COUNT(*) AS n FROM dns_queries${w.sql}`).get(...w.args) as { n: number })
      .n;
    const rows = this.stmt(
      `SELECT id, time, client, name, type, rcode, answered_by, latency_ms, size, why FROM dns_queries${w.sql}
       ORDER BY id DESC LIMIT ? OFFSET ?`,
    ).all(...w.args, perPage, (page - 1) * perPage) as Row[];
    return { data: rows.map(toRecord), total };
  }

  /** Records after an id, oldest first (a stream resuming). */
  after(id: number, f: DnsQueryFilter, limit: number): DnsQueryRecord[] {
    const w = where(f);
    const sql = `SELECT id, time, client, name, type, rcode, answered_by, latency_ms, size, why FROM dns_queries${
      w.sql ? `${w.sql} AND id > ?` : ' WHERE id > ?'
    } ORDER BY id ASC LIMIT ?`;
    return (this.stmt(sql).all(...w.args, id, limit) as Row[]).map(toRecord);
  }

  lastId(): number {
    return (this.stmt('SELECT COALESCE(MAX(id), 0) AS id FROM dns_queries').get() as { id: number }).id;
  }

  count(): number {
    return (this.stmt('SELECT COUNT(*) AS n FROM dns_queries').get() as { n: number }).n;
  }

  /** The most asked names and the most asking clients in a time range. */
  top(
    from: number | undefined,
    to: number | undefined,
    limit: number,
  ): Pick<DnsQueryTop, 'total' | 'names' | 'clients'> {
    const w = where({ from, to });
    const total = (this.stmt(`SELECT COUNT(*) AS n FROM dns_queries${w.sql}`).get(...w.args) as { n: number })
      .n;
    const names = this.stmt(
      `SELECT name, COUNT(*) AS count FROM dns_queries${w.sql ? `${w.sql} AND` : ' WHERE'} name != ''
       GROUP BY name ORDER BY count DESC, name ASC LIMIT ?`,
    ).all(...w.args, limit) as Array<{ name: string; count: number }>;
    const clients = this.stmt(
      `SELECT client, COUNT(*) AS count FROM dns_queries${w.sql} GROUP BY client ORDER BY count DESC, client ASC LIMIT ?`,
    ).all(...w.args, limit) as Array<{ client: string; count: number }>;
    return { total, names, clients };
  }

  subscribe(listener: QueryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.listeners.clear();
  }
}
