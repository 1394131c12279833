/**
 * Remote syslog: the targets (`forwarding_targets`, store.ts), one disk-backed queue for all of them (queue.ts) and
 * one sender per enabled target (sender.ts). The forwarder keeps the senders in step with the targets and turns
 * audit records and log entries into queued lines.
 *
 * Delivery is at least once: a batch written just before the collector closes the connection, read by it but not
 * yet deleted here, is sent again after the reconnect (at most one batch, `BATCH` records). Audit records carry
 * their `seq` and `hash`, so a collector can drop the repeat.
 */
import { migrate, type Db } from '../../storage/sqlite';
import type { StoredLogEntry } from '../../shared/logServices';
import type {
  ForwardingStatus,
  ForwardingTarget,
  ForwardingTargetBody,
} from '../../shared/contracts/forwarding';
import type { AuditRecord } from '../auditChain';
import { auditMessage, hostName, logMessage } from './format';
import { forwardingMigrations } from './migrations';
import { ForwardingQueue } from './queue';
import { Sender, type SenderHost, type TlsSource } from './sender';
import { deleteTargetRows, readTarget, readTargets, storeTargetRow, type TargetRow } from './store';

export type { TlsSource } from './sender';

export interface ForwarderOptions {
  db: Db;
  tls: TlsSource;
  /** Writes a log entry of the forwarder itself (queue drops). */
  log: (message: string, severity: 'warning' | 'info') => void;
  now?: () => number;
}

export class Forwarder implements SenderHost {
  readonly tls: TlsSource;
  private readonly db: Db;
  private readonly now: () => number;
  private readonly queue: ForwardingQueue;
  private readonly senders = new Map<number, Sender>();
  private targets: TargetRow[] = [];
  private readonly host = hostName();

  constructor(options: ForwarderOptions) {
    this.db = options.db;
    this.tls = options.tls;
    this.now = options.now ?? Date.now;
    migrate(this.db, 'forwarding', forwardingMigrations);
    this.queue = new ForwardingQueue(this.db, this.now, options.log);
    this.reload();
  }

  /** Reads the targets again and starts, restarts or stops their senders. */
  reload() {
    this.targets = readTargets(this.db);
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
    this.queue.pruneRemoved();
    this.reload();
    this.queue.applyLimits(this.targets);
  }

  async stop() {
    const all = [...this.senders.values()];
    this.senders.clear();
    await Promise.all(all.map((s) => s.stop()));
  }

  // -- what is forwarded ----------------------------------------------------------------------------------------

  onAudit(record: AuditRecord) {
    const line = auditMessage(record, this.host);
    this.enqueue(this.targets.filter((t) => t.enabled && t.audit).map((t) => [t, line] as const));
  }

  onLogs(entries: readonly StoredLogEntry[]) {
    const wanted = this.targets
      .filter((t) => t.enabled)
      .map((t) => ({ t, services: new Set(JSON.parse(t.services) as string[]) }));
    const items: Array<readonly [TargetRow, string]> = [];
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

  private enqueue(items: ReadonlyArray<readonly [TargetRow, string]>) {
    for (const t of this.queue.enqueue(items)) this.senders.get(t.id)?.wake();
  }

  // -- the senders' bookkeeping (SenderHost) ---------------------------------------------------------------------

  peek(targetId: number, limit: number) {
    return this.queue.peek(targetId, limit);
  }

  delivered(targetId: number, upToId: number) {
    this.queue.delivered(targetId, upToId);
  }

  failed(targetId: number, message: string) {
    this.queue.failed(targetId, message);
  }

  // -- settings -------------------------------------------------------------------------------------------------

  statusOf(id: number): ForwardingStatus {
    return this.queue.statusOf(id, this.senders.get(id)?.connected ?? false);
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
    return readTargets(this.db).map((r) => this.view(r));
  }

  get(id: number): ForwardingTarget | null {
    const row = readTarget(this.db, id);
    return row ? this.view(row) : null;
  }

  save(id: number | null, body: ForwardingTargetBody): number {
    const target = storeTargetRow(this.db, body, id, id !== null);
    this.reload();
    // A lower limit applies at once.
    const row = this.targets.find((t) => t.id === target);
    if (row) this.queue.applyLimits([row]);
    return target;
  }

  remove(id: number): boolean {
    const removed = deleteTargetRows(this.db, id);
    this.queue.forget(id);
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
