import type { RouteModule } from '../../routing/types';
import { startFeatureSaga } from '../../../../sagas/featureSagas';
import { logStreamSaga } from '../../../../sagas/logStream.saga';
import { logTailSaga } from '../../../../sagas/logTail.saga';
import { registerWindowContent } from '../../../windows/registry';
import { LOG_REPORT_TITLE } from './constants';
import { LogOverviewPage } from './LogOverviewPage';
import { LOG_TAIL_WINDOW, LogTailWindow } from './LogTailWindow';

// The stream saga ships with this page's chunk and starts when the chunk loads.
startFeatureSaga('logStream', logStreamSaga);
// Log-tail windows outlive the page (they stay open while navigating): their saga and content come with this chunk.
startFeatureSaga('logTail', logTailSaga);
registerWindowContent(LOG_TAIL_WINDOW, LogTailWindow);

export const routes: Record<string, RouteModule> = {
  overview: { Component: LogOverviewPage, handle: { title: LOG_REPORT_TITLE } },
};
