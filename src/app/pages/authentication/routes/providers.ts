/** The identity providers list and a provider's page. */
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { detailHandle } from '../../common/entity/useEntityDetail';
import { newProviderTitle, PROVIDER_DETAIL, ProviderDetailPage } from '../ProviderDetailPage';
import { PROVIDERS_LIST, PROVIDERS_TITLE, ProvidersPage } from '../ProvidersPage';

export const routes: Record<string, RouteModule> = {
  providers: {
    Component: ProvidersPage,
    handle: { title: PROVIDERS_TITLE, prefetch: listPrefetch(PROVIDERS_LIST) },
  },
  provider: {
    Component: ProviderDetailPage,
    handle: detailHandle(PROVIDER_DETAIL, { newTitle: ({ search }) => newProviderTitle(search) }),
  },
};
