/**
 * One validation approach for every appliance endpoint: Fastify route schemas compiled by our own Ajv (no type
 * coercion, all errors, unknown fields rejected by the schemas), strict body parsers (JSON and form bodies must be
 * valid UTF-8), a small default body limit, and the JSON error handler of `errors.ts`.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applianceErrorHandler, HttpError } from './errors';
import { jsonTooDeep, jsonTooDeepMessage } from '../../service-kit/jsonDepth';
import {
  isSafeMultilineText,
  isSafeText,
  LONE_SURROGATE_PROBLEM,
  loneSurrogatePath,
} from '../../lib/validation/text';
import { HEX_COLOR, SCHEMA_FORMATS } from '../../lib/validation/formats';

/** Default body limit of API requests (images set their own). */
export const API_BODY_LIMIT = 64 * 1024;

export { HEX_COLOR };

export function createAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
    strict: true,
    // Errors carry the failing value, so a format error can say which rule it broke (never echoed to the caller).
    verbose: true,
  });
  addFormats(ajv, ['email', 'uuid']);
  ajv.addFormat('hex-color', HEX_COLOR);
  // Free text that is shown to people (src/lib/validation/text.ts): one line without control characters, or lines
  // (LF and tab kept); never a lone surrogate.
  ajv.addFormat('safe-text', isSafeText);
  ajv.addFormat('safe-multiline-text', isSafeMultilineText);
  // The §5 validators contracts name (src/lib/validation/formats.ts): the forms check the same predicates.
  for (const [name, f] of Object.entries(SCHEMA_FORMATS))
    ajv.addFormat(name, { type: 'string', validate: f.check });
  return ajv;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeUtf8(buf: Buffer): string {
  try {
    return utf8.decode(buf);
  } catch {
    throw new HttpError(400, [
      { loc: ['body'], msg: 'body is not valid UTF-8', type: 'value_error.unicode' },
    ]);
  }
}

/** application/x-www-form-urlencoded with strict percent-decoding; a repeated key becomes a list (and fails its schema). */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  if (text === '') return out;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      throw new HttpError(400, [
        { loc: ['body'], msg: 'form body is not valid percent-encoded UTF-8', type: 'value_error.unicode' },
      ]);
    }
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  // A plain object for the validator; defineProperty keeps keys like __proto__ as plain data (rejected as extra fields).
  const plain: Record<string, string | string[]> = {};
  for (const k of Object.keys(out))
    Object.defineProperty(plain, k, { value: out[k], enumerable: true, writable: true, configurable: true });
  return plain;
}

let sharedAjv: Ajv | null = null;
const validators = new WeakMap<object, ValidateFunction>();

/**
 * The validator of a route schema, compiled once per process: the schemas are the contracts' module-level objects
 * and Ajv's code holds no state, so every server (tests build hundreds; compiling cost about a second per start)
 * shares one compiled function per schema object.
 */
export function compileRouteSchema(schema: object | boolean): ValidateFunction {
  if (typeof schema !== 'object' || schema === null) return createAjv().compile(schema);
  const known = validators.get(schema);
  if (known) return known;
  sharedAjv ??= createAjv();
  let validate: ValidateFunction;
  try {
    validate = sharedAjv.compile(schema);
  } catch (e) {
    // Two different schemas with one `$id` cannot share an Ajv: compile this one on its own.
    if (!(e instanceof Error) || !/already exists/.test(e.message)) throw e;
    validate = createAjv().compile(schema);
  }
  validators.set(schema, validate);
  return validate;
}

/** Applies the API conventions to an encapsulated scope; call before registering its routes. */
export function applyApiConventions(scope: FastifyInstance): void {
  scope.setValidatorCompiler(({ schema }) => compileRouteSchema(schema as object | boolean));
  scope.setErrorHandler(applianceErrorHandler);
  scope.addHook('onRoute', (route) => {
    route.bodyLimit ??= API_BODY_LIMIT;
  });
  // Answers hold per-user data: never kept by the browser or a proxy (images set their own policy).
  scope.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) void reply.header('Cache-Control', 'no-store');
  });

  const jsonParser = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser(['application/json', 'text/plain']);
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (req: FastifyRequest, body: Buffer, done) => {
      let text: string;
      try {
        text = decodeUtf8(body);
      } catch (e) {
        done(e as Error, undefined);
        return;
      }
      if (jsonTooDeep(text)) {
        done(
          new HttpError(400, [{ loc: ['body'], msg: jsonTooDeepMessage(), type: 'value_error.jsondecode' }]),
        );
        return;
      }
      jsonParser(req, text, (err, value) => {
        if (err) return done(err, undefined);
        // A `\ud800` escape is the JSON spelling of invalid UTF-8 (raw bytes were refused above): refused in every
        // string and key, located. Only bodies with such an escape are walked.
        const at = /\\u[dD][89a-fA-F]/.test(text) ? loneSurrogatePath(value) : null;
        if (at)
          return done(new HttpError(422, [{ loc: ['body', ...at], ...LONE_SURROGATE_PROBLEM }]), undefined);
        done(null, value);
      });
    },
  );
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (_req: FastifyRequest, body: Buffer, done) => {
      try {
        done(null, parseFormBody(decodeUtf8(body)));
      } catch (e) {
        done(e as Error, undefined);
      }
    },
  );
}
