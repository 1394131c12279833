import type { RouteModule } from '../../routing/types';
import { LOG_REPORT_TITLE } from './constants';
import { LogOverviewPage } from './LogReport';

export const routes: Record<string, RouteModule> = {
  overview: { Component: LogOverviewPage, handle: { title: LOG_REPORT_TITLE } },
};
