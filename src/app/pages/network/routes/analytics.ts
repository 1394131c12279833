/** Network analytics (the charts). */
import { analyticsRequested } from '../../../../store/slices/network.slice';
import type { RouteModule } from '../../../routing/types';
import { ANALYTICS_TITLE, defaultRange, NetworkAnalyticsPage } from '../NetworkAnalytics';

export const routes: Record<string, RouteModule> = {
  analytics: {
    Component: NetworkAnalyticsPage,
    handle: { title: ANALYTICS_TITLE, prefetch: () => [analyticsRequested(defaultRange(Date.now()))] },
  },
};
