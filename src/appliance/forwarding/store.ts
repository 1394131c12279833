/**
 * The targets' rows (`forwarding_targets`): the one write path of a target, shared by the page's save and the
 * configuration document's writer, and its reads.
 */
import type { Db } from '../../storage/sqlite';
import type { ForwardingTargetBody, SyslogProtocol } from '../../shared/contracts/forwarding';

export interface TargetRow {
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

export function readTargets(db: Db): TargetRow[] {
  return db.prepare('SELECT * FROM forwarding_targets ORDER BY id').all() as TargetRow[];
}

export function readTarget(db: Db, id: number): TargetRow | null {
  return (
    (db.prepare('SELECT * FROM forwarding_targets WHERE id = ?').get(id) as TargetRow | undefined) ?? null
  );
}
