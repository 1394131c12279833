/** The ACME orders and an order's page. */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { detailHandle } from '../../common/entity/useEntityDetail';
import { ORDER_DETAIL, OrderDetailPage } from '../acme/OrderDetailPage';
import { ACCOUNTS_KEY, ORDERS_LIST, ORDERS_TITLE, OrderListPage } from '../acme/OrderListPage';

export const routes: Record<string, RouteModule> = {
  acmeOrders: {
    Component: OrderListPage,
    handle: {
      title: ORDERS_TITLE,
      prefetch: (args) => [...listPrefetch(ORDERS_LIST)(args), resourceLoadRequested({ key: ACCOUNTS_KEY })],
    },
  },
  acmeOrder: { Component: OrderDetailPage, handle: detailHandle(ORDER_DETAIL) },
};
