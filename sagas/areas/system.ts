/**
 * The system (PKI) area's sagas, loaded into its chunk by the route table: exports with the private key (POSTs whose
 * answer the browser saves) and an open ACME order following its state from the order stream.
 */
import { acmeOrderStreamSaga } from '../acmeOrderStream.saga';
import { startFeatureSaga } from '../featureSagas';
import { fileDownloadSaga } from '../fileDownload.saga';

startFeatureSaga('fileDownload', fileDownloadSaga);
startFeatureSaga('acmeOrderStream', acmeOrderStreamSaga);
