/** The channels alerts go to (administrators). */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { CHANNELS_TITLE, ChannelsPage } from '../ChannelsPage';

export const routes: Record<string, RouteModule> = {
  channels: {
    Component: ChannelsPage,
    handle: { title: CHANNELS_TITLE, prefetch: () => [resourceLoadRequested({ key: 'alerts/channels' })] },
  },
};
