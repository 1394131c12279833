/** The network area's sagas, loaded into its chunk by the route table: the live throughput. */
import { startFeatureSaga } from '../featureSagas';
import { networkLiveSaga } from '../networkLive.saga';

startFeatureSaga('networkLive', networkLiveSaga);
