/**
 * Remote syslog: the targets (`forwarding_targets`), one disk-backed queue for all of them (`forwarding_queue`, in
 * the appliance's database) and one sender per enabled target.
 *
 * - What is forwarded is queued in the same transaction as the record it copies (an audit record rolled back with its
 *   request is never sent). A target's queue holds at most its `queue_limit` records: beyond it the oldest are
 *   deleted, counted (`dropped`) and said once a minute in the log (service `system`, warning).
 * - A sender takes the oldest records in batches, writes them (UDP: one datagram each; TCP and TLS: RFC 6587
 *   octet-counted frames on one connection) and deletes them once written and the connection is still up a moment
 *   later. A collector that cannot be reached or closes the connection leaves them queued; the sender reconnects
 *   with a doubling backoff (0.5 s up to 30 s), at once when the target is saved or tested.
 * - Delivery is at least once: a batch written just before the collector closes the connection, read by it but not
 *   yet deleted here, is sent again after the reconnect (at most one batch, `BATCH` records). Audit records carry
 *   their `seq` and `hash`, so a collector can drop the repeat.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import { migrate, type Db } from '../../storage/sqlite';
import type { StoredLogEntry } from '../../shared/logServices';
import {
  DEFAULT_QUEUE_LIMIT,
  type ForwardingStatus,
  type ForwardingTarget,
  type ForwardingTargetBody,
  type SyslogProtocol,
} from '../../shared/contracts/forwarding';
import type { AuditRecord } from '../auditChain';
import { auditMessage, hostName, logMessage, octetCounted, wireMessage } from './format';
import { appendMenuEntry } from '../console/menu';

export const BATCH = 200;
export const BACKOFF_MIN_MS = 500;
export const BACKOFF_MAX_MS = 30_000;
/** How long a connection must stay up after a batch is written before the batch counts as delivered. */
export const SETTLE_MS = 50;
const CONNECT_TIMEOUT_MS = 10_000;
const DROP_LOG_EVERY_MS = 60_000;
/** A target counts as dropping (alert-ready) this long after its last drop. */
const DROPPING_FOR_MS = 5 * 60_000;
/** Longest message sent; longer ones are cut (a UDP datagram cannot carry more in practice). */
const MAX_MESSAGE_BYTES = 8192;

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

interface TargetRow {
  id: number;
  name: string;
  enabled: number;
  protocol: SyslogProtocol;
  host: string;
  port: number;
  audit: number;
  services: string;
  tls_certificate_id: string | null;
  tls_ca_id: string | null;
  queue_limit: number;
}

interface StatusRow {
  dropped: number;
  last_error: string | null;
  last_error_at: number | null;
  last_sent_at: number | null;
  last_dropped_at: number | null;
}

/** TLS material from the PKI: the client certificate (chain and key) and the trusted CA certificates, as PEM. */
export interface TlsSource {
  clientCertificate(id: string): { cert: string; key: string };
  trust(caId: string): string;
}

export interface ForwarderOptions {
  db: Db;
  tls: TlsSource;
  /** Writes a log entry of the forwarder itself (queue drops). */
  log: (message: string, severity: 'warning' | 'info') => void;
  now?: () => number;
}

type Connection =
  | { kind: 'stream'; socket: net.Socket; alive: () => boolean }
  | { kind: 'udp'; socket: dgram.Socket; alive: () => boolean };

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);

class Sender {
  private conn: Connection | null = null;
  private stopped = false;
  private backoff = BACKOFF_MIN_MS;
  private wakeUp: (() => void) | null = null;
  private running: Promise<void> | null = null;
  connected = false;

  constructor(
    private readonly f: Forwarder,
    public target: TargetRow,
  ) {}

  start() {
    this.running ??= this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Something to send, or the settings changed: stop waiting (a backoff too). */
  wake(resetBackoff = false) {
    if (resetBackoff) this.backoff = BACKOFF_MIN_MS;
    const w = this.wakeUp;
    this.wakeUp = null;
    w?.();
  }

  async stop() {
    this.stopped = true;
    this.wake();
    this.drop();
    await this.running;
  }

  /** Closes the connection (the next batch opens a new one, with the target's current settings). */
  drop() {
    const c = this.conn;
    this.conn = null;
    this.connected = false;
    if (!c) return;
    if (c.kind === 'udp') c.socket.close();
    else c.socket.destroy();
  }

  private sleep(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === null ? null : setTimeout(() => this.wake(), ms);
      this.wakeUp = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });
  }

  private async loop() {
    while (!this.stopped) {
      const rows = this.f.peek(this.target.id, BATCH);
      if (rows.length === 0) {
        await this.sleep(null);
        continue;
      }
      try {
        const conn = await this.connection();
        await this.send(
          conn,
          rows.map((r) => r.line),
        );
        this.f.delivered(this.target.id, rows[rows.length - 1].id);
        this.backoff = BACKOFF_MIN_MS;
      } catch (e) {
        this.drop();
        // A sender being stopped (its target changed or removed) fails on the connection it dropped itself.
        if (this.stopped) break;
        this.f.failed(this.target.id, errorText(e));
        const wait = this.backoff;
        this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
        await this.sleep(wait);
      }
    }
  }

  private async connection(): Promise<Connection> {
    if (this.conn?.alive()) return this.conn;
    this.drop();
    const t = this.target;
    const conn = t.protocol === 'udp' ? await this.openUdp(t) : await this.openStream(t);
    this.conn = conn;
    this.connected = true;
    return conn;
  }

  private openUdp(t: TargetRow): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = dgram.createSocket(net.isIPv6(t.host) ? 'udp6' : 'udp4');
      let alive = true;
      socket.on('error', () => {
        alive = false;
      });
      socket.once('connect', () => resolve({ kind: 'udp', socket, alive: () => alive }));
      try {
        socket.connect(t.port, t.host);
      } catch (e) {
        reject(e as Error);
      }
      socket.once('error', reject);
    });
  }

  private openStream(t: TargetRow): Promise<Connection> {
    return new Promise((resolve, reject) => {
      let socket: net.Socket;
      let alive = true;
      const readyEvent = t.protocol === 'tls' ? 'secureConnect' : 'connect';
      try {
        if (t.protocol === 'tls') {
          const client = t.tls_certificate_id ? this.f.tls.clientCertificate(t.tls_certificate_id) : null;
          socket = tls.connect({
            host: t.host,
            port: t.port,
            // The collector's certificate must name the host (Node checks it against `servername`, or the address).
            ...(net.isIP(t.host) ? {} : { servername: t.host }),
            ...(t.tls_ca_id ? { ca: this.f.tls.trust(t.tls_ca_id) } : {}),
            ...(client ? { cert: client.cert, key: client.key } : {}),
            minVersion: 'TLSv1.2',
            rejectUnauthorized: true,
          });
        } else {
          socket = net.connect({ host: t.host, port: t.port });
        }
      } catch (e) {
        reject(e as Error);
        return;
      }
      const timer = setTimeout(() => socket.destroy(new Error('connection timed out')), CONNECT_TIMEOUT_MS);
      const dead = () => {
        alive = false;
      };
      socket.once('error', (e) => {
        dead();
        clearTimeout(timer);
        reject(e);
      });
      socket.on('error', dead);
      socket.on('end', () => {
        // The collector closed its side: nothing more it reads; close ours.
        dead();
        socket.destroy();
      });
      socket.on('close', dead);
      // Collectors do not answer; whatever they send is read and ignored.
      socket.on('data', () => {});
      socket.once(readyEvent, () => {
        clearTimeout(timer);
        socket.setKeepAlive(true, 30_000);
        resolve({ kind: 'stream', socket, alive: () => alive && !socket.destroyed });
      });
    });
  }

  private async send(conn: Connection, lines: string[]) {
    if (conn.kind === 'udp') {
      for (const line of lines) {
        const buf = wireMessage(line, MAX_MESSAGE_BYTES);
        await new Promise<void>((resolve, reject) =>
          conn.socket.send(buf, (e) => (e ? reject(e) : resolve())),
        );
      }
      return;
    }
    const frames = Buffer.concat(lines.map((l) => octetCounted(wireMessage(l, MAX_MESSAGE_BYTES))));
    await new Promise<void>((resolve, reject) => {
      if (!conn.alive()) {
        reject(new Error('the collector closed the connection'));
        return;
      }
      conn.socket.write(frames, (e) => (e ? reject(e) : resolve()));
    });
    // A collector that went away right now has closed the connection by the end of this moment.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    if (!conn.alive()) throw new Error('the collector closed the connection');
  }
}

/**
 * Writes a target's row: an update of `id`, or an insert (with `id` when a configuration document names it, else a
 * new one). The page's save and the configuration document's writer share it. Answers the target's id.
 */
export function storeTargetRow(
  db: Db,
  body: ForwardingTargetBody,
  id: number | null,
  exists: boolean,
): number {
  const values = [
    body.name,
    body.enabled ? 1 : 0,
    body.protocol,
    body.host,
    body.port,
    body.audit ? 1 : 0,
    JSON.stringify(body.services),
    body.protocol === 'tls' ? body.tls_certificate_id : null,
    body.protocol === 'tls' ? body.tls_ca_id : null,
    body.queue_limit,
  ];
  if (exists && id !== null) {
    db.prepare(
      `UPDATE forwarding_targets SET name = ?, enabled = ?, protocol = ?, host = ?, port = ?, audit = ?,
         services = ?, tls_certificate_id = ?, tls_ca_id = ?, queue_limit = ? WHERE id = ?`,
    ).run(...values, id);
    return id;
  }
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO forwarding_targets (id, name, enabled, protocol, host, port, audit, services, tls_certificate_id,
         tls_ca_id, queue_limit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, ...values);
  return Number(lastInsertRowid);
}

/** Removes a target with what it still had to send and its status. */
export function deleteTargetRows(db: Db, id: number): boolean {
  db.prepare('DELETE FROM forwarding_queue WHERE target_id = ?').run(id);
  db.prepare('DELETE FROM forwarding_status WHERE target_id = ?').run(id);
  return db.prepare('DELETE FROM forwarding_targets WHERE id = ?').run(id).changes > 0;
}

export class Forwarder {
  readonly tls: TlsSource;
  private readonly db: Db;
  private readonly log: ForwarderOptions['log'];
  private readonly now: () => number;
  private readonly senders = new Map<number, Sender>();
  private readonly pending = new Map<number, number>();
  private readonly dropNotice = new Map<number, { since: number; count: number }>();
  private targets: TargetRow[] = [];
  private readonly host = hostName();

  constructor(options: ForwarderOptions) {
    this.db = options.db;
    this.tls = options.tls;
    this.log = options.log;
    this.now = options.now ?? Date.now;
    migrate(this.db, 'forwarding', forwardingMigrations);
    for (const row of this.db
      .prepare('SELECT target_id, COUNT(*) AS n FROM forwarding_queue GROUP BY target_id')
      .all() as Array<{ target_id: number; n: number }>)
      this.pending.set(row.target_id, row.n);
    this.reload();
  }

  /** Reads the targets again and starts, restarts or stops their senders. */
  reload() {
    this.targets = this.db.prepare('SELECT * FROM forwarding_targets ORDER BY id').all() as TargetRow[];
    const live = new Set<number>();
    for (const t of this.targets) {
      if (!t.enabled) continue;
      live.add(t.id);
      const sender = this.senders.get(t.id);
      if (sender) {
        const changed = JSON.stringify(sender.target) !== JSON.stringify(t);
        sender.target = t;
        if (changed) sender.drop();
        sender.wake(true);
      } else {
        const s = new Sender(this, t);
        this.senders.set(t.id, s);
        s.start();
      }
    }
    for (const [id, s] of this.senders)
      if (!live.has(id)) {
        this.senders.delete(id);
        void s.stop();
      }
  }

  /**
   * The targets were written elsewhere (a configuration document, a revert, a restore): senders follow them, a
   * removed target's queue and status go, and a lowered queue limit applies at once (as on save).
   */
  targetsChanged() {
    const ids = new Set(
      (this.db.prepare('SELECT id FROM forwarding_targets').all() as Array<{ id: number }>).map((r) => r.id),
    );
    this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM forwarding_queue WHERE target_id NOT IN (SELECT id FROM forwarding_targets)')
        .run();
      this.db
        .prepare('DELETE FROM forwarding_status WHERE target_id NOT IN (SELECT id FROM forwarding_targets)')
        .run();
    })();
    for (const id of [...this.pending.keys()]) if (!ids.has(id)) this.pending.delete(id);
    this.reload();
    this.db.transaction(() => {
      for (const t of this.targets) this.enforceLimit(t);
    })();
  }

  async stop() {
    const all = [...this.senders.values()];
    this.senders.clear();
    await Promise.all(all.map((s) => s.stop()));
  }

  // -- what is forwarded ----------------------------------------------------------------------------------------

  onAudit(record: AuditRecord) {
    const line = auditMessage(record, this.host);
    this.enqueue(this.targets.filter((t) => t.enabled && t.audit).map((t) => [t, line]));
  }

  onLogs(entries: readonly StoredLogEntry[]) {
    const wanted = this.targets
      .filter((t) => t.enabled)
      .map((t) => ({ t, services: new Set(JSON.parse(t.services) as string[]) }));
    const items: Array<[TargetRow, string]> = [];
    for (const e of entries)
      for (const { t, services } of wanted)
        if (services.has(e.service)) items.push([t, logMessage(e, this.host)]);
    this.enqueue(items);
  }

  /** A test message to one target, sent at once (an audit-like record in the target's own queue). */
  sendTest(id: number, by: string) {
    const t = this.targets.find((x) => x.id === id);
    if (!t) return;
    const line = logMessage(
      {
        id: 0,
        service: 'system',
        timestamp: this.now() / 1000,
        severity: 'notice',
        message: `Rampart log forwarding test to "${t.name}" sent by "${by}"`,
      },
      this.host,
    );
    this.enqueue([[t, line]]);
    this.senders.get(id)?.wake(true);
  }

  private enqueue(items: Array<[TargetRow, string]>) {
    if (items.length === 0) return;
    const stmt = this.db.prepare('INSERT INTO forwarding_queue (target_id, line) VALUES (?, ?)');
    const touched = new Set<TargetRow>();
    this.db.transaction(() => {
      for (const [t, line] of items) {
        stmt.run(t.id, line);
        this.pending.set(t.id, (this.pending.get(t.id) ?? 0) + 1);
        touched.add(t);
      }
      for (const t of touched) this.enforceLimit(t);
    })();
    for (const t of touched) this.senders.get(t.id)?.wake();
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

  // -- settings -------------------------------------------------------------------------------------------------

  statusOf(id: number): ForwardingStatus {
    const s = this.status(id);
    return {
      pending: this.pending.get(id) ?? 0,
      dropped: s.dropped,
      dropping: s.last_dropped_at !== null && this.now() - s.last_dropped_at < DROPPING_FOR_MS,
      last_error: s.last_error,
      last_error_at: s.last_error_at,
      last_sent_at: s.last_sent_at,
      last_dropped_at: s.last_dropped_at,
      connected: this.senders.get(id)?.connected ?? false,
    };
  }

  view(row: TargetRow): ForwardingTarget {
    return {
      id: row.id,
      name: row.name,
      enabled: row.enabled === 1,
      protocol: row.protocol,
      host: row.host,
      port: row.port,
      audit: row.audit === 1,
      services: JSON.parse(row.services) as ForwardingTarget['services'],
      tls_certificate_id: row.tls_certificate_id,
      tls_ca_id: row.tls_ca_id,
      queue_limit: row.queue_limit,
      status: this.statusOf(row.id),
    };
  }

  list(): ForwardingTarget[] {
    return (this.db.prepare('SELECT * FROM forwarding_targets ORDER BY id').all() as TargetRow[]).map((r) =>
      this.view(r),
    );
  }

  get(id: number): ForwardingTarget | null {
    const row = this.db.prepare('SELECT * FROM forwarding_targets WHERE id = ?').get(id) as
      TargetRow | undefined;
    return row ? this.view(row) : null;
  }

  save(id: number | null, body: ForwardingTargetBody): number {
    const target = storeTargetRow(this.db, body, id, id !== null);
    this.reload();
    // A lower limit applies at once.
    const row = this.targets.find((t) => t.id === target);
    if (row) this.db.transaction(() => this.enforceLimit(row))();
    return target;
  }

  remove(id: number): boolean {
    const removed = deleteTargetRows(this.db, id);
    this.pending.delete(id);
    this.reload();
    return removed;
  }

  /** Targets using a PKI certificate or CA (its "used by"). */
  usingCertificate(certId: string): string[] {
    return this.targets
      .filter((t) => t.tls_certificate_id === certId || t.tls_ca_id === certId)
      .map((t) => `Log forwarding to ${t.name}`);
  }

  /** Alert-ready summary: targets dropping records or failing. */
  health(): Array<{ id: number; name: string; status: ForwardingStatus }> {
    return this.targets
      .filter((t) => t.enabled)
      .map((t) => ({ id: t.id, name: t.name, status: this.statusOf(t.id) }));
  }
}
