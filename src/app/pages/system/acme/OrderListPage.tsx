/**
 * /system/acme-orders: certificates ordered from ACME authorities, their state and renewal, on the entity list
 * (paged, sorted, searched and filtered by state and account on the appliance), each order's names a link to its
 * page; new orders, account registration, and bulk delete in one request (orders still in progress are kept, named
 * in the summary). An account that may only read the PKI area sees the orders without ordering, registering or
 * deleting.
 */
import { useState } from 'react';
import { acmeOrdersBulk, ordersQuery } from '../../../../shared/contracts/pki';
import { useEndpoint } from '../../../../store/useResource';
import { EntityListPage, type EntityColumn } from '../../common/entity/EntityListPage';
import type { ListSource } from '../../common/entity/listQuery';
import { pkiList, choiceFilter, pkiBulk, expiryItem, formatDate, PHONE } from '../common/pki';
import { ORDERS_KEY } from '../resources';
import { listAcmeAccounts, type AcmeOrder } from '../../../../shared/contracts/pki';
import { ACCOUNTS_KEY, AccountModal } from './AccountModal';
import { OrderModal } from './OrderModal';
import { orderStatusItem, orderStatusLabel } from './status';
import { inArea, ReadOnlyNotice, useReadOnly } from '../../common/config/ReadOnly';
import '../../common/config/config.css';
import '../common/pki.css';

export { ACCOUNTS_KEY };

export const ORDERS_TITLE = 'ACME orders';

/** The orders list: its URL's query, its resource key and the contract it follows. */
export const ORDERS_LIST: ListSource = {
  resource: ORDERS_KEY,
  query: ordersQuery,
  defaultSort: '-created_at',
};

const ITEM_NAME = { one: 'order', other: 'orders' };
const STATUSES: ReadonlyArray<AcmeOrder['status']> = ['pending', 'ready', 'processing', 'valid', 'invalid'];

const COLUMNS: ReadonlyArray<EntityColumn<AcmeOrder>> = [
  { title: 'Names', sort: 'names', width: PHONE.name, cell: (o) => ({ value: o.names.join(', ') }) },
  { title: 'Status', sort: 'status', width: PHONE.status, cell: (o) => orderStatusItem(o.status) },
  { title: 'Detail', priority: 3, cell: (o) => ({ value: o.detail ?? '—' }) },
  {
    title: 'Account',
    sort: 'account_name',
    width: 150,
    priority: 2,
    cell: (o) => ({ value: o.account_name }),
  },
  {
    title: 'Expires',
    sort: 'not_after',
    width: PHONE.expiry,
    cell: (o) => (o.not_after ? expiryItem(o.not_after) : { value: '—' }),
  },
  {
    title: 'Auto renewal',
    width: 190,
    priority: 3,
    cell: (o) => ({ value: o.auto_renew ? `From ${formatDate(o.renew_at)}` : 'Off' }),
  },
];

export const OrderListPage = inArea('pki', OrderList);

function OrderList() {
  const readOnly = useReadOnly();
  const accounts = useEndpoint(listAcmeAccounts).data?.data ?? [];
  const [dialog, setDialog] = useState<'order' | 'account' | null>(null);
  return (
    <EntityListPage<AcmeOrder>
      {...pkiList<AcmeOrder>({
        source: ORDERS_LIST,
        title: ORDERS_TITLE,
        description:
          'Certificates ordered from ACME authorities (HTTP-01), renewed automatically before they expire.',
        itemName: ITEM_NAME,
        columns: COLUMNS,
        detailPath: '/system/acme-orders',
      })}
      filters={[
        choiceFilter(
          'status',
          'Status',
          'Any status',
          STATUSES.map((s) => ({ value: s, name: orderStatusLabel(s) })),
        ),
        choiceFilter(
          'account_id',
          'Account',
          'Any account',
          accounts.map((a) => ({ value: a.id, name: a.name })),
        ),
      ]}
      bulk={pkiBulk(acmeOrdersBulk, ITEM_NAME, {
        delete: 'Their certificates stay; orders still in progress are kept.',
      })}
      canWrite={!readOnly}
      primaryButton={{ label: 'New order', disabled: readOnly, onClick: () => setDialog('order') }}
      secondaryButton={{ label: 'Register account', disabled: readOnly, onClick: () => setDialog('account') }}
      emptyMessage="No ACME orders yet."
      before={<ReadOnlyNotice />}
    >
      {dialog === 'order' && !readOnly ? (
        <OrderModal accounts={accounts} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'account' && !readOnly ? <AccountModal onClose={() => setDialog(null)} /> : null}
    </EntityListPage>
  );
}
