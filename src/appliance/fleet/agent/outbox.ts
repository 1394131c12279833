/**
 * The agent's queue of events not yet acknowledged by the fleet's stream, in the appliance's database
 * (`fleet_outbox`): an appliance that cannot reach the fleet keeps what happened, across its own restarts, and sends
 * it when it is back. It holds at most `limit` events: beyond it the oldest are deleted and counted
 * (`fleet_outbox_status.dropped`), as log forwarding's queue does.
 */
import { migrate, type Db, type Migration } from '../../../storage/sqlite';

export const DEFAULT_OUTBOX_LIMIT = 10_000;

export const outboxMigrations: Migration[] = [
  {
    version: 1,
    name: 'fleet agent: events waiting for the fleet, and how many were dropped',
    tables: { fleet_outbox: 'runtime', fleet_outbox_status: 'runtime' },
    up: (db) => {
      db.exec(`CREATE TABLE fleet_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        body TEXT NOT NULL
      );
      CREATE TABLE fleet_outbox_status (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        dropped INTEGER NOT NULL DEFAULT 0,
        last_dropped_at INTEGER
      );`);
    },
  },
];

export interface OutboxEntry {
  seq: number;
  body: string;
}

export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly limit = DEFAULT_OUTBOX_LIMIT,
    private readonly now: () => number = Date.now,
  ) {
    migrate(db, 'fleet_agent', outboxMigrations);
  }

  /** Queues an event; answers how many of the oldest were dropped to make room. */
  push(body: string): number {
    return this.db.transaction(() => {
      this.db.prepare('INSERT INTO fleet_outbox (body) VALUES (?)').run(body);
      const over = this.size() - this.limit;
      if (over <= 0) return 0;
      this.db
        .prepare('DELETE FROM fleet_outbox WHERE seq IN (SELECT seq FROM fleet_outbox ORDER BY seq LIMIT ?)')
        .run(over);
      this.db
        .prepare(
          `INSERT INTO fleet_outbox_status (id, dropped, last_dropped_at) VALUES (1, ?, ?)
           ON CONFLICT (id) DO UPDATE SET dropped = dropped + excluded.dropped, last_dropped_at = excluded.last_dropped_at`,
        )
        .run(over, this.now());
      return over;
    })();
  }

  /** The oldest events, in order. */
  oldest(count: number): OutboxEntry[] {
    return this.db
      .prepare('SELECT seq, body FROM fleet_outbox ORDER BY seq LIMIT ?')
      .all(count) as OutboxEntry[];
  }

  /** Removes an event once the stream acknowledged it. */
  remove(seq: number): void {
    this.db.prepare('DELETE FROM fleet_outbox WHERE seq = ?').run(seq);
  }

  size(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM fleet_outbox').get() as { n: number }).n;
  }

  /** Events dropped (the oldest, the queue being full) since the appliance first queued any. */
  dropped(): number {
    const row = this.db.prepare('SELECT dropped FROM fleet_outbox_status WHERE id = 1').get() as
      { dropped: number } | undefined;
    return row?.dropped ?? 0;
  }
}
