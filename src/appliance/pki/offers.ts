/**
 * What the PKI answers for the other features (../offers.ts): its TLS choices, its authorities' certificates, and
 * for the fleet an authority of its own, certificates signed from requests under it, and their revocation.
 */
import crypto from 'node:crypto';
import type { ApplianceContext } from '../context';
import { offer, type PkiChoice } from '../offers';
import { createCa } from './cas';
import { getCertRow, revokeCertificate } from './certificates';
import { signCsr } from './certificateIssue';
import type { PkiContext } from './context';
import { registerPkiFacts } from './facts';
import { pkiAction } from './routes/http';
import { fingerprint } from './x509';

export function registerPkiOffers(ctx: ApplianceContext, p: PkiContext): void {
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

  const caByName = (name: string) =>
    db
      .prepare(
        "SELECT id, cert_der FROM pki_cas WHERE name = ? AND source = 'created' AND key_id IS NOT NULL ORDER BY created_at LIMIT 1",
      )
      .get(name) as { id: string; cert_der: Buffer } | undefined;
  const facts = (row: { id: string; cert_der: Buffer }) => ({
    id: row.id,
    pem: new crypto.X509Certificate(row.cert_der).toString(),
    fingerprintSha256: fingerprint(row.cert_der),
  });
  offer(ctx, 'pkiEnsureCa', async ({ name, commonName, validityDays, by }) => {
    const found = caByName(name);
    if (found) return facts(found);
    await pkiAction(() =>
      createCa(
        p,
        { name, key_type: 'ec-p256', subject: { common_name: commonName }, validity_days: validityDays },
        by,
      ),
    );
    return facts(caByName(name)!);
  });
  offer(ctx, 'pkiSignCsr', async (r) => {
    const detail = await pkiAction(() =>
      signCsr(
        p,
        {
          ca_id: r.caId,
          profile: r.profile,
          csr: r.csrPem,
          validity_days: r.validityDays,
          name: r.name,
          ...(r.sans ? { sans: { dns: r.sans.dns ?? [], ip: r.sans.ip ?? [] } } : {}),
        },
        r.by,
        { subject: r.subject },
      ),
    );
    const row = getCertRow(p, detail.id);
    return { id: detail.id, pem: detail.pem, serial: row.serial, notAfter: row.not_after };
  });
  registerPkiFacts(ctx);
  offer(ctx, 'pkiRevoke', async (certId, reason, by) => {
    const row = db.prepare('SELECT revoked_at FROM pki_certificates WHERE id = ?').get(certId) as
      { revoked_at: number | null } | undefined;
    if (!row || row.revoked_at !== null) return;
    await revokeCertificate(p, certId, reason, by);
  });
}
