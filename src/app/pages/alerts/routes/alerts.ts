/** The alerts with their thresholds (administrators; the route table's `area-alerts`). */
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { ALERTS_LIST, ALERTS_TITLE, AlertsPage } from '../AlertsPage';

export const routes: Record<string, RouteModule> = {
  alerts: { Component: AlertsPage, handle: { title: ALERTS_TITLE, prefetch: listPrefetch(ALERTS_LIST) } },
};
