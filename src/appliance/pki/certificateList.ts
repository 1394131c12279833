/**
 * The certificate list: paged, sorted and filtered over the stored columns, so ten thousand certificates answer
 * quickly; only the page's rows are parsed and described (`certView` reads the DER and its uses).
 */
import type { Static } from '@sinclair/typebox';
import type { certificatesQuery } from '../../shared/contracts/pki';
import { pageOf } from '../http/listing';
import { certView, type CertRow } from './certificates';
import type { PkiContext } from './context';
import { certStatus } from './x509';

/** The names a certificate's stored SANs hold (`{"dns":[…],"ip":[…]}`), without the kinds' keys. */
const sanValues = (json: string): string[] =>
  Object.values(JSON.parse(json) as Record<string, string[]>).flat();

export function listCertificatePage(p: PkiContext, query: Static<typeof certificatesQuery>) {
  const now = p.app.now();
  const caNames = new Map(
    (p.app.db.prepare('SELECT id, name FROM pki_cas').all() as Array<{ id: string; name: string }>).map(
      (c) => [c.id, c.name],
    ),
  );
  const rows = p.app.db.prepare('SELECT * FROM pki_certificates ORDER BY created_at DESC').all() as CertRow[];
  const status = (r: CertRow) => certStatus(r.not_before, r.not_after, r.revoked_at, now);
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
      },
    },
    (r) => certView(p, r),
  );
}
