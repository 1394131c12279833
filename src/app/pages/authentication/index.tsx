import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import { placeholder, placeholderDetail } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';
import { GroupDetailPage } from './GroupDetailPage';
import { GROUPS_TITLE, GroupsPage } from './GroupsPage';
import { LOCKOUT_TITLE, LockoutPage } from './LockoutPage';
import { UserDetailPage } from './UserDetailPage';
import { USERS_TITLE, UsersPage } from './UsersPage';
import { GROUPS_KEY, LOCKOUT_POLICY_KEY, LOCKOUTS_KEY, USERS_KEY, groupKey, userKey } from './types';

const detail = placeholderDetail;

export const routes: Record<string, RouteModule> = {
  users: {
    Component: UsersPage,
    handle: { title: USERS_TITLE, prefetch: () => [resourceLoadRequested({ key: USERS_KEY })] },
  },
  user: {
    Component: UserDetailPage,
    handle: {
      title: 'User',
      prefetch: ({ params }) =>
        params.id
          ? [resourceLoadRequested({ key: userKey(params.id) }), resourceLoadRequested({ key: GROUPS_KEY })]
          : [],
    },
  },
  groups: {
    Component: GroupsPage,
    handle: { title: GROUPS_TITLE, prefetch: () => [resourceLoadRequested({ key: GROUPS_KEY })] },
  },
  group: {
    Component: GroupDetailPage,
    handle: {
      title: 'Group',
      prefetch: ({ params }) =>
        params.id
          ? [resourceLoadRequested({ key: groupKey(params.id) }), resourceLoadRequested({ key: USERS_KEY })]
          : [],
    },
  },
  services: placeholder('Services', 'Services that authenticate against the appliance.'),
  service: detail('Service'),
  providers: placeholder('Providers', 'External identity providers.'),
  provider: detail('Provider'),
  lockout: {
    Component: LockoutPage,
    handle: {
      title: LOCKOUT_TITLE,
      prefetch: () => [
        resourceLoadRequested({ key: LOCKOUT_POLICY_KEY }),
        resourceLoadRequested({ key: LOCKOUTS_KEY }),
      ],
    },
  },
};
