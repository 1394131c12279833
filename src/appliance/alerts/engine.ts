/**
 * The alert engine: evaluates every check on a schedule (and when asked), and keeps one alert per subject with its
 * state. A condition that starts holding fires an alert (first seen now); while it holds, only its last-seen time
 * and severity move; when it stops holding, the alert is resolved. A subject that fires again later is a new
 * firing of the same alert (its first-seen time restarts). Transitions go to the listeners (the channels).
 */
import type { Db, Migration } from '../../storage/sqlite';
import { migrate } from '../../storage/sqlite';
import type { AlertKind, AlertSeverity, Finding } from './findings';
import { appendMenuEntry } from '../console/menu';

export type AlertState = 'firing' | 'resolved';

export interface Alert {
  id: number;
  key: string;
  kind: AlertKind;
  severity: AlertSeverity;
  state: AlertState;
  subject: string;
  summary: string;
  link: string;
  first_seen: number;
  last_seen: number;
  resolved_at: number | null;
}

export interface AlertTransition {
  alert: Alert;
  /** `fired`: it started holding; `escalated`: it holds and became more severe (30 → 7 days); `resolved`: it stopped. */
  change: 'fired' | 'escalated' | 'resolved';
}

/** Most severe first: a lower rank is worse. */
export const SEVERITY_RANK: Record<Alert['severity'], number> = { critical: 0, warning: 1, info: 2 };

export const alertMigrations: Migration[] = [
  {
    version: 1,
    tables: { alerts: 'runtime' },
    name: 'alerts: one per subject, with state and first/last seen',
    up: (db) =>
      db.exec(`
        CREATE TABLE alerts (
          id INTEGER PRIMARY KEY,
          key TEXT NOT NULL UNIQUE,
          kind TEXT NOT NULL,
          severity TEXT NOT NULL CHECK (severity IN ('critical', 'warning', 'info')),
          state TEXT NOT NULL CHECK (state IN ('firing', 'resolved')),
          subject TEXT NOT NULL,
          summary TEXT NOT NULL,
          link TEXT NOT NULL,
          first_seen INTEGER NOT NULL,
          last_seen INTEGER NOT NULL,
          resolved_at INTEGER
        );
        CREATE INDEX alerts_state ON alerts(state, severity);
      `),
  },
  {
    version: 2,
    name: 'alerts: thresholds, acknowledgements, backup results, notifications read per account',
    up: (db) =>
      db.exec(`
        CREATE TABLE alert_settings (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          expiry_days TEXT NOT NULL,
          lockout_threshold INTEGER NOT NULL
        );
        CREATE TABLE alert_acknowledgements (
          key TEXT PRIMARY KEY,
          by TEXT NOT NULL,
          at INTEGER NOT NULL
        );
        CREATE TABLE alert_backup_results (
          target TEXT PRIMARY KEY,
          ok INTEGER NOT NULL,
          error TEXT,
          at INTEGER NOT NULL
        );
        CREATE TABLE alert_notification_reads (
          username TEXT PRIMARY KEY,
          read_at INTEGER NOT NULL
        );
        CREATE INDEX alerts_resolved ON alerts(resolved_at);
      `),
  },
  {
    version: 3,
    name: 'the Alerts and Alert channels pages in the System menu of appliances seeded before them',
    up: (db) => {
      appendMenuEntry(db, 'system', { id: 'alerts', name: 'Alerts', path: '/alerts' });
      appendMenuEntry(db, 'system', {
        id: 'alert-channels',
        name: 'Alert channels',
        path: '/alert-channels',
      });
    },
  },
];

export type Check = (now: number) => Finding[] | Promise<Finding[]>;

export class AlertEngine {
  private readonly listeners = new Set<(t: AlertTransition) => void>();
  private running: Promise<AlertTransition[]> | null = null;

  constructor(
    private readonly db: Db,
    private readonly checks: readonly Check[],
    private readonly now: () => number,
  ) {
    migrate(db, 'alerts', alertMigrations);
  }

  onTransition(listener: (t: AlertTransition) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs every check once; concurrent calls share one run. */
  evaluate(): Promise<AlertTransition[]> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  private async run(): Promise<AlertTransition[]> {
    const now = this.now();
    const findings = new Map<string, Finding>();
    for (const check of this.checks) for (const f of await check(now)) findings.set(f.key, f);
    const transitions = this.db.transaction(() => this.apply(findings, now))();
    for (const t of transitions) for (const l of this.listeners) l(t);
    return transitions;
  }

  private apply(findings: Map<string, Finding>, now: number): AlertTransition[] {
    const out: AlertTransition[] = [];
    const firing = new Map(
      (this.db.prepare("SELECT * FROM alerts WHERE state = 'firing'").all() as Alert[]).map((a) => [
        a.key,
        a,
      ]),
    );
    for (const f of findings.values()) {
      const held = firing.get(f.key);
      if (held) {
        this.db
          .prepare(
            'UPDATE alerts SET severity = ?, subject = ?, summary = ?, link = ?, last_seen = ? WHERE key = ?',
          )
          .run(f.severity, f.subject, f.summary, f.link, now, f.key);
        // A certificate that crosses from 30 to 7 days is news to the channels; one that calms down is not.
        if (SEVERITY_RANK[f.severity] < SEVERITY_RANK[held.severity])
          out.push({ alert: this.get(f.key)!, change: 'escalated' });
        continue;
      }
      this.db
        .prepare(
          `INSERT INTO alerts (key, kind, severity, state, subject, summary, link, first_seen, last_seen)
           VALUES (@key, @kind, @severity, 'firing', @subject, @summary, @link, @now, @now)
           ON CONFLICT (key) DO UPDATE SET severity = @severity, state = 'firing', subject = @subject,
             summary = @summary, link = @link, first_seen = @now, last_seen = @now, resolved_at = NULL`,
        )
        .run({ ...f, now });
      out.push({ alert: this.get(f.key)!, change: 'fired' });
    }
    for (const [key] of firing) {
      if (findings.has(key)) continue;
      this.db.prepare("UPDATE alerts SET state = 'resolved', resolved_at = ? WHERE key = ?").run(now, key);
      out.push({ alert: this.get(key)!, change: 'resolved' });
    }
    return out;
  }

  get(key: string): Alert | undefined {
    return this.db.prepare('SELECT * FROM alerts WHERE key = ?').get(key) as Alert | undefined;
  }

  byId(id: number): Alert | undefined {
    return this.db.prepare('SELECT * FROM alerts WHERE id = ?').get(id) as Alert | undefined;
  }

  /** Firing alerts, most severe first, then the newest first. */
  firing(): Alert[] {
    return this.db
      .prepare(
        `SELECT * FROM alerts WHERE state = 'firing'
          ORDER BY CASE severity WHEN 'critical' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, first_seen DESC`,
      )
      .all() as Alert[];
  }

  /** Alerts resolved since `since`, newest first. */
  resolvedSince(since: number, limit: number): Alert[] {
    return this.db
      .prepare(
        "SELECT * FROM alerts WHERE state = 'resolved' AND resolved_at >= ? ORDER BY resolved_at DESC LIMIT ?",
      )
      .all(since, limit) as Alert[];
  }

  /** Alerts that fired or resolved after `since` (what an account has not read). */
  changedSince(since: number): number {
    const row = this.db
      .prepare(
        `SELECT count(*) AS n FROM alerts
          WHERE (state = 'firing' AND first_seen > ?) OR (state = 'resolved' AND resolved_at > ?)`,
      )
      .get(since, since) as { n: number };
    return row.n;
  }

  all(): Alert[] {
    return this.db
      .prepare(
        `SELECT * FROM alerts ORDER BY state = 'resolved',
           CASE severity WHEN 'critical' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, last_seen DESC`,
      )
      .all() as Alert[];
  }
}
