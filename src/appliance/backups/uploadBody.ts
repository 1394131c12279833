/**
 * The restore upload's body (`{archive: base64, passphrase}`, up to 85 MiB of JSON) read on the configuration worker
 * (offThread.ts): parsing it, checking it against the contract's schema and decoding the base64 takes seconds of CPU,
 * which on the event loop every other request would wait for. A body is refused exactly as the API refuses any
 * other (http/scope.ts, http/errors.ts: the same statuses and items); the handler gets the archive's bytes.
 */
import type { IncomingMessage } from 'node:http';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
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
 * A request's body received into one buffer as it arrives: sized from Content-Length, each chunk copied in as it
 * comes (Fastify's own reader joins the chunks at the end, a copy of 85 MB at once on the event loop), and a buffer
 * of its own, which moves to the worker without a copy. Without a length, the chunks are joined at the end. Refused
 * as Fastify refuses a body (http/errors.ts: 413 past `limit`, 400 for a length that is not the body's).
 */
export function receiveBody(req: FastifyRequest, payload: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const known = Number.isSafeInteger(declared) && declared >= 0;
    if (known && declared > limit) return reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    const whole = known ? Buffer.allocUnsafeSlow(declared) : null;
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = (e: Error) => {
      payload.removeAllListeners('data');
      payload.resume();
      reject(e);
    };
    payload.on('data', (chunk: Buffer) => {
      if (received + chunk.length > (known ? declared : limit))
        return stop(
          known
            ? new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH()
            : new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(),
        );
      if (whole) chunk.copy(whole, received);
      else chunks.push(chunk);
      received += chunk.length;
    });
    payload.on('error', (e) => reject(Object.assign(e, { statusCode: 400 })));
    payload.on('end', () => {
      if (whole && received !== declared) return reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      resolve(whole ?? Buffer.concat(chunks, received));
    });
  });
}

/**
 * Reads `application/json` bodies of the routes registered in `scope` (the restore's) on the worker. Their routes
 * are registered with `bodyCheckedBy: 'handler'`: the schema is checked here, on the worker.
 */
export function readRestoreUploads(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', (req, payload, done) => {
    receiveBody(req, payload, bodyLimit)
      .then(readRestoreUploadOffThread)
      .then(
        (upload: RestoreUpload) => done(null, upload),
        (e: Error) => done(e, undefined),
      );
  });
}
