import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import type { RouteModule } from '../../routing/types';
import { GROUP_DETAIL, GroupDetailPage } from './GroupDetailPage';
import { GROUPS_LIST, GROUPS_TITLE, GroupsPage } from './GroupsPage';
import { LOCKOUT_TITLE, LockoutPage } from './LockoutPage';
import { newProviderTitle, PROVIDER_DETAIL, ProviderDetailPage } from './ProviderDetailPage';
import { PROVIDERS_LIST, PROVIDERS_TITLE, ProvidersPage } from './ProvidersPage';
import { SERVICE_DETAIL, ServiceDetailPage } from './ServiceDetailPage';
import { SERVICES_LIST, SERVICES_TITLE, ServicesPage } from './ServicesPage';
import { USER_DETAIL, UserDetailPage } from './UserDetailPage';
import { USERS_LIST, USERS_TITLE, UsersPage } from './UsersPage';
import { listPrefetch } from '../common/entity/listQuery';
import { detailHandle } from '../common/entity/useEntityDetail';
import {
  GROUPS_KEY,
  LOCKOUT_POLICY_KEY,
  LOCKOUTS_KEY,
  PROVIDERS_KEY,
  SIGNUP_KEY,
  USERS_KEY,
} from './resources';

export const routes: Record<string, RouteModule> = {
  users: {
    Component: UsersPage,
    handle: { title: USERS_TITLE, prefetch: listPrefetch(USERS_LIST) },
  },
  user: {
    Component: UserDetailPage,
    handle: detailHandle(USER_DETAIL, { also: () => [resourceLoadRequested({ key: GROUPS_KEY })] }),
  },
  groups: {
    Component: GroupsPage,
    handle: { title: GROUPS_TITLE, prefetch: listPrefetch(GROUPS_LIST) },
  },
  group: {
    Component: GroupDetailPage,
    handle: detailHandle(GROUP_DETAIL, { also: () => [resourceLoadRequested({ key: USERS_KEY })] }),
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
    handle: detailHandle(SERVICE_DETAIL, { also: () => [resourceLoadRequested({ key: PROVIDERS_KEY })] }),
  },
  providers: {
    Component: ProvidersPage,
    handle: { title: PROVIDERS_TITLE, prefetch: listPrefetch(PROVIDERS_LIST) },
  },
  provider: {
    Component: ProviderDetailPage,
    handle: detailHandle(PROVIDER_DETAIL, { newTitle: ({ search }) => newProviderTitle(search) }),
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
