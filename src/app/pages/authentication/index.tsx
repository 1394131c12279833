import { entityLoadRequested, resourceLoadRequested } from '../../../store/slices/resources.slice';
import type { RouteModule } from '../../routing/types';
import { GroupDetailPage } from './GroupDetailPage';
import { GROUPS_LIST, GROUPS_TITLE, GroupsPage } from './GroupsPage';
import { LOCKOUT_TITLE, LockoutPage } from './LockoutPage';
import { ProviderDetailPage } from './ProviderDetailPage';
import { PROVIDERS_LIST, PROVIDERS_TITLE, ProvidersPage } from './ProvidersPage';
import { ServiceDetailPage } from './ServiceDetailPage';
import { SERVICES_LIST, SERVICES_TITLE, ServicesPage } from './ServicesPage';
import { UserDetailPage } from './UserDetailPage';
import { USERS_LIST, USERS_TITLE, UsersPage } from './UsersPage';
import { listPrefetch } from '../common/entity/listQuery';
import {
  GROUPS_KEY,
  groupKey,
  LOCKOUT_POLICY_KEY,
  LOCKOUTS_KEY,
  PROVIDERS_KEY,
  providerKey,
  SERVICES_KEY,
  serviceKey,
  SIGNUP_KEY,
  USERS_KEY,
  userKey,
} from './types';

export const routes: Record<string, RouteModule> = {
  users: {
    Component: UsersPage,
    handle: { title: USERS_TITLE, prefetch: listPrefetch(USERS_LIST) },
  },
  user: {
    Component: UserDetailPage,
    handle: {
      title: 'User',
      prefetch: ({ params }) =>
        params.id
          ? [entityLoadRequested(userKey(params.id)), resourceLoadRequested({ key: GROUPS_KEY })]
          : [],
    },
  },
  groups: {
    Component: GroupsPage,
    handle: { title: GROUPS_TITLE, prefetch: listPrefetch(GROUPS_LIST) },
  },
  group: {
    Component: GroupDetailPage,
    handle: {
      title: 'Group',
      prefetch: ({ params }) =>
        params.id
          ? [entityLoadRequested(groupKey(params.id)), resourceLoadRequested({ key: USERS_KEY })]
          : [],
    },
  },
  services: {
    Component: ServicesPage,
    handle: {
      title: SERVICES_TITLE,
      prefetch: (args) => [...listPrefetch(SERVICES_LIST)(args), resourceLoadRequested({ key: SIGNUP_KEY })],
    },
  },
  service: {
    Component: ServiceDetailPage,
    handle: {
      title: 'Service',
      prefetch: ({ params }) =>
        params.id
          ? [
              entityLoadRequested(serviceKey(params.id)),
              resourceLoadRequested({ key: SERVICES_KEY }),
              resourceLoadRequested({ key: PROVIDERS_KEY }),
            ]
          : [],
    },
  },
  providers: {
    Component: ProvidersPage,
    handle: { title: PROVIDERS_TITLE, prefetch: listPrefetch(PROVIDERS_LIST) },
  },
  provider: {
    Component: ProviderDetailPage,
    handle: {
      title: 'Provider',
      prefetch: ({ params }) =>
        params.id && params.id !== 'new' ? [entityLoadRequested(providerKey(params.id))] : [],
    },
  },
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
