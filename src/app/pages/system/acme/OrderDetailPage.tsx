/**
 * /system/acme-orders/{id}: an order's names, account, certificate and renewal, with its state followed live from
 * the order stream while it runs. Nothing here changes the order (the stream only reads): an account that may only
 * read the PKI area sees it all, with the read-only notice.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { acmeOrderUnwatched, acmeOrderWatched } from '../../../../store/slices/acmeOrders.actions';
import { useAppDispatch } from '../../../../store/createStore';
import { Facts } from '../common/Facts';
import { formatDate } from '../common/pki';
import { DetailSection, EntityDetailView, entityDetailPage } from '../../common/entity/EntityDetailPage';
import type { EntityDetailSource } from '../../common/entity/useEntityDetail';
import { orderKey, ORDERS_KEY } from '../resources';
import type { AcmeOrder } from '../../../../shared/contracts/pki';
import { orderRunning, orderStatusLabel } from './status';
import '../common/pki.css';

export const ORDER_DETAIL: EntityDetailSource<AcmeOrder> = {
  key: orderKey,
  list: ORDERS_KEY,
  noun: 'ACME order',
  what: 'the order',
  title: (order) => order.names.join(', '),
  label: (order) => `ACME order ${order.names.join(', ')}`,
  documentTitle: (order) => `${order.names[0] ?? 'Order'} · ACME orders`,
  back: { to: '/system/acme-orders', label: 'ACME orders' },
};

function OrderDetail({ entity: order }: { entity: AcmeOrder }) {
  const { id } = order;
  const dispatch = useAppDispatch();
  const running = orderRunning(order.status);
  useEffect(() => {
    if (!running) return;
    dispatch(acmeOrderWatched({ id }));
    return () => void dispatch(acmeOrderUnwatched({ id }));
  }, [running, id, dispatch]);
  return (
    <EntityDetailView
      header={{
        badge: {
          label: orderStatusLabel(order.status),
          color: order.status === 'valid' ? 'green' : order.status === 'invalid' ? 'red' : 'grey',
        },
        subtitle: 'ACME order',
      }}
    >
      <DetailSection title="State">
        {/* Announced as it changes: the stream moves it along while the order runs. */}
        <p role="status" aria-live="polite">
          {orderStatusLabel(order.status)}
          {order.detail ? `: ${order.detail}` : ''}
        </p>
        <Facts
          items={[
            ['Account', order.account_name],
            ['Key type', order.key_type],
            [
              'Certificate',
              order.certificate_id ? (
                <Link key="c" to={`/system/certificates/${order.certificate_id}`}>
                  Open the certificate
                </Link>
              ) : (
                'Not issued yet'
              ),
            ],
            ['Expires', formatDate(order.not_after)],
            [
              'Automatic renewal',
              order.auto_renew
                ? `${order.renew_before_days} days before expiry (from ${formatDate(order.renew_at)})`
                : 'Off',
            ],
            ['Placed', formatDate(order.created_at)],
            ['Last change', formatDate(order.updated_at)],
          ]}
        />
      </DetailSection>
    </EntityDetailView>
  );
}

export const OrderDetailPage = entityDetailPage(ORDER_DETAIL, OrderDetail, { writableBy: 'pki' });
