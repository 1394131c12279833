/**
 * /system/certificate-revocation-lists: the CRLs the authorities published (current, superseded, expired) and
 * imported ones on the entity list (paged, sorted, searched and filtered by authority and source on the appliance),
 * each name a link to its page; import, and bulk delete of imported lists in one request (lists the appliance
 * published stay with their authority, named in the summary). An account that may only read the PKI area sees the
 * lists without import and delete.
 */
import type { ListPage } from '../../../../shared/contracts/listing';
import { useState } from 'react';
import { crlsBulk, crlsQuery } from '../../../../shared/contracts/pki';
import type { AccentColor } from '../../../../widgets/DataTable';
import { useResource } from '../../../../store/useResource';
import { EntityListPage, type EntityColumn } from '../../common/entity/EntityListPage';
import type { ListSource } from '../../common/entity/listQuery';
import { pkiList, authorityFilter, choiceFilter, pkiBulk, formatDate, PHONE } from '../common/pki';
import { CAS_KEY, CRLS_KEY } from '../resources';
import type { CertificateAuthority, RevocationList } from '../../../../shared/contracts/pki';
import { CrlImportModal } from './CrlImportModal';
import { inArea, ReadOnlyNotice, useReadOnly } from '../../common/config/ReadOnly';
import '../../common/config/config.css';
import '../common/pki.css';

export const CRLS_TITLE = 'Certificate revocation lists';

/** The revocation lists: their URL's query, their resource key and the contract they follow. */
export const CRLS_LIST: ListSource = { resource: CRLS_KEY, query: crlsQuery, defaultSort: '-created_at' };

const ITEM_NAME = { one: 'revocation list', other: 'revocation lists' };

export const CRL_STATUS: Record<RevocationList['status'], { label: string; color: AccentColor }> = {
  current: { label: 'Current', color: 'green' },
  superseded: { label: 'Superseded', color: 'grey' },
  expired: { label: 'Expired', color: 'red' },
};

const COLUMNS: ReadonlyArray<EntityColumn<RevocationList>> = [
  { title: 'Name', sort: 'name', width: PHONE.name, cell: (c) => ({ value: c.name, description: c.issuer }) },
  {
    title: 'Status',
    sort: 'status',
    width: PHONE.status,
    cell: (c) => ({
      value: CRL_STATUS[c.status].label,
      statusBullColor: CRL_STATUS[c.status].color,
      statusLabel: CRL_STATUS[c.status].label,
    }),
  },
  { title: 'Authority', sort: 'ca_name', priority: 2, cell: (c) => ({ value: c.ca_name ?? '—' }) },
  { title: 'Number', sort: 'number', width: 90, priority: 3, cell: (c) => ({ value: c.number ?? '—' }) },
  { title: 'Entries', sort: 'entries', width: 90, priority: 3, cell: (c) => ({ value: c.entries }) },
  {
    title: 'Published',
    sort: 'created_at',
    width: 180,
    priority: 3,
    cell: (c) => ({ value: formatDate(c.this_update) }),
  },
  {
    title: 'Next update',
    sort: 'next_update',
    width: PHONE.expiry,
    cell: (c) => ({ value: formatDate(c.next_update) }),
  },
  {
    title: 'Source',
    width: 130,
    priority: 3,
    cell: (c) => ({ value: c.source === 'generated' ? 'Published here' : 'Imported' }),
  },
];

export const CrlListPage = inArea('pki', CrlList);

function CrlList() {
  const readOnly = useReadOnly();
  const authorities = useResource<ListPage<CertificateAuthority>>(CAS_KEY).data?.data ?? [];
  const [importing, setImporting] = useState(false);
  return (
    <EntityListPage<RevocationList>
      {...pkiList<RevocationList>({
        source: CRLS_LIST,
        title: CRLS_TITLE,
        description:
          'Each authority with a key publishes a new list on every revocation and before the current one runs out.',
        itemName: ITEM_NAME,
        columns: COLUMNS,
        detailPath: '/system/certificate-revocation-lists',
      })}
      filters={[
        authorityFilter(authorities),
        choiceFilter('source', 'Source', 'Any source', { generated: 'Published here', imported: 'Imported' }),
      ]}
      bulk={pkiBulk(crlsBulk, ITEM_NAME, {
        delete: 'Only imported lists go; lists published by the appliance stay with their authority.',
      })}
      canWrite={!readOnly}
      primaryButton={{
        label: 'Import revocation list',
        disabled: readOnly,
        onClick: () => setImporting(true),
      }}
      emptyMessage="No revocation lists yet: each authority created here publishes one."
      before={<ReadOnlyNotice />}
    >
      {importing && !readOnly ? <CrlImportModal onClose={() => setImporting(false)} /> : null}
    </EntityListPage>
  );
}
