/** The network overview, public too (the route table's `area-network`): no charts, so no d3. */
import { interfacesRequested } from '../../../../store/slices/network.slice';
import type { RouteModule } from '../../../routing/types';
import { NetworkOverviewPage, OVERVIEW_TITLE } from '../NetworkOverview';

export const routes: Record<string, RouteModule> = {
  overview: {
    Component: NetworkOverviewPage,
    handle: { title: OVERVIEW_TITLE, prefetch: () => [interfacesRequested()] },
  },
};
