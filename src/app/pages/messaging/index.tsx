import { messagesRequested } from '../../../store/slices/notifications.slice';
import type { RouteModule } from '../../routing/types';
import { AgreementsPage } from './AgreementsPage';

export const routes: Record<string, RouteModule> = {
  agreements: {
    Component: AgreementsPage,
    // Spec §7: the messaging center loads the messages when the path begins with /messaging/agreements.
    handle: { title: 'Agreements', prefetch: () => [messagesRequested()] },
  },
};
