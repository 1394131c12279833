/**
 * The interface counters sampled into SQLite for the analytics page: one row per interface per sample with the raw
 * (cumulative) byte counters, so the rate between any two kept samples is exact and thinning a long range to fewer
 * points loses no traffic. Samples older than the retention are deleted at each sample.
 */
import { migrate, type Db, type Migration } from '../../storage/sqlite';
import type { InterfaceCounters } from './procNet';

export const NETWORK_MIGRATIONS: Migration[] = [
  {
    version: 1,
    tables: { network_samples: 'runtime' },
    name: 'network samples and preferences',
    up: (db) =>
      db.exec(`CREATE TABLE network_samples (
        interface TEXT NOT NULL,
        ts INTEGER NOT NULL,
        rx_bytes INTEGER NOT NULL,
        tx_bytes INTEGER NOT NULL,
        PRIMARY KEY (interface, ts)
      ) WITHOUT ROWID;
      CREATE INDEX network_samples_ts ON network_samples (ts);
      CREATE TABLE network_preferences (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        value TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        updated_by TEXT NOT NULL
      );`),
  },
];

export const migrateNetwork = (db: Db) => migrate(db, 'network', NETWORK_MIGRATIONS);

/** At most this many points per series in an answer (a chart is a few hundred pixels wide). */
export const MAX_POINTS = 500;

export interface RatePoint {
  /** Seconds since the epoch (end of the interval). */
  t: number;
  /** Bytes per second received and transmitted over the interval before `t`. */
  rx: number;
  tx: number;
}

export interface InterfaceSeries {
  interface: string;
  points: RatePoint[];
  /** Bytes counted over the whole range. */
  rxTotal: number;
  txTotal: number;
}

interface Row {
  interface: string;
  ts: number;
  rx_bytes: number;
  tx_bytes: number;
}

export function storeSample(db: Db, ts: number, counters: readonly InterfaceCounters[], keepSince: number) {
  const insert = db.prepare(
    'INSERT OR REPLACE INTO network_samples (interface, ts, rx_bytes, tx_bytes) VALUES (?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const c of counters) insert.run(c.name, ts, c.rxBytes, c.txBytes);
    db.prepare('DELETE FROM network_samples WHERE ts < ?').run(keepSince);
  }).immediate();
}

export function sampledInterfaces(db: Db): string[] {
  return (
    db.prepare('SELECT DISTINCT interface FROM network_samples ORDER BY interface').all() as Array<{
      interface: string;
    }>
  ).map((r) => r.interface);
}

/** Turns cumulative readings (oldest first) into rates; a counter that went back (reboot, wrap) starts afresh. */
export function ratesFrom(rows: ReadonlyArray<Pick<Row, 'ts' | 'rx_bytes' | 'tx_bytes'>>): {
  points: RatePoint[];
  rxTotal: number;
  txTotal: number;
} {
  const step = Math.max(1, Math.ceil((rows.length - 1) / MAX_POINTS));
  const kept = rows.filter((_, i) => i % step === 0 || i === rows.length - 1);
  const points: RatePoint[] = [];
  let rxTotal = 0;
  let txTotal = 0;
  for (let i = 1; i < kept.length; i++) {
    const a = kept[i - 1];
    const b = kept[i];
    const seconds = b.ts - a.ts;
    if (seconds <= 0 || b.rx_bytes < a.rx_bytes || b.tx_bytes < a.tx_bytes) continue;
    rxTotal += b.rx_bytes - a.rx_bytes;
    txTotal += b.tx_bytes - a.tx_bytes;
    points.push({
      t: b.ts,
      rx: (b.rx_bytes - a.rx_bytes) / seconds,
      tx: (b.tx_bytes - a.tx_bytes) / seconds,
    });
  }
  return { points, rxTotal, txTotal };
}

export function querySeries(db: Db, from: number, to: number, only?: string): InterfaceSeries[] {
  const rows = db
    .prepare(
      `SELECT interface, ts, rx_bytes, tx_bytes FROM network_samples
       WHERE ts >= ? AND ts <= ? AND (? IS NULL OR interface = ?) ORDER BY interface, ts`,
    )
    .all(from, to, only ?? null, only ?? null) as Row[];
  const byInterface = new Map<string, Row[]>();
  for (const r of rows) {
    const list = byInterface.get(r.interface) ?? [];
    list.push(r);
    byInterface.set(r.interface, list);
  }
  return [...byInterface].map(([name, list]) => ({ interface: name, ...ratesFrom(list) }));
}

export interface Sampler {
  stop(): void;
}

/** Samples now and then every `intervalSeconds`; the timer does not keep the process alive. */
export function startSampler(options: {
  db: Db;
  read: () => InterfaceCounters[];
  intervalSeconds: number;
  retentionDays: number;
  now: () => number;
  onError: (e: unknown) => void;
}): Sampler {
  const tick = () => {
    try {
      const ts = Math.floor(options.now() / 1000);
      storeSample(options.db, ts, options.read(), ts - options.retentionDays * 86_400);
    } catch (e) {
      options.onError(e);
    }
  };
  tick();
  const timer = setInterval(tick, options.intervalSeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
