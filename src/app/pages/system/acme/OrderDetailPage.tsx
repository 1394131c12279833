/**
 * /system/acme-orders/{id}: an order's names, account, certificate and renewal, with its state followed live from
 * the order stream while it runs. Nothing here changes the order (the stream only reads): an account that may only
 * read the PKI area sees it all, with the read-only notice.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { acmeOrderUnwatched, acmeOrderWatched } from '../../../../../sagas/acmeOrderStream.saga';
import { useAppDispatch } from '../../../../store/createStore';
import { PageHeader } from '../../../../widgets/PageHeader';
import { Facts } from '../common/Facts';
import { formatDate } from '../common/pki';
import { useEntity } from '../../common/useEntity';
import { EntityFallback } from '../../common/EntityFallback';
import { orderKey, ORDERS_KEY, type AcmeOrder } from '../types';
import { orderRunning, orderStatusLabel } from './status';
import '../../common/config/config.css';
import '../common/pki.css';
import { useDetailTitle } from '../common/DetailShell';
import { AreaAccess, ReadOnlyNotice } from '../../common/config/ReadOnly';

export function OrderDetailPage() {
  return (
    <AreaAccess area="pki">
      <OrderDetail />
    </AreaAccess>
  );
}

function OrderDetail() {
  const id = useParams().id ?? '';
  const entity = useEntity<AcmeOrder>(orderKey(id), id, { list: ORDERS_KEY });
  const order = entity.data;
  const dispatch = useAppDispatch();
  const running = order ? orderRunning(order.status) : false;
  useEffect(() => {
    if (!running) return;
    dispatch(acmeOrderWatched({ id }));
    return () => void dispatch(acmeOrderUnwatched({ id }));
  }, [running, id, dispatch]);
  useDetailTitle(order ? (order.names[0] ?? 'Order') : undefined, 'ACME orders');
  if (!order) return <EntityFallback entity={entity} label="ACME order" what="the order" />;
  return (
    <section className="page config-page" aria-label={`ACME order ${order.names.join(', ')}`}>
      <PageHeader
        title={order.names.join(', ')}
        badge={{
          label: orderStatusLabel(order.status),
          color: order.status === 'valid' ? 'green' : order.status === 'invalid' ? 'red' : 'grey',
        }}
        subtitle="ACME order"
        backLink={{ to: '/system/acme-orders', label: 'ACME orders' }}
      />
      <ReadOnlyNotice />
      <section className="config-section" aria-label="State">
        <h2>State</h2>
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
      </section>
    </section>
  );
}
