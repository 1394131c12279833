/** The alert pages (administrators): the alerts with their thresholds, and the channels alerts go to. */
import type { RouteModule } from '../../routing/types';
import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import { listPrefetch } from '../common/entity/listQuery';
import { ALERTS_LIST, ALERTS_TITLE, AlertsPage } from './AlertsPage';
import { CHANNELS_TITLE, ChannelsPage } from './ChannelsPage';

export const routes: Record<string, RouteModule> = {
  alerts: { Component: AlertsPage, handle: { title: ALERTS_TITLE, prefetch: listPrefetch(ALERTS_LIST) } },
  channels: {
    Component: ChannelsPage,
    handle: { title: CHANNELS_TITLE, prefetch: () => [resourceLoadRequested({ key: 'alerts/channels' })] },
  },
};
