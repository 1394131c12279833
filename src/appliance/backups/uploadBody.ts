/**
 * The restore upload's body (`{archive: base64, passphrase}`, up to 85 MiB of JSON) read on the configuration worker
 * (offThread.ts): parsing it, checking it against the contract's schema and decoding the base64 takes seconds of CPU,
 * which on the event loop every other request would wait for. A body is refused exactly as the API refuses any
 * other (http/scope.ts, http/errors.ts: the same statuses and items); the handler gets the archive's bytes.
 */
import type { FastifyInstance } from 'fastify';
import { RestoreBody } from '../../shared/contracts/backups';
import { HttpError, itemsFromAjv } from '../http/errors';
import { compileRouteSchema } from '../http/scope';
import { readJsonValue } from '../revisions/bodyPieces';
import { readRestoreUploadOffThread } from './offThread';

/** A restore upload as the handler gets it: the archive decoded. */
export interface RestoreUpload {
  archive: Buffer;
  passphrase: string;
}

/** Reads and checks a restore upload's body; pure: runs on the worker. */
export function readRestoreUpload(body: Uint8Array): { archive: Uint8Array; passphrase: string } {
  const { value } = readJsonValue(body);
  if (value === null)
    throw new HttpError(422, [{ loc: ['body'], msg: 'field required', type: 'value_error.missing' }]);
  const validate = compileRouteSchema(RestoreBody);
  if (!validate(value)) throw new HttpError(422, itemsFromAjv(validate.errors ?? [], 'body'));
  const { archive, passphrase } = value as RestoreBody;
  return { archive: Buffer.from(archive, 'base64'), passphrase };
}

/**
 * Reads `application/json` bodies of the routes registered in `scope` (the restore's) on the worker. Their routes
 * are registered with `bodyCheckedBy: 'handler'`: the schema is checked here, on the worker.
 */
export function readRestoreUploads(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (_req, body: Buffer, done) => {
      readRestoreUploadOffThread(body).then(
        (upload: RestoreUpload) => done(null, upload),
        (e: Error) => done(e, undefined),
      );
    },
  );
}
