import type { RouteModule } from '../../routing/types';
import { dashboardRequested, statusRequested } from '../../../store/slices/network.slice';
import { HOME_TITLE, HomePage } from './HomeDashboard';

export const routes: Record<string, RouteModule> = {
  home: {
    Component: HomePage,
    handle: { title: HOME_TITLE, prefetch: () => [statusRequested(), dashboardRequested()] },
  },
};
