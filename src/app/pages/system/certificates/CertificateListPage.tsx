/**
 * /system/certificates: every certificate (issued, signed from a CSR, imported, from ACME) on the entity list: the
 * appliance pages, sorts, searches and filters them (status, authority, source, days to expiry); issue, sign-a-CSR
 * and import dialogs; bulk revoke and bulk delete in one request each, confirmed by action and count. The lifecycle
 * board above reads the appliance's summary (counts over every certificate), not the page. An account that may
 * only read the PKI area sees the list and the board without them.
 */
import type { ListPage } from '../../../../shared/contracts/listing';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { certificatesBulk, certificatesQuery } from '../../../../shared/contracts/pki';
import type { CertificateSummary } from '../../../../shared/contracts/pki';
import { useResource } from '../../../../store/useResource';
import { EntityListPage, type EntityColumn } from '../../common/entity/EntityListPage';
import { listKey, type ListSource } from '../../common/entity/listQuery';
import {
  authorityFilter,
  choiceFilter,
  pkiBulk,
  EXPIRY_WARNING_DAYS,
  expiryItem,
  statusItem,
  PHONE,
  STATUS_OPTIONS,
  pkiList,
  nameColumn,
} from '../common/pki';
import { CAS_KEY, CERTIFICATE_SUMMARY_KEY, CERTIFICATES_KEY, CRLS_KEY } from '../resources';
import type { Certificate, CertificateAuthority } from '../../../../shared/contracts/pki';
import { CsrModal } from './CsrModal';
import { ImportModal } from './ImportModal';
import { LifecycleBoard } from './LifecycleBoard';
import { IssueModal } from './IssueModal';
import { inArea, ReadOnlyNotice, useReadOnly } from '../../common/config/ReadOnly';
import '../../common/config/config.css';
import '../common/pki.css';

export const CERTIFICATES_TITLE = 'Certificates';

/** The certificates list: its URL's query, its resource key and the contract it follows. */
export const CERTIFICATES_LIST: ListSource = {
  resource: CERTIFICATES_KEY,
  query: certificatesQuery,
  defaultSort: '-created_at',
};

const SOURCE = { issued: 'Issued', csr: 'Signed CSR', imported: 'Imported', acme: 'ACME' } as const;
const ITEM_NAME = { one: 'certificate', other: 'certificates' };

const COLUMNS: ReadonlyArray<EntityColumn<Certificate>> = [
  nameColumn<Certificate>(),
  { title: 'Status', sort: 'status', width: PHONE.status, cell: (c) => statusItem(c.status) },
  {
    title: 'Issuer',
    sort: 'ca_name',
    width: 130,
    priority: 2,
    cell: (c) => ({ value: c.ca_name ?? c.issuer }),
  },
  { title: 'Key', width: 100, priority: 3, cell: (c) => ({ value: c.key_algorithm }) },
  { title: 'Expires', sort: 'not_after', width: PHONE.expiry, cell: (c) => expiryItem(c.not_after) },
  { title: 'Source', sort: 'source', width: 90, priority: 3, cell: (c) => ({ value: SOURCE[c.source] }) },
  {
    title: 'Used by',
    width: 120,
    priority: 3,
    cell: (c) => ({ value: c.used_by.length ? c.used_by.join(', ') : '—' }),
  },
];

/** Old addresses of the expiry banner (`?expiry=soon`) as the list's own filters. */
const LEGACY_EXPIRY: Record<string, Record<string, string>> = {
  soon: { status: 'valid', expires_within_days: String(EXPIRY_WARNING_DAYS) },
  month: { status: 'valid', expires_within_days: '30' },
  expired: { status: 'expired' },
};

export const CertificateListPage = inArea('pki', CertificateList);

function CertificateList() {
  const readOnly = useReadOnly();
  const cas = useResource<ListPage<CertificateAuthority>>(CAS_KEY);
  const summary = useResource<CertificateSummary>(CERTIFICATE_SUMMARY_KEY);
  const [dialog, setDialog] = useState<'issue' | 'csr' | 'import' | null>(null);
  const authorities = cas.data?.data ?? [];

  // A link of an older console (`?expiry=soon`) still opens the list filtered to what expires soon.
  const [search, setSearch] = useSearchParams();
  const legacy = LEGACY_EXPIRY[search.get('expiry') ?? ''];
  useEffect(() => {
    if (!search.has('expiry')) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('expiry');
        for (const [k, v] of Object.entries(legacy ?? {})) next.set(k, v);
        return next;
      },
      { replace: true },
    );
  }, [search, legacy, setSearch]);

  // The board's counts follow the list: when the page on screen is answered again (after a save, a bulk action,
  // a renewal), not when the admin pages or filters, the summary is asked again too.
  const key = listKey(CERTIFICATES_LIST, search);
  const listed = useResource<unknown>(key, { skip: true }).data;
  const seen = useRef({ key, listed });
  const reloadSummary = summary.reload;
  useEffect(() => {
    if (listed === undefined) return;
    const before = seen.current;
    if (before.key === key && before.listed !== undefined && before.listed !== listed) reloadSummary();
    seen.current = { key, listed };
  }, [key, listed, reloadSummary]);

  return (
    <EntityListPage<Certificate>
      {...pkiList<Certificate>({
        source: CERTIFICATES_LIST,
        title: CERTIFICATES_TITLE,
        description:
          "Certificates issued by the appliance's authorities, signed from requests, imported or ordered with ACME.",
        itemName: ITEM_NAME,
        columns: COLUMNS,
        detailPath: '/system/certificates',
      })}
      filters={[
        choiceFilter('status', 'Status', 'Any status', STATUS_OPTIONS),
        choiceFilter('expires_within_days', 'Expiry', 'Any time', {
          7: 'Within 7 days',
          [EXPIRY_WARNING_DAYS]: `Within ${EXPIRY_WARNING_DAYS} days`,
          30: 'Within 30 days',
          90: 'Within 90 days',
        }),
        authorityFilter(authorities),
        choiceFilter('source', 'Source', 'Any source', SOURCE),
      ]}
      bulk={pkiBulk(
        certificatesBulk,
        ITEM_NAME,
        {
          revoke: 'This cannot be undone; their authorities publish new revocation lists.',
          delete: 'Their keys are destroyed. Certificates in use, or revoked and not yet expired, are kept.',
        },
        [CAS_KEY, CRLS_KEY],
      )}
      canWrite={!readOnly}
      primaryButton={{ label: 'Issue certificate', disabled: readOnly, onClick: () => setDialog('issue') }}
      secondaryButton={{
        label: 'Import certificate',
        disabled: readOnly,
        onClick: () => setDialog('import'),
      }}
      toolbar={
        <button type="button" className="button" disabled={readOnly} onClick={() => setDialog('csr')}>
          Sign a request (CSR)
        </button>
      }
      emptyMessage="No certificates yet: issue one, sign a request or import one."
      before={
        <>
          <ReadOnlyNotice />
          <LifecycleBoard summary={summary.data} authorities={authorities} />
        </>
      }
    >
      {dialog === 'issue' && !readOnly ? (
        <IssueModal authorities={authorities} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'csr' && !readOnly ? (
        <CsrModal authorities={authorities} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'import' && !readOnly ? <ImportModal onClose={() => setDialog(null)} /> : null}
    </EntityListPage>
  );
}
