/**
 * The logs area's sagas, loaded into its chunk by the route table: the log report's stream, and the log-tail
 * windows', which outlive the page (they stay open while navigating).
 */
import { startFeatureSaga } from '../featureSagas';
import { logStreamSaga } from '../logStream.saga';
import { logTailSaga } from '../logTail.saga';

startFeatureSaga('logStream', logStreamSaga);
startFeatureSaga('logTail', logTailSaga);
