import type { RouteModule } from '../../routing/types';
import { registerWindowContent } from '../../../windows/registry';
import { LOG_REPORT_TITLE } from './constants';
import { LogOverviewPage } from './LogOverviewPage';
import { LOG_TAIL_WINDOW, LogTailWindow } from './LogTailWindow';

// Log-tail windows outlive the page (they stay open while navigating): their content comes with this chunk (their
// saga too: sagas/areas/logs.ts).
registerWindowContent(LOG_TAIL_WINDOW, LogTailWindow);

export const routes: Record<string, RouteModule> = {
  overview: { Component: LogOverviewPage, handle: { title: LOG_REPORT_TITLE } },
};
