import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import type { RouteModule } from '../../routing/types';
import { DynamicPage, DYNAMIC_DNS_TITLE } from './DynamicPage';
import { DNS_PROXY_TITLE, ProxyPage } from './ProxyPage';
import { DNS_QUERIES_SOURCE, DNS_QUERIES_TITLE, QueriesPage } from './QueriesPage';
import { listPrefetch } from '../common/entity/listQuery';
import { DNS_PREVIEW_KEY, DNS_PROXY_KEY, DNS_SERVICE_KEY, DYNAMIC_DNS_KEY } from './resources';

export const routes: Record<string, RouteModule> = {
  proxy: {
    Component: ProxyPage,
    handle: {
      title: DNS_PROXY_TITLE,
      prefetch: () => [
        resourceLoadRequested({ key: DNS_PROXY_KEY }),
        resourceLoadRequested({ key: DNS_PREVIEW_KEY }),
        resourceLoadRequested({ key: DNS_SERVICE_KEY }),
      ],
    },
  },
  dynamic: {
    Component: DynamicPage,
    handle: { title: DYNAMIC_DNS_TITLE, prefetch: () => [resourceLoadRequested({ key: DYNAMIC_DNS_KEY })] },
  },
  queries: {
    Component: QueriesPage,
    handle: { title: DNS_QUERIES_TITLE, prefetch: listPrefetch(DNS_QUERIES_SOURCE) },
  },
};
