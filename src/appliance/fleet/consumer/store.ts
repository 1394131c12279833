/**
 * The manager's copy of its appliances' state and events (`fleet_states`, `fleet_events`) and the count of messages
 * it refused (`fleet_drops`, read by the metrics as the forwarding queue's drops are), with the reads the fleet's API
 * answers from. Records and events are stored only after they passed their contract (check.ts).
 */
import { migrate, type Db, type Migration } from '../../../storage/sqlite';
import { searchTextOf, sortKeyOf } from '../../../storage/listKeys';
import { sqlPageOf } from '../../http/listing';
import type { ListPage } from '../../../shared/contracts/listing';
import type { FleetEvent, FleetState } from '../../../shared/contracts/fleetMessages';
import {
  FLEET_STALE_AFTER_MS,
  type FleetApplianceState,
  type FleetStatesQuery,
  type FleetStoredEvent,
} from '../../../shared/contracts/fleetStates';

/** Events kept per appliance (the newest). */
export const EVENTS_KEPT_PER_APPLIANCE = 1000;

export const fleetStateMigrations: Migration[] = [
  {
    version: 1,
    name: 'fleet: the appliances’ latest state records, their recent events, and the messages refused',
    tables: { fleet_states: 'runtime', fleet_events: 'history', fleet_drops: 'runtime' },
    up: (db) => {
      db.exec(`CREATE TABLE fleet_states (
        appliance_id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        sort_key TEXT,
        version_key TEXT,
        search_text TEXT NOT NULL,
        alerts_firing INTEGER NOT NULL,
        certificates_expiring INTEGER NOT NULL,
        recorded_at INTEGER NOT NULL,
        seen_at INTEGER NOT NULL,
        revision INTEGER NOT NULL
      );
      CREATE INDEX fleet_states_seen ON fleet_states (seen_at);
      CREATE TABLE fleet_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        appliance_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        at INTEGER NOT NULL,
        received_at INTEGER NOT NULL,
        body TEXT NOT NULL,
        UNIQUE (appliance_id, event_id)
      );
      CREATE INDEX fleet_events_appliance ON fleet_events (appliance_id, seq);
      CREATE TABLE fleet_drops (
        kind TEXT NOT NULL CHECK (kind IN ('state', 'event')),
        reason TEXT NOT NULL,
        dropped INTEGER NOT NULL,
        last_at INTEGER NOT NULL,
        PRIMARY KEY (kind, reason)
      );`);
    },
  },
];

export type DropKind = 'state' | 'event';

export class FleetStore {
  constructor(
    readonly db: Db,
    private readonly staleAfterMs = FLEET_STALE_AFTER_MS,
  ) {
    migrate(db, 'fleet_state', fleetStateMigrations);
  }

  /**
   * Keeps an appliance's record unless a newer one (by the bucket's revision) is stored already: a watch that starts
   * again replays what it had seen. `seenAt` is when the fleet's server stored it.
   */
  putState(record: FleetState, seenAt: number, revision: number): boolean {
    const alerts = record.alerts.critical + record.alerts.warning + record.alerts.info;
    const r = this.db
      .prepare(
        `INSERT INTO fleet_states (appliance_id, record, sort_key, version_key, search_text, alerts_firing,
           certificates_expiring, recorded_at, seen_at, revision)
         VALUES (@id, @record, @sort, @version, @search, @alerts, @certs, @at, @seen, @revision)
         ON CONFLICT (appliance_id) DO UPDATE SET record = excluded.record, sort_key = excluded.sort_key,
           version_key = excluded.version_key, search_text = excluded.search_text,
           alerts_firing = excluded.alerts_firing, certificates_expiring = excluded.certificates_expiring,
           recorded_at = excluded.recorded_at, seen_at = excluded.seen_at, revision = excluded.revision
         WHERE excluded.revision > fleet_states.revision`,
      )
      .run({
        id: record.id,
        record: JSON.stringify(record),
        sort: sortKeyOf(record.name) || null,
        version: sortKeyOf(record.version) || null,
        search: searchTextOf([record.name, record.version, record.id]),
        alerts,
        certs: record.certificates.expiring,
        at: record.at,
        seen: seenAt,
        revision,
      });
    return r.changes > 0;
  }

  /** Stores an event once (a redelivered one is recognised by its id); the oldest beyond the bound go. */
  putEvent(event: FleetEvent, receivedAt: number): boolean {
    return this.db.transaction(() => {
      const r = this.db
        .prepare(
          `INSERT OR IGNORE INTO fleet_events (appliance_id, event_id, kind, at, received_at, body)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(event.id, event.event_id, event.kind, event.at, receivedAt, JSON.stringify(event));
      if (r.changes === 0) return false;
      this.db
        .prepare(
          `DELETE FROM fleet_events WHERE appliance_id = ? AND seq <= (
             SELECT seq FROM fleet_events WHERE appliance_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
        )
        .run(event.id, event.id, EVENTS_KEPT_PER_APPLIANCE);
      return true;
    })();
  }

  countDrop(kind: DropKind, reason: string, at: number): void {
    this.db
      .prepare(
        `INSERT INTO fleet_drops (kind, reason, dropped, last_at) VALUES (?, ?, 1, ?)
         ON CONFLICT (kind, reason) DO UPDATE SET dropped = dropped + 1, last_at = excluded.last_at`,
      )
      .run(kind, reason, at);
  }

  /** Messages refused, by kind and reason (`{ state: { contract: 2 }, event: {} }`). */
  drops(): Record<DropKind, Record<string, number>> {
    const out: Record<DropKind, Record<string, number>> = { state: {}, event: {} };
    const rows = this.db.prepare('SELECT kind, reason, dropped FROM fleet_drops').all() as Array<{
      kind: DropKind;
      reason: string;
      dropped: number;
    }>;
    for (const r of rows) out[r.kind][r.reason] = r.dropped;
    return out;
  }

  /** One appliance's latest state with its presence at `now`; null before its first record. */
  stateOf(id: string, now: number): FleetApplianceState | null {
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM fleet_states WHERE appliance_id = ?`).get(id) as
      Row | undefined;
    return row ? this.view(row, now) : null;
  }

  /** A page of appliances' states (filter by presence, search in name, version and id, sort). */
  list(query: FleetStatesQuery, now: number): ListPage<FleetApplianceState> {
    const cutoff = now - this.staleAfterMs;
    return sqlPageOf<Row, FleetApplianceState>(
      this.db,
      query,
      {
        from: 'FROM fleet_states',
        select: COLUMNS,
        sort: {
          name: 'sort_key',
          version: 'version_key',
          last_seen: 'seen_at',
          alerts: 'alerts_firing',
          certificates: 'certificates_expiring',
        },
        defaultSort: 'name',
        tiebreak: 'appliance_id',
        search: 'search_text',
        filters: {
          presence: (v) => ({ sql: v === 'online' ? 'seen_at >= ?' : 'seen_at < ?', params: [cutoff] }),
        },
      },
      (row) => this.view(row, now),
    );
  }

  /** An appliance's newest events, newest first (`before`: older than that sequence number). */
  eventsOf(id: string, limit = 50, before?: number): FleetStoredEvent[] {
    const rows = this.db
      .prepare(
        `SELECT seq, appliance_id, kind, at, received_at, body FROM fleet_events
         WHERE appliance_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
      )
      .all(id, before ?? Number.MAX_SAFE_INTEGER, Math.min(limit, EVENTS_KEPT_PER_APPLIANCE)) as Array<
      Omit<FleetStoredEvent, 'event'> & { body: string }
    >;
    return rows.map(({ body, ...r }) => ({ ...r, event: JSON.parse(body) as unknown }));
  }

  private view(row: Row, now: number): FleetApplianceState {
    const staleAt = row.seen_at + this.staleAfterMs;
    const online = now <= staleAt;
    return {
      id: row.appliance_id,
      presence: online ? 'online' : 'offline',
      last_seen: row.seen_at,
      offline_since: online ? null : staleAt,
      state: JSON.parse(row.record) as FleetState,
    };
  }
}

const COLUMNS = 'appliance_id, record, seen_at';
interface Row {
  appliance_id: string;
  record: string;
  seen_at: number;
}
