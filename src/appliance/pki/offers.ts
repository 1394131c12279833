/** What the PKI offers other features (../offers.ts): its objects a TLS client may present and trust. */
import type { ApplianceContext } from '../context';
import { offer } from '../offers';

export function offerPkiChoices(ctx: ApplianceContext): void {
  const list = (sql: string) =>
    ctx.db.prepare(sql).all() as Array<{ id: string; name: string; subject: string }>;
  offer(ctx, 'pki.tlsChoices', () => ({
    certificates: list(
      'SELECT id, name, subject FROM pki_certificates WHERE key_id IS NOT NULL AND revoked_at IS NULL ORDER BY name, id',
    ),
    cas: list('SELECT id, name, subject FROM pki_cas ORDER BY name, id'),
  }));
}
