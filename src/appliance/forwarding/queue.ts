/**
 * One disk-backed queue for every target (`forwarding_queue`, in the appliance's database) and each target's
 * delivery status (`forwarding_status`). What is forwarded is queued in the same transaction as the record it copies
 * (an audit record rolled back with its request is never sent). A target's queue holds at most its `queue_limit`
 * records: beyond it the oldest are deleted, counted (`dropped`) and said once a minute in the log.
 */
import type { Db } from '../../storage/sqlite';
import type { ForwardingStatus } from '../../shared/contracts/forwarding';
import type { TargetRow } from './store';

const DROP_LOG_EVERY_MS = 60_000;
/** A target counts as dropping (alert-ready) this long after its last drop. */
const DROPPING_FOR_MS = 5 * 60_000;

interface StatusRow {
  dropped: number;
  last_error: string | null;
  last_error_at: number | null;
  last_sent_at: number | null;
  last_dropped_at: number | null;
}

export class ForwardingQueue {
  /** Records waiting per target, counted here so a limit check needs no COUNT(*). */
  private readonly pending = new Map<number, number>();
  private readonly dropNotice = new Map<number, { since: number; count: number }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    /** Says a queue's drops in the log (service `system`). */
    private readonly log: (message: string, severity: 'warning' | 'info') => void,
  ) {
    for (const row of db
      .prepare('SELECT target_id, COUNT(*) AS n FROM forwarding_queue GROUP BY target_id')
      .all() as Array<{ target_id: number; n: number }>)
      this.pending.set(row.target_id, row.n);
  }

  /** Queues lines for their targets in one transaction, each target's limit applied. Answers the targets touched. */
  enqueue(items: ReadonlyArray<readonly [TargetRow, string]>): Set<TargetRow> {
    const touched = new Set<TargetRow>();
    if (items.length === 0) return touched;
    const stmt = this.db.prepare('INSERT INTO forwarding_queue (target_id, line) VALUES (?, ?)');
    this.db.transaction(() => {
      for (const [t, line] of items) {
        stmt.run(t.id, line);
        this.pending.set(t.id, (this.pending.get(t.id) ?? 0) + 1);
        touched.add(t);
      }
      for (const t of touched) this.enforceLimit(t);
    })();
    return touched;
  }

  /** Applies targets' limits at once (a lowered limit on save, targets written by a document). */
  applyLimits(targets: readonly TargetRow[]) {
    this.db.transaction(() => {
      for (const t of targets) this.enforceLimit(t);
    })();
  }

  /** Forgets what was queued for targets that no longer exist (written elsewhere: a document, a revert, a restore). */
  pruneRemoved() {
    this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM forwarding_queue WHERE target_id NOT IN (SELECT id FROM forwarding_targets)')
        .run();
      this.db
        .prepare('DELETE FROM forwarding_status WHERE target_id NOT IN (SELECT id FROM forwarding_targets)')
        .run();
    })();
    const ids = new Set(
      (this.db.prepare('SELECT id FROM forwarding_targets').all() as Array<{ id: number }>).map((r) => r.id),
    );
    for (const id of [...this.pending.keys()]) if (!ids.has(id)) this.pending.delete(id);
  }

  /** A removed target's count (its rows went with it). */
  forget(targetId: number) {
    this.pending.delete(targetId);
  }

  private enforceLimit(t: TargetRow) {
    const over = (this.pending.get(t.id) ?? 0) - t.queue_limit;
    if (over <= 0) return;
    const { changes } = this.db
      .prepare(
        'DELETE FROM forwarding_queue WHERE id IN (SELECT id FROM forwarding_queue WHERE target_id = ? ORDER BY id LIMIT ?)',
      )
      .run(t.id, over);
    this.pending.set(t.id, Math.max(0, (this.pending.get(t.id) ?? 0) - changes));
    const now = this.now();
    this.status(t.id);
    this.db
      .prepare('UPDATE forwarding_status SET dropped = dropped + ?, last_dropped_at = ? WHERE target_id = ?')
      .run(changes, now, t.id);
    const notice = this.dropNotice.get(t.id) ?? { since: 0, count: 0 };
    notice.count += changes;
    if (now - notice.since >= DROP_LOG_EVERY_MS) {
      const count = notice.count;
      notice.since = now;
      notice.count = 0;
      this.dropNotice.set(t.id, notice);
      // After this transaction: the entry is itself forwarded, and must not be queued inside this very insert.
      setImmediate(() =>
        this.log(
          `log forwarding to "${t.name}" (${t.host}:${t.port}): queue full (${t.queue_limit} records), dropped the ${count} oldest`,
          'warning',
        ),
      );
    } else this.dropNotice.set(t.id, notice);
  }

  // -- the senders' bookkeeping ------------------------------------------------------------------------------

  peek(targetId: number, limit: number): Array<{ id: number; line: string }> {
    if (!this.db.open) return [];
    return this.db
      .prepare('SELECT id, line FROM forwarding_queue WHERE target_id = ? ORDER BY id LIMIT ?')
      .all(targetId, limit) as Array<{ id: number; line: string }>;
  }

  delivered(targetId: number, upToId: number) {
    if (!this.db.open) return;
    const { changes } = this.db
      .prepare('DELETE FROM forwarding_queue WHERE target_id = ? AND id <= ?')
      .run(targetId, upToId);
    this.pending.set(targetId, Math.max(0, (this.pending.get(targetId) ?? 0) - changes));
    this.status(targetId);
    this.db
      .prepare('UPDATE forwarding_status SET last_sent_at = ? WHERE target_id = ?')
      .run(this.now(), targetId);
  }

  failed(targetId: number, message: string) {
    if (!this.db.open) return;
    this.status(targetId);
    this.db
      .prepare('UPDATE forwarding_status SET last_error = ?, last_error_at = ? WHERE target_id = ?')
      .run(message, this.now(), targetId);
  }

  /** A target's status as the API shows it (`connected` is its sender's). */
  statusOf(targetId: number, connected: boolean): ForwardingStatus {
    const s = this.status(targetId);
    return {
      pending: this.pending.get(targetId) ?? 0,
      dropped: s.dropped,
      dropping: s.last_dropped_at !== null && this.now() - s.last_dropped_at < DROPPING_FOR_MS,
      last_error: s.last_error,
      last_error_at: s.last_error_at,
      last_sent_at: s.last_sent_at,
      last_dropped_at: s.last_dropped_at,
      connected,
    };
  }

  private status(targetId: number): StatusRow {
    // Only for a target that exists: a removed one's late delivery or failure records nothing.
    this.db
      .prepare(
        'INSERT OR IGNORE INTO forwarding_status (target_id) SELECT id FROM forwarding_targets WHERE id = ?',
      )
      .run(targetId);
    const row = this.db
      .prepare(
        'SELECT dropped, last_error, last_error_at, last_sent_at, last_dropped_at FROM forwarding_status WHERE target_id = ?',
      )
      .get(targetId) as StatusRow | undefined;
    return (
      row ?? { dropped: 0, last_error: null, last_error_at: null, last_sent_at: null, last_dropped_at: null }
    );
  }
}
