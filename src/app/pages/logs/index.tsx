import type { RouteModule } from '../../routing/types';
import { startFeatureSaga } from '../../../../sagas/featureSagas';
import { logStreamSaga } from '../../../../sagas/logStream.saga';
import { LOG_REPORT_TITLE } from './constants';
import { LogOverviewPage } from './LogReport';

// The stream saga ships with this page's chunk and starts when the chunk loads.
startFeatureSaga('logStream', logStreamSaga);

export const routes: Record<string, RouteModule> = {
  overview: { Component: LogOverviewPage, handle: { title: LOG_REPORT_TITLE } },
};
