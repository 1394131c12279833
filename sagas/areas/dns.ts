/**
 * The DNS area's sagas, loaded into its chunk by the route table: the query log's live tail.
 */
import { dnsQueryStreamSaga } from '../dnsQueryStream.saga';
import { startFeatureSaga } from '../featureSagas';

startFeatureSaga('dnsQueryStream', dnsQueryStreamSaga);
