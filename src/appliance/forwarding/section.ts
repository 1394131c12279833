/**
 * Log forwarding's configuration section (System → Log forwarding, admin-only routes: found by their path): the
 * targets, written with the rows the page's save writes (forwarder.ts). Their queue and status are runtime state.
 */
import type { ApplianceContext } from '../context';
import type { Db } from '../../storage/sqlite';
import { offered } from '../offers';
import { registerSection } from '../revisions/sections';
import { checked, entityError, itemId, keyed, knownIds, plainObject, rules } from '../revisions/sectionKit';
import { forwardingTargetBody, type ForwardingTargetBody } from '../../shared/contracts/forwarding';
import type { Forwarder } from './forwarder';
import { deleteTargetRows, storeTargetRow } from './store';
import { targetTlsErrors } from './tls';

const NAME = 'settings.log_forwarding';

export function registerForwardingSection(
  ctx: ApplianceContext,
  forwarder: () => Forwarder | undefined,
): void {
  const pkiChoices = offered(ctx, 'pkiTlsChoices');
  registerSection(ctx, {
    name: NAME,
    area: 'settings',
    label: 'Log forwarding',
    paths: ['/forwarding/targets'],
    read: (db) => {
      const exists = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'forwarding_targets'")
        .get();
      if (!exists) return {};
      const rows = db
        .prepare(
          'SELECT id, name, enabled, protocol, host, port, audit, services, tls_certificate_id, tls_ca_id, queue_limit FROM forwarding_targets ORDER BY id',
        )
        .all() as Array<Record<string, unknown> & { id: number; services: string }>;
      return keyed(
        rows,
        (r) => `target:${r.id}`,
        (r) =>
          plainObject({
            ...r,
            enabled: r.enabled === 1,
            audit: r.audit === 1,
            services: JSON.parse(r.services),
          }),
      );
    },
    title: (_id, e) => `Log forwarding target ${String(e.name)}`,
    fields: {
      tls_certificate_id: { label: 'TLS certificate' },
      tls_ca_id: { label: 'trusted CA' },
      queue_limit: { label: 'queue limit' },
    },
    // No managed service: the forwarder reloads its targets once the write committed (`written`).
    write: (db: Db, entities) => {
      knownIds(NAME, entities, ['target'], []);
      const choices = pkiChoices();
      const wanted = Object.entries(entities).map(([id, e]) => {
        const n = itemId(NAME, id, 'target');
        // The export names each target's id inside it too: the same number, or left out.
        const { id: inner, ...fields } = e;
        if (inner !== undefined && inner !== n)
          throw entityError(NAME, id, `this entity is target:${String(inner)}`, 'value_error.config.id', [
            'id',
          ]);
        const body = checked<ForwardingTargetBody>(forwardingTargetBody, NAME, id, fields);
        rules(NAME, id, targetTlsErrors(body, choices));
        return { n, body };
      });
      const keep = new Set(wanted.map((w) => w.n));
      const ids = (db.prepare('SELECT id FROM forwarding_targets').all() as Array<{ id: number }>).map(
        (r) => r.id,
      );
      for (const n of ids) if (!keep.has(n)) deleteTargetRows(db, n);
      for (const { n, body } of wanted) storeTargetRow(db, body, n, ids.includes(n));
    },
    // As after the Log forwarding page's save: senders follow the targets, a lower queue limit applies at once.
    written: () => forwarder()?.targetsChanged(),
  });
}
