/** The History area: the configuration's revisions and one revision's diff (open to every signed-in account). */
import type { RouteModule } from '../../routing/types';
import { listPrefetch } from '../common/entity/listQuery';
import { detailHandle } from '../common/entity/useEntityDetail';
import { HISTORY_LIST, HISTORY_TITLE, HistoryPage } from './HistoryPage';
import { REVISION_DETAIL, RevisionPage } from './RevisionPage';

export const routes: Record<string, RouteModule> = {
  history: { Component: HistoryPage, handle: { title: HISTORY_TITLE, prefetch: listPrefetch(HISTORY_LIST) } },
  revision: { Component: RevisionPage, handle: detailHandle(REVISION_DETAIL) },
};
