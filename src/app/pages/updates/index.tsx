import { updatesLoadRequested } from '../../../store/slices/updates.slice';
import type { RouteModule } from '../../routing/types';
import { UPDATES_TITLE, UpdatesPage } from './UpdatesPage';

export const routes: Record<string, RouteModule> = {
  // The status loads before the server renders (and on client navigation).
  update: {
    Component: UpdatesPage,
    handle: { title: UPDATES_TITLE, prefetch: () => [updatesLoadRequested()] },
  },
};
