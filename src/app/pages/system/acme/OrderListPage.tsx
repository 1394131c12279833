/**
 * /system/acme-orders: certificates ordered from ACME authorities, their state and renewal; new orders. An account
 * that may only read the PKI area sees the orders without ordering, registering or deleting.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type TableRow } from '../../../../widgets/DataTable';
import { PageHeader } from '../../../../widgets/PageHeader';
import { useResource, useResourceSave } from '../../../../store/useResource';
import { expiryItem, formatDate } from '../common/pki';
import { ORDERS_KEY, type AcmeOrder, type ListAnswer } from '../types';
import { ACCOUNTS_KEY, AccountModal } from './AccountModal';
import { OrderModal, type AcmeAccount } from './OrderModal';

export { ACCOUNTS_KEY };
import { orderStatusItem } from './status';
import { AreaAccess, ReadOnlyNotice, useReadOnly } from '../../common/config/ReadOnly';
import '../../common/config/config.css';
import '../common/pki.css';

export const ORDERS_TITLE = 'ACME orders';

export function OrderListPage() {
  return (
    <AreaAccess area="pki">
      <OrderList />
    </AreaAccess>
  );
}

function OrderList() {
  const readOnly = useReadOnly();
  const { data, status } = useResource<ListAnswer<AcmeOrder>>(ORDERS_KEY);
  const accounts = useResource<ListAnswer<AcmeAccount>>(ACCOUNTS_KEY);
  const [dialog, setDialog] = useState<'order' | 'account' | null>(null);
  const bulk = useResourceSave();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${ORDERS_TITLE} · Rampart`;
  }, []);
  const all = data?.data ?? [];
  const rows: TableRow[] = all.map((o) => ({
    id: o.id,
    items: [
      { value: o.names.join(', ') },
      orderStatusItem(o.status),
      { value: o.detail ?? '—' },
      { value: o.account_name },
      o.not_after ? expiryItem(o.not_after) : { value: '—' },
      { value: o.auto_renew ? `From ${formatDate(o.renew_at)}` : 'Off' },
    ],
    actions: [{ id: 'open', value: 'Details', type: 'labelled' }],
  }));
  return (
    <section className="page config-page" aria-label={ORDERS_TITLE}>
      <PageHeader
        title={ORDERS_TITLE}
        actionDescription="Certificates ordered from ACME authorities (HTTP-01), renewed automatically before they expire."
        primaryButton={{ label: 'New order', disabled: readOnly, onClick: () => setDialog('order') }}
        secondaryButton={{
          label: 'Register account',
          disabled: readOnly,
          onClick: () => setDialog('account'),
        }}
      />
      <ReadOnlyNotice />
      <DataTable
        caption={ORDERS_TITLE}
        legend={[
          { title: 'Names' },
          { title: 'Status' },
          { title: 'Detail' },
          { title: 'Account' },
          { title: 'Expires' },
          { title: 'Auto renewal' },
        ]}
        rows={rows}
        loading={status === 'loading'}
        searchLabel="Search ACME orders"
        emptyMessage="No ACME orders yet."
        bulkActions={
          readOnly
            ? []
            : [
                {
                  id: 'delete',
                  value: 'Delete selected',
                  confirmationMessage:
                    'Delete the selected orders? Their certificates stay; running orders are kept.',
                },
              ]
        }
        bulkProcessing={bulk.pending}
        onBulkAction={(_action, ids) => {
          for (const id of ids)
            bulk.save({
              key: ORDERS_KEY,
              method: 'DELETE',
              path: `pki/acme/orders/${id}`,
              message: 'Order deleted.',
            });
        }}
        onRowAction={(id, action) => {
          if (action === 'open') void navigate(`/system/acme-orders/${id}`);
        }}
      />
      {dialog === 'order' && !readOnly ? (
        <OrderModal accounts={accounts.data?.data ?? []} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'account' && !readOnly ? <AccountModal onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
