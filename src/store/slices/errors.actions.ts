/**
 * Reporting a thrown value to the one error handler (sagas/errors.saga.ts) from a view or a hook that is not a saga:
 * serialised here, so actions stay serialisable and views need not know the API client's error class.
 */
import { errorReported, serializeError } from '../../api/errorReport';

export const errorCaught = (error: unknown) => errorReported(serializeError(error));
