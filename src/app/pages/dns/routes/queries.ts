/** The DNS query log. */
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { DNS_QUERIES_SOURCE, DNS_QUERIES_TITLE, QueriesPage } from '../QueriesPage';

export const routes: Record<string, RouteModule> = {
  queries: {
    Component: QueriesPage,
    handle: { title: DNS_QUERIES_TITLE, prefetch: listPrefetch(DNS_QUERIES_SOURCE) },
  },
};
