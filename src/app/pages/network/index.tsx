import type { RouteModule } from '../../routing/types';
import { analyticsRequested, interfacesRequested } from '../../../store/slices/network.slice';
import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import { ANALYTICS_TITLE, defaultRange, NetworkAnalyticsPage } from './NetworkAnalytics';
import { NetworkOverviewPage, OVERVIEW_TITLE } from './NetworkOverview';
import {
  NETWORK_PREFERENCES_KEY,
  NETWORK_PREFERENCES_PREVIEW_KEY,
  NetworkPreferencesPage,
  PREFERENCES_TITLE,
} from './NetworkPreferences';

export const routes: Record<string, RouteModule> = {
  overview: {
    Component: NetworkOverviewPage,
    handle: { title: OVERVIEW_TITLE, prefetch: () => [interfacesRequested()] },
  },
  analytics: {
    Component: NetworkAnalyticsPage,
    handle: { title: ANALYTICS_TITLE, prefetch: () => [analyticsRequested(defaultRange(Date.now()))] },
  },
  preferences: {
    Component: NetworkPreferencesPage,
    handle: {
      title: PREFERENCES_TITLE,
      prefetch: () => [
        resourceLoadRequested({ key: NETWORK_PREFERENCES_KEY }),
        resourceLoadRequested({ key: NETWORK_PREFERENCES_PREVIEW_KEY }),
      ],
    },
  },
};
