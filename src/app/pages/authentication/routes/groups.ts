/** The groups list and a group's page. */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { detailHandle } from '../../common/entity/useEntityDetail';
import { GROUP_DETAIL, GroupDetailPage } from '../GroupDetailPage';
import { GROUPS_LIST, GROUPS_TITLE, GroupsPage } from '../GroupsPage';
import { USERS_KEY } from '../resources';

export const routes: Record<string, RouteModule> = {
  groups: { Component: GroupsPage, handle: { title: GROUPS_TITLE, prefetch: listPrefetch(GROUPS_LIST) } },
  group: {
    Component: GroupDetailPage,
    handle: detailHandle(GROUP_DETAIL, { also: () => [resourceLoadRequested({ key: USERS_KEY })] }),
  },
};
