/** The home area's sagas, loaded into its chunk by the route table: the dashboard's refresh. */
import { startFeatureSaga } from '../featureSagas';
import { homeLiveSaga } from '../networkLive.saga';

startFeatureSaga('homeLive', homeLiveSaga);
