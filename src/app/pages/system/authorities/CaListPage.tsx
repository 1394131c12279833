/**
 * /system/certificate-authorities: the appliance's roots and intermediates in the data table (search, sort, filter
 * by status), with Create and Import dialogs, bulk delete (confirmed) and a row action to each detail page. An
 * account that may only read the PKI area sees the list without them.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type TableRow } from '../../../../widgets/DataTable';
import { PageHeader } from '../../../../widgets/PageHeader';
import { Select } from '../../../../widgets/Select';
import { useResource, useResourceSave } from '../../../../store/useResource';
import { expiryItem, statusItem } from '../common/pki';
import { CAS_KEY, type CertificateAuthority, type CertStatus, type ListAnswer } from '../types';
import { CaCreateModal } from './CaCreateModal';
import { CaImportModal } from './CaImportModal';
import { AreaAccess, ReadOnlyNotice, useReadOnly } from '../../common/config/ReadOnly';
import '../../common/config/config.css';
import '../common/pki.css';

export const CA_LIST_TITLE = 'Certificate authorities';

const STATUS_FILTER = [
  { value: 'valid', name: 'Valid' },
  { value: 'expired', name: 'Expired' },
  { value: 'not_yet_valid', name: 'Not yet valid' },
] as const;

export function CaListPage() {
  return (
    <AreaAccess area="pki">
      <CaList />
    </AreaAccess>
  );
}

function CaList() {
  const readOnly = useReadOnly();
  const { data, status } = useResource<ListAnswer<CertificateAuthority>>(CAS_KEY);
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const [statusFilter, setStatusFilter] = useState<CertStatus | ''>('');
  const bulk = useResourceSave();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${CA_LIST_TITLE} · Rampart`;
  }, []);
  const all = data?.data ?? [];
  const shown = all.filter((ca) => !statusFilter || ca.status === statusFilter);
  const rows: TableRow[] = shown.map((ca) => ({
    id: ca.id,
    items: [
      { value: ca.name, description: ca.common_name },
      { value: ca.kind === 'root' ? 'Root' : 'Intermediate' },
      statusItem(ca.status),
      { value: ca.key_algorithm },
      expiryItem(ca.not_after),
      { value: ca.certificates },
      { value: ca.has_private_key ? 'In the appliance' : 'Not held' },
    ],
    actions: [{ id: 'open', value: 'Details', type: 'labelled' }],
  }));
  return (
    <section className="page config-page" aria-label={CA_LIST_TITLE}>
      <PageHeader
        title={CA_LIST_TITLE}
        actionDescription="Root and intermediate authorities that sign the appliance's certificates and CRLs."
        primaryButton={{ label: 'Create authority', disabled: readOnly, onClick: () => setDialog('create') }}
        secondaryButton={{
          label: 'Import authority',
          disabled: readOnly,
          onClick: () => setDialog('import'),
        }}
      />
      <ReadOnlyNotice />
      <div className="pki-filters">
        <Select
          label="Status"
          name="status"
          options={STATUS_FILTER}
          placeholder="Any status"
          value={statusFilter}
          onChange={(v) => setStatusFilter(v as CertStatus | '')}
        />
      </div>
      <DataTable
        caption={CA_LIST_TITLE}
        legend={[
          { title: 'Name' },
          { title: 'Kind' },
          { title: 'Status' },
          { title: 'Key' },
          { title: 'Expires' },
          { title: 'Certificates' },
          { title: 'Private key' },
        ]}
        rows={rows}
        loading={status === 'loading'}
        searchLabel="Search certificate authorities"
        emptyMessage="No certificate authorities yet: create a root or import one."
        bulkActions={
          readOnly
            ? []
            : [
                {
                  id: 'delete',
                  value: 'Delete selected',
                  confirmationMessage:
                    'Delete the selected certificate authorities? Their keys are destroyed; authorities that still have intermediates or certificates are kept.',
                },
              ]
        }
        bulkProcessing={bulk.pending}
        onBulkAction={(_action, ids) => {
          // One DELETE per authority; the saga reports each refusal (in use) on its own.
          for (const id of ids)
            bulk.save({
              key: CAS_KEY,
              method: 'DELETE',
              path: `pki/cas/${id}`,
              message: `Certificate authority ${all.find((ca) => ca.id === id)?.name ?? id} deleted.`,
            });
        }}
        onRowAction={(id, action) => {
          if (action === 'open') void navigate(`/system/certificate-authorities/${id}`);
        }}
      />
      {dialog === 'create' && !readOnly ? (
        <CaCreateModal authorities={all} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'import' && !readOnly ? <CaImportModal onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
