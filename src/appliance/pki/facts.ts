/**
 * What the PKI tells the alerts and the metrics about its objects (../offers.ts): when certificates and authorities
 * end, which revocation lists are due, which ACME orders failed. The PKI's tables are read here, not by them.
 */
import type { ApplianceContext } from '../context';
import { offer, type PkiCrlDue, type PkiEnding, type PkiFailedOrder } from '../offers';

export function registerPkiFacts(ctx: ApplianceContext): void {
  const { db } = ctx;
  const certificates = db.prepare(
    `SELECT c.id, c.name, c.not_after AS notAfter,
            EXISTS (SELECT 1 FROM pki_certificates n WHERE n.renewed_from = c.id) AS renewed
       FROM pki_certificates c
      WHERE c.revoked_at IS NULL AND c.not_after <= ?`,
  );
  const cas = db.prepare('SELECT id, name, not_after AS notAfter FROM pki_cas WHERE not_after <= ?');
  offer(ctx, 'pkiEndings', (before = Number.MAX_SAFE_INTEGER) => ({
    certificates: (certificates.all(before) as Array<Omit<PkiEnding, 'renewed'> & { renewed: number }>).map(
      (c) => ({ ...c, renewed: c.renewed === 1 }),
    ),
    cas: cas.all(before) as PkiEnding[],
  }));

  const crls = db.prepare(
    `SELECT l.id, l.name, l.next_update AS nextUpdate FROM pki_crls l
      WHERE l.next_update IS NOT NULL AND l.next_update <= ?
        AND l.this_update = (SELECT max(o.this_update) FROM pki_crls o WHERE o.ca_id IS l.ca_id)`,
  );
  offer(ctx, 'pkiCrlsDue', (before) => crls.all(before) as PkiCrlDue[]);

  const failed = db.prepare(
    `SELECT o.id, o.names, o.detail FROM pki_acme_orders o
      WHERE o.status = 'invalid'
        AND NOT EXISTS (SELECT 1 FROM pki_acme_orders r WHERE r.renews_order_id = o.renews_order_id
                          AND o.renews_order_id IS NOT NULL AND r.status = 'valid' AND r.created_at > o.created_at)`,
  );
  offer(ctx, 'pkiFailedAcmeOrders', () =>
    (failed.all() as Array<{ id: string; names: string; detail: string | null }>).map(
      (o): PkiFailedOrder => ({ id: o.id, names: JSON.parse(o.names) as string[], detail: o.detail ?? '' }),
    ),
  );
}
