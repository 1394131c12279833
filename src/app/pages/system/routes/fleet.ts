/** The fleet overview and an appliance's page: one chunk (the route table's `area-system-fleet`). */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { detailHandle } from '../../common/entity/useEntityDetail';
import { APPLIANCE_DETAIL, ApplianceDetailPage } from '../fleet/ApplianceDetailPage';
import { fleetEventsKey } from '../fleet/events';
import { FLEET_LIST, FLEET_TITLE, FleetPage } from '../fleet/FleetPage';
import { FLEET_MEMBERSHIP_KEY, FLEET_SETTINGS_KEY, FLEET_SUMMARY_KEY } from '../fleet/resources';

export const routes: Record<string, RouteModule> = {
  fleet: {
    Component: FleetPage,
    handle: {
      title: FLEET_TITLE,
      prefetch: (args) => [
        ...listPrefetch(FLEET_LIST)(args),
        resourceLoadRequested({ key: FLEET_SUMMARY_KEY }),
        resourceLoadRequested({ key: FLEET_SETTINGS_KEY }),
        resourceLoadRequested({ key: FLEET_MEMBERSHIP_KEY }),
      ],
    },
  },
  appliance: {
    Component: ApplianceDetailPage,
    // Its newest events too, so the page comes with them (not a loader then a jump); an unknown id is the page's 404.
    handle: detailHandle(APPLIANCE_DETAIL, {
      also: ({ id }) =>
        id ? [resourceLoadRequested({ key: fleetEventsKey(id), notFoundIsPage: true })] : [],
    }),
  },
};
