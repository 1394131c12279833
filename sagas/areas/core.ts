/**
 * The sagas of the core layout's chunk: the signed-in shell (menu, layout, messaging, …) and the job windows of the
 * progress overlay. The route table loads this module into the `core-layout` chunk beside the layout, so the account
 * pages' first load does not carry them; views never import sagas.
 */
import { coreLayoutSaga } from '../core';
import { startFeatureSaga } from '../featureSagas';
import { jobWindowsSaga } from '../jobWindows.saga';

startFeatureSaga('coreLayout', coreLayoutSaga);
startFeatureSaga('jobWindows', jobWindowsSaga);
