import type { RouteModule } from '../../routing/types';
import { startFeatureSaga } from '../../../../sagas/featureSagas';
import { homeLiveSaga } from '../../../../sagas/networkLive.saga';
import { dashboardRequested, statusRequested } from '../../../store/slices/network.slice';
import { HOME_TITLE, HomePage } from './HomeDashboard';

// The dashboard's refresh ships with this page's chunk and starts when the chunk loads.
startFeatureSaga('homeLive', homeLiveSaga);

export const routes: Record<string, RouteModule> = {
  home: {
    Component: HomePage,
    handle: { title: HOME_TITLE, prefetch: () => [statusRequested(), dashboardRequested()] },
  },
};
