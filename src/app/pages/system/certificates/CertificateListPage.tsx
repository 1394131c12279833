/**
 * /system/certificates: every certificate (issued, signed from a CSR, imported, from ACME) in the data table with
 * search, sort and filters (status, expiry, authority, key type); issue, sign-a-CSR and import dialogs; bulk
 * revoke and bulk delete, each confirmed by the table first. An account that may only read the PKI area sees the
 * list and the lifecycle board without them.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable, type TableRow } from '../../../../widgets/DataTable';
import { PageHeader } from '../../../../widgets/PageHeader';
import { useResource, useResourceSave } from '../../../../store/useResource';
import { expiryItem, statusItem } from '../common/pki';
import {
  CAS_KEY,
  CERTIFICATES_KEY,
  CRLS_KEY,
  type Certificate,
  type CertificateAuthority,
  type ListAnswer,
} from '../types';
import { CertificateFilterBar } from './CertificateFilterBar';
import { CsrModal } from './CsrModal';
import { expiryFilterOf, matchesFilters, NO_FILTERS } from './filters';
import { ImportModal } from './ImportModal';
import { LifecycleBoard } from './LifecycleBoard';
import { IssueModal } from './IssueModal';
import { AreaAccess, ReadOnlyNotice, useReadOnly } from '../../common/config/ReadOnly';
import '../../common/config/config.css';
import '../common/pki.css';

export const CERTIFICATES_TITLE = 'Certificates';

const SOURCE = { issued: 'Issued', csr: 'Signed CSR', imported: 'Imported', acme: 'ACME' } as const;

export function CertificateListPage() {
  return (
    <AreaAccess area="pki">
      <CertificateList />
    </AreaAccess>
  );
}

function CertificateList() {
  const readOnly = useReadOnly();
  const { data, status } = useResource<ListAnswer<Certificate>>(CERTIFICATES_KEY);
  const cas = useResource<ListAnswer<CertificateAuthority>>(CAS_KEY);
  const [dialog, setDialog] = useState<'issue' | 'csr' | 'import' | null>(null);
  // `?expiry=soon` (the expiry banner's Review link) opens the list filtered by time to expiry.
  const expiryParam = expiryFilterOf(useSearchParams()[0].get('expiry'));
  const [filters, setFilters] = useState(() => ({ ...NO_FILTERS, expiry: expiryParam }));
  // Following the link again while on the page applies it too (state adjusted during render, not in an effect).
  const [seenParam, setSeenParam] = useState(expiryParam);
  if (seenParam !== expiryParam) {
    setSeenParam(expiryParam);
    if (expiryParam) setFilters((f) => ({ ...f, expiry: expiryParam }));
  }
  const bulk = useResourceSave();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${CERTIFICATES_TITLE} · Rampart`;
  }, []);
  const all = data?.data ?? [];
  const authorities = cas.data?.data ?? [];
  const keyAlgorithms = [...new Set(all.map((c) => c.key_algorithm))].sort();
  const rows: TableRow[] = all
    .filter((c) => matchesFilters(c, filters))
    .map((c) => ({
      id: c.id,
      items: [
        {
          value: c.name,
          description: c.common_name,
          extraSearchValue: [...c.sans.dns, ...c.sans.ip].join(' '),
        },
        statusItem(c.status),
        { value: c.ca_name ?? c.issuer },
        { value: c.key_algorithm },
        expiryItem(c.not_after),
        { value: SOURCE[c.source] },
        { value: c.used_by.length ? c.used_by.join(', ') : '—' },
      ],
      actions: [{ id: 'open', value: 'Details', type: 'labelled' }],
    }));
  const nameOf = (id: string) => all.find((c) => c.id === id)?.name ?? id;
  return (
    <section className="page config-page" aria-label={CERTIFICATES_TITLE}>
      <PageHeader
        title={CERTIFICATES_TITLE}
        actionDescription="Certificates issued by the appliance's authorities, signed from requests, imported or ordered with ACME."
        primaryButton={{ label: 'Issue certificate', disabled: readOnly, onClick: () => setDialog('issue') }}
        secondaryButton={{
          label: 'Import certificate',
          disabled: readOnly,
          onClick: () => setDialog('import'),
        }}
      />
      <ReadOnlyNotice />
      <LifecycleBoard certificates={all} authorities={authorities} />
      <CertificateFilterBar
        value={filters}
        onChange={setFilters}
        authorities={authorities}
        keyAlgorithms={keyAlgorithms}
      />
      <DataTable
        caption={CERTIFICATES_TITLE}
        legend={[
          { title: 'Name' },
          { title: 'Status' },
          { title: 'Issuer' },
          { title: 'Key' },
          { title: 'Expires' },
          { title: 'Source' },
          { title: 'Used by' },
        ]}
        rows={rows}
        loading={status === 'loading'}
        searchLabel="Search certificates"
        emptyMessage="No certificates yet: issue one, sign a request or import one."
        noResultsMessage="No certificate matches the search and filters."
        toolbar={
          <button type="button" className="button" disabled={readOnly} onClick={() => setDialog('csr')}>
            Sign a request (CSR)
          </button>
        }
        bulkActions={
          readOnly
            ? []
            : [
                {
                  id: 'revoke',
                  value: 'Revoke selected',
                  confirmationMessage:
                    'Revoke the selected certificates? This cannot be undone; their authorities publish new revocation lists.',
                },
                {
                  id: 'delete',
                  value: 'Delete selected',
                  confirmationMessage:
                    'Delete the selected certificates and their keys? Certificates in use, or revoked and unexpired, are kept.',
                },
              ]
        }
        bulkProcessing={bulk.pending}
        onBulkAction={(action, ids) => {
          // One call per certificate: each refusal (already revoked, in use) is reported on its own.
          for (const id of ids)
            bulk.save(
              action === 'revoke'
                ? {
                    key: CERTIFICATES_KEY,
                    method: 'POST',
                    path: `pki/certificates/${id}/revoke`,
                    body: { reason: 'unspecified' },
                    message: `${nameOf(id)} revoked.`,
                    refresh: [CAS_KEY, CRLS_KEY],
                  }
                : {
                    key: CERTIFICATES_KEY,
                    method: 'DELETE',
                    path: `pki/certificates/${id}`,
                    message: `${nameOf(id)} deleted.`,
                    refresh: [CAS_KEY],
                  },
            );
        }}
        onRowAction={(id, action) => {
          if (action === 'open') void navigate(`/system/certificates/${id}`);
        }}
      />
      {dialog === 'issue' && !readOnly ? (
        <IssueModal authorities={authorities} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'csr' && !readOnly ? (
        <CsrModal authorities={authorities} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'import' && !readOnly ? <ImportModal onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
