/** Backups: download, schedules, restore. */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { BACKUPS_TITLE, BackupsPage } from '../backups/BackupsPage';
import { BACKUPS_KEY } from '../backups/resources';

export const routes: Record<string, RouteModule> = {
  backups: {
    Component: BackupsPage,
    handle: { title: BACKUPS_TITLE, prefetch: () => [resourceLoadRequested({ key: BACKUPS_KEY })] },
  },
};
