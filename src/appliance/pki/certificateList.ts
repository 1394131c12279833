/**
 * The certificate list: paged, sorted and filtered over the stored columns, so ten thousand certificates answer
 * quickly; only the page's rows are parsed and described (`certView` reads the DER and its uses).
 */
import type { Static } from '@sinclair/typebox';
import {
  CERTIFICATE_STATUSES,
  SUMMARY_HORIZON_DAYS,
  WATCHED_MAX,
  type CertificateSummary,
  type certificatesQuery,
} from '../../shared/contracts/pki';
import { pageOf } from '../http/listing';
import { certView, usedBy, type CertRow } from './certificates';
import type { PkiContext } from './context';
import { certStatus } from './x509';

const DAY = 86_400_000;

/** The names a certificate's stored SANs hold (`{"dns":[…],"ip":[…]}`), without the kinds' keys. */
const sanValues = (json: string): string[] =>
  Object.values(JSON.parse(json) as Record<string, string[]>).flat();

type ListedRow = Pick<
  CertRow,
  | 'id'
  | 'name'
  | 'ca_id'
  | 'source'
  | 'subject'
  | 'serial'
  | 'fingerprint_sha256'
  | 'sans'
  | 'not_before'
  | 'not_after'
  | 'revoked_at'
  | 'created_at'
>;

export function listCertificatePage(p: PkiContext, query: Static<typeof certificatesQuery>) {
  const now = p.app.now();
  const caNames = new Map(
    (p.app.db.prepare('SELECT id, name FROM pki_cas').all() as Array<{ id: string; name: string }>).map(
      (c) => [c.id, c.name],
    ),
  );
  // The columns the list filters, sorts and searches on: the DER and chains of ten thousand certificates stay on
  // disk until the page is cut, and only the page's rows are read whole.
  const rows = p.app.db
    .prepare(
      `SELECT id, name, ca_id, source, subject, serial, fingerprint_sha256, sans, not_before, not_after, revoked_at,
              created_at
         FROM pki_certificates ORDER BY created_at DESC`,
    )
    .all() as ListedRow[];
  const whole = p.app.db.prepare('SELECT * FROM pki_certificates WHERE id = ?');
  const status = (r: ListedRow) => certStatus(r.not_before, r.not_after, r.revoked_at, now);
  return pageOf(
    rows,
    query,
    {
      sort: {
        name: (r) => r.name,
        status: (r) => status(r),
        ca_name: (r) => (r.ca_id ? (caNames.get(r.ca_id) ?? null) : null),
        source: (r) => r.source,
        not_after: (r) => r.not_after,
        created_at: (r) => r.created_at,
      },
      defaultSort: '-created_at',
      text: (r) => [r.name, r.subject, r.serial, r.fingerprint_sha256, ...sanValues(r.sans)],
      filters: {
        ca_id: (r, v) => r.ca_id === v,
        status: (r, v) => status(r) === v,
        source: (r, v) => r.source === v,
        expires_within_days: (r, v) => status(r) === 'valid' && r.not_after <= now + Number(v) * DAY,
      },
    },
    (r) => certView(p, whole.get(r.id) as CertRow),
  );
}

/**
 * Counts over every certificate for the lifecycle board, from the stored columns (no DER is parsed): by status,
 * valid ones ending within 7 and 30 days, those worth watching (not revoked, not renewed, still valid and ending
 * within the horizon), soonest first, and how many ended without being renewed or revoked.
 */
export function certificateSummary(p: PkiContext): CertificateSummary {
  const now = p.app.now();
  const rows = p.app.db
    .prepare(
      `SELECT c.id, c.name, c.ca_id, c.profile, c.not_before, c.not_after, c.revoked_at,
              EXISTS (SELECT 1 FROM pki_certificates n WHERE n.renewed_from = c.id) AS renewed
         FROM pki_certificates c`,
    )
    .all() as Array<
    Pick<CertRow, 'id' | 'name' | 'ca_id' | 'profile' | 'not_before' | 'not_after' | 'revoked_at'> & {
      renewed: number;
    }
  >;
  const byStatus = Object.fromEntries(
    CERTIFICATE_STATUSES.map((s) => [s, 0]),
  ) as CertificateSummary['by_status'];
  const expiring = { days_7: 0, days_30: 0 };
  const watched: typeof rows = [];
  let expiredUnrenewed = 0;
  for (const r of rows) {
    const status = certStatus(r.not_before, r.not_after, r.revoked_at, now);
    byStatus[status as keyof CertificateSummary['by_status']] += 1;
    if (status === 'valid' && r.not_after <= now + 7 * DAY) expiring.days_7 += 1;
    if (status === 'valid' && r.not_after <= now + 30 * DAY) expiring.days_30 += 1;
    if (r.revoked_at !== null || r.renewed) continue;
    if (r.not_after < now) expiredUnrenewed += 1;
    else if (r.not_after < now + SUMMARY_HORIZON_DAYS * DAY) watched.push(r);
  }
  watched.sort((a, b) => a.not_after - b.not_after);
  return {
    total: rows.length,
    by_status: byStatus,
    expiring,
    horizon_days: SUMMARY_HORIZON_DAYS,
    watched: watched.slice(0, WATCHED_MAX).map((r) => ({
      id: r.id,
      name: r.name,
      ca_id: r.ca_id,
      profile: r.profile,
      not_after: new Date(r.not_after).toISOString(),
      used_by: usedBy(p, r.id),
    })),
    watched_total: watched.length,
    expired_unrenewed: expiredUnrenewed,
  };
}
