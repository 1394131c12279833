/**
 * The certificate list: paged, sorted and filtered by SQLite over the stored columns, so ten thousand certificates
 * answer quickly; only the page's rows are parsed and described (`certView` reads the DER and its uses).
 */
import type { Static } from '@sinclair/typebox';
import {
  CERTIFICATE_STATUSES,
  SUMMARY_HORIZON_DAYS,
  WATCHED_MAX,
  WATCHED_SHOWN,
  EXPIRY_WARNING_DAYS,
  type CertificateSummary,
  type certificatesQuery,
} from '../../shared/contracts/pki';
import { sqlPageOf } from '../http/listing';
import { certView, usedBy, type CertRow } from './certificates';
import type { PkiContext } from './context';
import { certStatus } from './x509';

const DAY = 86_400_000;

/** A certificate's state from its stored times, in SQL (the same rule as `certStatus`). */
const STATUS_SQL = `CASE WHEN c.revoked_at IS NOT NULL THEN 'revoked' WHEN :now < c.not_before THEN 'not_yet_valid'
  WHEN :now > c.not_after THEN 'expired' ELSE 'valid' END`;

export function listCertificatePage(p: PkiContext, query: Static<typeof certificatesQuery>) {
  const now = p.app.now();
  const whole = p.app.db.prepare('SELECT * FROM pki_certificates WHERE id = ?');
  // Filter, order and page by SQLite over the stored columns and keys (migration 4): the DER and chains of ten
  // thousand certificates stay on disk, and only the page's rows are read whole and described.
  return sqlPageOf<{ id: string }, ReturnType<typeof certView>>(
    p.app.db,
    query,
    {
      from: 'FROM pki_certificates c LEFT JOIN pki_cas ca ON ca.id = c.ca_id',
      select: 'c.id',
      sort: {
        name: 'c.name_key',
        status: STATUS_SQL,
        ca_name: 'ca.name_key',
        source: 'c.source',
        not_after: 'c.not_after',
        created_at: 'c.created_at',
      },
      defaultSort: '-created_at',
      tiebreak: 'c.created_at DESC, c.id',
      search: 'c.search_text',
      filters: {
        ca_id: (v) => ({ sql: 'c.ca_id = ?', params: [v] }),
        status: (v) => ({ sql: `${STATUS_SQL} = ?`, params: [v] }),
        source: (v) => ({ sql: 'c.source = ?', params: [v] }),
        expires_within_days: (v) => ({
          sql: `${STATUS_SQL} = 'valid' AND c.not_after <= ?`,
          params: [now + Number(v) * DAY],
        }),
      },
      named: { now },
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
  const soon = watched.filter((r) => r.not_after < now + EXPIRY_WARNING_DAYS * DAY).length;
  return {
    total: rows.length,
    by_status: byStatus,
    expiring,
    horizon_days: SUMMARY_HORIZON_DAYS,
    // What the page uses: the board's first few and every one its expiry banners name (not the whole horizon:
    // ten thousand certificates can watch a thousand, each with its uses looked up).
    watched: watched.slice(0, Math.min(WATCHED_MAX, Math.max(WATCHED_SHOWN, soon))).map((r) => ({
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
