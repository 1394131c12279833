/**
 * /system/certificate-authorities: the appliance's roots and intermediates on the entity list (paged, sorted,
 * searched and filtered by kind on the appliance), each name a link to its page, Create and Import dialogs, and
 * bulk delete in one request, confirmed by action and count (authorities that still have intermediates or
 * certificates are kept, named in the summary). An account that may only read the PKI area sees the list without
 * them.
 */
import type { ListPage } from '../../../../shared/contracts/listing';
import { useState } from 'react';
import { casBulk, casQuery } from '../../../../shared/contracts/pki';
import { useResource } from '../../../../store/useResource';
import { EntityListPage, type EntityColumn } from '../../common/entity/EntityListPage';
import type { ListSource } from '../../common/entity/listQuery';
import { nameColumn, pkiList, choiceFilter, pkiBulk, expiryItem, statusItem, PHONE } from '../common/pki';
import { CAS_KEY, CRLS_KEY } from '../resources';
import type { CertificateAuthority } from '../../../../shared/contracts/pki';
import { CaCreateModal } from './CaCreateModal';
import { CaImportModal } from './CaImportModal';
import { inArea, ReadOnlyNotice, useReadOnly } from '../../common/config/ReadOnly';
import '../../common/config/config.css';
import '../common/pki.css';

export const CA_LIST_TITLE = 'Certificate authorities';

/** The authorities list: its URL's query, its resource key and the contract it follows. */
export const CA_LIST: ListSource = { resource: CAS_KEY, query: casQuery, defaultSort: 'name' };

const ITEM_NAME = { one: 'certificate authority', other: 'certificate authorities' };

const COLUMNS: ReadonlyArray<EntityColumn<CertificateAuthority>> = [
  nameColumn<CertificateAuthority>(),
  {
    title: 'Kind',
    sort: 'kind',
    width: 120,
    priority: 2,
    cell: (ca) => ({ value: ca.kind === 'root' ? 'Root' : 'Intermediate' }),
  },
  { title: 'Status', sort: 'status', width: PHONE.status, cell: (ca) => statusItem(ca.status) },
  { title: 'Key', width: 120, priority: 3, cell: (ca) => ({ value: ca.key_algorithm }) },
  { title: 'Expires', sort: 'not_after', width: PHONE.expiry, cell: (ca) => expiryItem(ca.not_after) },
  { title: 'Certificates', width: 110, priority: 2, cell: (ca) => ({ value: ca.certificates }) },
  {
    title: 'Private key',
    width: 140,
    priority: 3,
    cell: (ca) => ({ value: ca.has_private_key ? 'In the appliance' : 'Not held' }),
  },
];

export const CaListPage = inArea('pki', CaList);

function CaList() {
  const readOnly = useReadOnly();
  // Every authority (not the page): the parents the Create dialog offers.
  const all = useResource<ListPage<CertificateAuthority>>(CAS_KEY).data?.data ?? [];
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  return (
    <EntityListPage<CertificateAuthority>
      {...pkiList<CertificateAuthority>({
        source: CA_LIST,
        title: CA_LIST_TITLE,
        description: "Root and intermediate authorities that sign the appliance's certificates and CRLs.",
        itemName: ITEM_NAME,
        columns: COLUMNS,
        detailPath: '/system/certificate-authorities',
      })}
      filters={[choiceFilter('kind', 'Kind', 'Any kind', { root: 'Root', intermediate: 'Intermediate' })]}
      bulk={pkiBulk(
        casBulk,
        ITEM_NAME,
        {
          delete:
            'Their keys are destroyed; authorities that still have intermediates or certificates are kept.',
        },
        [CRLS_KEY],
      )}
      canWrite={!readOnly}
      primaryButton={{ label: 'Create authority', disabled: readOnly, onClick: () => setDialog('create') }}
      secondaryButton={{ label: 'Import authority', disabled: readOnly, onClick: () => setDialog('import') }}
      emptyMessage="No certificate authorities yet: create a root or import one."
      before={<ReadOnlyNotice />}
    >
      {dialog === 'create' && !readOnly ? (
        <CaCreateModal authorities={all} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'import' && !readOnly ? <CaImportModal onClose={() => setDialog(null)} /> : null}
    </EntityListPage>
  );
}
