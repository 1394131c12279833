/** Log forwarding (remote syslog). */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { FORWARDING_KEY, FORWARDING_TITLE, ForwardingPage } from '../forwarding/ForwardingPage';

export const routes: Record<string, RouteModule> = {
  logForwarding: {
    Component: ForwardingPage,
    handle: { title: FORWARDING_TITLE, prefetch: () => [resourceLoadRequested({ key: FORWARDING_KEY })] },
  },
};
