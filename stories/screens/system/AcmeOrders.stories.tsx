/** The ACME orders pages: list, a running order, a valid one and a failed one. */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { OrderDetailPage } from '../../../src/app/pages/system/acme/OrderDetailPage';
import { OrderListPage } from '../../../src/app/pages/system/acme/OrderListPage';
import type { AcmeOrder } from '../../../src/shared/contracts/pki';
import { StoryProviders } from '../../support/StoryProviders';
import { resourcesState } from '../../pages/fixtures';
import { inDays, webCertificate, FIRST_PAGE, paged } from './fixtures';

const meta: Meta = { title: 'Screens/System/ACME orders', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const valid: AcmeOrder = {
  id: '7c6b5a49-3827-4165-9e8d-7c6b5a493827',
  account_id: 'acc',
  account_name: "Let's Encrypt",
  names: ['shop.example.org', 'www.shop.example.org'],
  key_type: 'ec-p256',
  status: 'valid',
  detail: null,
  certificate_id: webCertificate.id,
  not_after: inDays(80),
  renew_at: inDays(50),
  auto_renew: true,
  renew_before_days: 30,
  renews_order_id: null,
  renewed_by_order_id: null,
  created_at: inDays(-10),
  updated_at: inDays(-10),
};
const invalid: AcmeOrder = {
  ...valid,
  id: '8d7c6b5a-4938-4276-8f9e-8d7c6b5a4938',
  names: ['intranet.example.org'],
  status: 'invalid',
  detail: 'the HTTP-01 challenge failed: connection refused on port 80',
  certificate_id: null,
  not_after: null,
  renew_at: null,
};
const orders = { data: [valid, invalid] };

const detail = (order: AcmeOrder) => ({
  render: () => (
    <StoryProviders
      state={resourcesState({ 'pki/acme/orders': orders, [`pki/acme/orders/${order.id}`]: order })}
      routes={[{ path: '/system/acme-orders/:id', element: <OrderDetailPage /> }]}
      path={`/system/acme-orders/${order.id}`}
    />
  ),
});

export const List: Story = {
  render: () => (
    <StoryProviders
      state={resourcesState({
        [FIRST_PAGE.orders]: paged(orders.data),
        'pki/acme/accounts': { data: [] },
      })}
      routes={[{ path: '*', element: <OrderListPage /> }]}
      path="/system/acme-orders"
    />
  ),
};
export const ValidOrder: Story = detail(valid);
export const FailedOrder: Story = detail(invalid);
