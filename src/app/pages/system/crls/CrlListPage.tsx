/**
 * /system/certificate-revocation-lists: the CRLs the authorities published (current, superseded, expired) and
 * imported ones, with their publication status; import, download, bulk delete of imported lists. An account that may
 * only read the PKI area sees the lists without import and delete.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type AccentColor, type TableRow } from '../../../../widgets/DataTable';
import { PageHeader } from '../../../../widgets/PageHeader';
import { Select } from '../../../../widgets/Select';
import { useResource, useResourceSave } from '../../../../store/useResource';
import { formatDate } from '../common/pki';
import { CRLS_KEY, type ListAnswer, type RevocationList } from '../types';
import { CrlImportModal } from './CrlImportModal';
import { AreaAccess, ReadOnlyNotice, useReadOnly } from '../../common/config/ReadOnly';
import '../../common/config/config.css';
import '../common/pki.css';

export const CRLS_TITLE = 'Certificate revocation lists';

export const CRL_STATUS: Record<RevocationList['status'], { label: string; color: AccentColor }> = {
  current: { label: 'Current', color: 'green' },
  superseded: { label: 'Superseded', color: 'grey' },
  expired: { label: 'Expired', color: 'red' },
};

export function CrlListPage() {
  return (
    <AreaAccess area="pki">
      <CrlList />
    </AreaAccess>
  );
}

function CrlList() {
  const readOnly = useReadOnly();
  const { data, status } = useResource<ListAnswer<RevocationList>>(CRLS_KEY);
  const [importing, setImporting] = useState(false);
  const [statusFilter, setStatusFilter] = useState('');
  const bulk = useResourceSave();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${CRLS_TITLE} · Rampart`;
  }, []);
  const all = data?.data ?? [];
  const rows: TableRow[] = all
    .filter((c) => !statusFilter || c.status === statusFilter)
    .map((c) => ({
      id: c.id,
      items: [
        { value: c.name, description: c.issuer },
        {
          value: CRL_STATUS[c.status].label,
          statusBullColor: CRL_STATUS[c.status].color,
          statusLabel: CRL_STATUS[c.status].label,
        },
        { value: c.ca_name ?? '—' },
        { value: c.number ?? '—' },
        { value: c.entries },
        { value: formatDate(c.this_update), sortValue: Date.parse(c.this_update) },
        {
          value: formatDate(c.next_update),
          sortValue: c.next_update ? Date.parse(c.next_update) : 0,
        },
        { value: c.source === 'generated' ? 'Published here' : 'Imported' },
      ],
      actions: [{ id: 'open', value: 'Details', type: 'labelled' }],
    }));
  return (
    <section className="page config-page" aria-label={CRLS_TITLE}>
      <PageHeader
        title={CRLS_TITLE}
        actionDescription="Each authority with a key publishes a new list on every revocation and before the current one runs out."
        primaryButton={{
          label: 'Import revocation list',
          disabled: readOnly,
          onClick: () => setImporting(true),
        }}
      />
      <ReadOnlyNotice />
      <div className="pki-filters">
        <Select
          label="Status"
          placeholder="Any status"
          value={statusFilter}
          options={Object.entries(CRL_STATUS).map(([value, s]) => ({ value, name: s.label }))}
          onChange={setStatusFilter}
        />
      </div>
      <DataTable
        caption={CRLS_TITLE}
        legend={[
          { title: 'Name' },
          { title: 'Status' },
          { title: 'Authority' },
          { title: 'Number' },
          { title: 'Entries' },
          { title: 'Published' },
          { title: 'Next update' },
          { title: 'Source' },
        ]}
        rows={rows}
        loading={status === 'loading'}
        searchLabel="Search revocation lists"
        emptyMessage="No revocation lists yet: each authority created here publishes one."
        bulkActions={
          readOnly
            ? []
            : [
                {
                  id: 'delete',
                  value: 'Delete selected',
                  confirmationMessage:
                    'Delete the selected imported revocation lists? Lists published by the appliance stay with their authority.',
                },
              ]
        }
        bulkProcessing={bulk.pending}
        onBulkAction={(_action, ids) => {
          for (const id of ids)
            bulk.save({
              key: CRLS_KEY,
              method: 'DELETE',
              path: `pki/crls/${id}`,
              message: `${all.find((c) => c.id === id)?.name ?? id} deleted.`,
            });
        }}
        onRowAction={(id, action) => {
          if (action === 'open') void navigate(`/system/certificate-revocation-lists/${id}`);
        }}
      />
      {importing && !readOnly ? <CrlImportModal onClose={() => setImporting(false)} /> : null}
    </section>
  );
}
