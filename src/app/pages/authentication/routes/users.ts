/** The accounts list and an account's page (the route table's `area-authentication`). */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { detailHandle } from '../../common/entity/useEntityDetail';
import { GROUPS_KEY } from '../resources';
import { USER_DETAIL, UserDetailPage } from '../UserDetailPage';
import { USERS_LIST, USERS_TITLE, UsersPage } from '../UsersPage';

export const routes: Record<string, RouteModule> = {
  users: { Component: UsersPage, handle: { title: USERS_TITLE, prefetch: listPrefetch(USERS_LIST) } },
  user: {
    Component: UserDetailPage,
    handle: detailHandle(USER_DETAIL, { also: () => [resourceLoadRequested({ key: GROUPS_KEY })] }),
  },
};
