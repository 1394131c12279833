/** The services list and a service's page. */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { detailHandle } from '../../common/entity/useEntityDetail';
import { PROVIDERS_KEY, SIGNUP_KEY } from '../resources';
import { SERVICE_DETAIL, ServiceDetailPage } from '../ServiceDetailPage';
import { SERVICES_LIST, SERVICES_TITLE, ServicesPage } from '../ServicesPage';

export const routes: Record<string, RouteModule> = {
  services: {
    Component: ServicesPage,
    handle: {
      title: SERVICES_TITLE,
      prefetch: (args) => [...listPrefetch(SERVICES_LIST)(args), resourceLoadRequested({ key: SIGNUP_KEY })],
    },
  },
  service: {
    Component: ServiceDetailPage,
    handle: detailHandle(SERVICE_DETAIL, { also: () => [resourceLoadRequested({ key: PROVIDERS_KEY })] }),
  },
};
