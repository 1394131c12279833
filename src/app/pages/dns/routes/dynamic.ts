/** Dynamic DNS. */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { DynamicPage, DYNAMIC_DNS_TITLE } from '../DynamicPage';
import { DYNAMIC_DNS_KEY } from '../resources';

export const routes: Record<string, RouteModule> = {
  dynamic: {
    Component: DynamicPage,
    handle: { title: DYNAMIC_DNS_TITLE, prefetch: () => [resourceLoadRequested({ key: DYNAMIC_DNS_KEY })] },
  },
};
