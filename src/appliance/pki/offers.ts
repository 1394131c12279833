/** What the PKI answers for the other features (../offers.ts): its TLS choices and its authorities' certificates. */
import crypto from 'node:crypto';
import type { ApplianceContext } from '../context';
import { offer, type PkiChoice } from '../offers';

export function registerPkiOffers(ctx: ApplianceContext): void {
  const { db } = ctx;
  const list = (sql: string) => db.prepare(sql).all() as PkiChoice[];
  offer(ctx, 'pkiTlsChoices', () => ({
    certificates: list(
      'SELECT id, name, subject FROM pki_certificates WHERE key_id IS NOT NULL AND revoked_at IS NULL ORDER BY name, id',
    ),
    cas: list('SELECT id, name, subject FROM pki_cas ORDER BY name, id'),
  }));
  offer(ctx, 'pkiCaPems', (caId) => {
    const rows = (
      caId === null
        ? db.prepare('SELECT cert_der FROM pki_cas').all()
        : db.prepare('SELECT cert_der FROM pki_cas WHERE id = ?').all(caId)
    ) as Array<{ cert_der: Buffer }>;
    return rows.map((r) => new crypto.X509Certificate(r.cert_der).toString());
  });
}
