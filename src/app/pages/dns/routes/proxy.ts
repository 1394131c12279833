/** The DNS proxy page (the route table's `area-dns`). */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { DNS_PROXY_TITLE, ProxyPage } from '../ProxyPage';
import { DNS_PREVIEW_KEY, DNS_PROXY_KEY, DNS_SERVICE_KEY } from '../resources';

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
};
