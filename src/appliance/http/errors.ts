/**
 * Errors on the wire (spec §8, DESIGN "Errors on the wire"): 401/403/404 and other statuses carry `detail` as a
 * string (or, for login, `{code, message}`); 400/409/422 carry `detail` as a list of pydantic-style items. Nothing
 * else leaves the server: no stack, no SQL, no echo of the offending input.
 */
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CONTROL_PROBLEM, textProblem, type TextKind } from '../../lib/validation/text';
import { schemaFormat } from '../../lib/validation/formats';

export interface ErrorItem {
  loc: Array<string | number>;
  msg: string;
  type: string;
  ctx?: Record<string, unknown>;
}

export type ErrorDetail =
  | string
  | ErrorItem[]
  // A login answer may say more (the second step's ways and options).
  | { code: number | string; message: string; [more: string]: unknown };

/** The 413 text, naming the route's limit so the caller knows what to send instead. */
export function tooLarge(limitBytes: number | undefined): string {
  if (!limitBytes) return 'Request body is too large';
  const size =
    limitBytes % (1024 * 1024) === 0
      ? `${limitBytes / (1024 * 1024)} MiB`
      : `${Math.round(limitBytes / 1024)} KiB`;
  return `Request body is too large (at most ${size})`;
}

/** A deliberate error response; thrown by handlers and turned into JSON by the API's error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: ErrorDetail,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : `HTTP ${statusCode}`);
    this.name = 'HttpError';
  }
}

export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this') => new HttpError(403, detail);
export const notFound = (detail = 'Resource does not exist') => new HttpError(404, detail);
export const invalid = (status: 400 | 409 | 422, items: ErrorItem[]) => new HttpError(status, items);

type Location = 'body' | 'query' | 'path' | 'header';
const locationOf: Record<string, Location> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function pathOf(instancePath: string): Array<string | number> {
  if (!instancePath) return [];
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

const typeCodes: Record<string, [string, string]> = {
  string: ['type_error.str', 'str type expected'],
  integer: ['type_error.integer', 'value is not a valid integer'],
  number: ['type_error.float', 'value is not a valid float'],
  boolean: ['type_error.bool', 'value could not be parsed to a boolean'],
  object: ['type_error.dict', 'value is not a valid dict'],
  array: ['type_error.list', 'value is not a valid list'],
  null: ['type_error.none.allowed', 'value is not none'],
};

const formatCodes: Record<string, [string, string]> = {
  email: ['value_error.email', 'value is not a valid email address'],
  'hex-color': ['value_error.color', 'value is not a valid color: string not recognised as a valid color'],
  uuid: ['type_error.uuid', 'value is not a valid uuid'],
};

/** The text formats; their item says which rule the value broke (lone surrogate or control character). */
const textFormats: Record<string, TextKind> = { 'safe-text': 'line', 'safe-multiline-text': 'lines' };

/** One ajv error as a pydantic-style item. */
export function itemFromAjv(error: ErrorObject, context: string): ErrorItem {
  const base = [locationOf[context] ?? context, ...pathOf(error.instancePath)];
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        loc: [...base, String(p.missingProperty)],
        msg: 'field required',
        type: 'value_error.missing',
      };
    case 'additionalProperties':
      return {
        loc: [...base, String(p.additionalProperty)],
        msg: 'extra fields not permitted',
        type: 'value_error.extra',
      };
    case 'type': {
      const t = String(Array.isArray(p.type) ? p.type[0] : p.type);
      const [type, msg] = typeCodes[t] ?? ['type_error', `value is not a valid ${t}`];
      return { loc: base, msg, type };
    }
    case 'maxLength':
      return {
        loc: base,
        msg: `ensure this value has at most ${p.limit} characters`,
        type: 'value_error.any_str.max_length',
        ctx: { limit_value: p.limit },
      };
    case 'minLength':
      return {
        loc: base,
        msg: `ensure this value has at least ${p.limit} characters`,
        type: 'value_error.any_str.min_length',
        ctx: { limit_value: p.limit },
      };
    case 'maximum':
      return {
        loc: base,
        msg: `ensure this value is less than or equal to ${p.limit}`,
        type: 'value_error.number.not_le',
        ctx: { limit_value: p.limit },
      };
    case 'minimum':
      return {
        loc: base,
        msg: `ensure this value is greater than or equal to ${p.limit}`,
        type: 'value_error.number.not_ge',
        ctx: { limit_value: p.limit },
      };
    case 'exclusiveMaximum':
      return {
        loc: base,
        msg: `ensure this value is less than ${p.limit}`,
        type: 'value_error.number.not_lt',
        ctx: { limit_value: p.limit },
      };
    case 'exclusiveMinimum':
      return {
        loc: base,
        msg: `ensure this value is greater than ${p.limit}`,
        type: 'value_error.number.not_gt',
        ctx: { limit_value: p.limit },
      };
    case 'multipleOf':
      return {
        loc: base,
        msg: `ensure this value is a multiple of ${p.multipleOf}`,
        type: 'value_error.number.not_multiple',
        ctx: { multiple_of: p.multipleOf },
      };
    case 'maxItems':
      return {
        loc: base,
        msg: `ensure this value has at most ${p.limit} items`,
        type: 'value_error.list.max_items',
        ctx: { limit_value: p.limit },
      };
    case 'minItems':
      return {
        loc: base,
        msg: `ensure this value has at least ${p.limit} items`,
        type: 'value_error.list.min_items',
        ctx: { limit_value: p.limit },
      };
    case 'pattern':
      return {
        loc: base,
        msg: `string does not match regex "${p.pattern}"`,
        type: 'value_error.str.regex',
        ctx: { pattern: p.pattern },
      };
    case 'enum':
      return {
        loc: base,
        msg: `value is not a valid enumeration member; permitted: ${(p.allowedValues as unknown[]).map((v) => `'${String(v)}'`).join(', ')}`,
        type: 'type_error.enum',
        ctx: { enum_values: p.allowedValues },
      };
    case 'const':
      return {
        loc: base,
        msg: `unexpected value; permitted: '${String(p.allowedValue)}'`,
        type: 'value_error.const',
        ctx: { permitted: [p.allowedValue] },
      };
    case 'format': {
      const kind = textFormats[String(p.format)];
      if (kind) {
        const problem = typeof error.data === 'string' ? textProblem(error.data, kind) : null;
        return { loc: base, ...(problem ?? CONTROL_PROBLEM[kind]) };
      }
      const shared = schemaFormat(String(p.format));
      if (shared) return { loc: base, msg: shared.message(error.data), type: shared.type };
      const [type, msg] = formatCodes[String(p.format)] ?? [
        'value_error',
        `value is not a valid ${String(p.format)}`,
      ];
      return { loc: base, msg, type };
    }
    default:
      return { loc: base, msg: 'value is not valid', type: 'value_error' };
  }
}

/** Validation errors of one request, deduplicated, required/extra first (they explain the rest). */
export function itemsFromAjv(errors: ErrorObject[], context: string): ErrorItem[] {
  const seen = new Set<string>();
  const out: ErrorItem[] = [];
  for (const e of errors) {
    const item = itemFromAjv(e, context);
    const key = `${item.loc.join('.')}|${item.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

const bodyItem = (msg: string, type: string): ErrorItem[] => [{ loc: ['body'], msg, type }];

/** The error handler of the appliance's API scopes. */
export function applianceErrorHandler(
  error: FastifyError & { validation?: ErrorObject[]; validationContext?: string },
  req: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof HttpError) {
    void reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    return;
  }
  if (error.validation) {
    const context = error.validationContext ?? 'body';
    if (context === 'body' && (req.body === undefined || req.body === null)) {
      void reply.code(422).send({ detail: bodyItem('field required', 'value_error.missing') });
      return;
    }
    void reply.code(422).send({ detail: itemsFromAjv(error.validation, context) });
    return;
  }
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      void reply.code(422).send({ detail: bodyItem('field required', 'value_error.missing') });
      return;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      void reply.code(400).send({ detail: bodyItem('Invalid JSON body', 'value_error.jsondecode') });
      return;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      void reply.code(413).send({ detail: tooLarge(req.routeOptions.bodyLimit) });
      return;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      void reply.code(415).send({ detail: 'Unsupported content type' });
      return;
    default:
  }
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;
  if (status === 429) {
    void reply.code(429).send({ detail: 'Too many requests; try again later' });
    return;
  }
  if (status >= 500) {
    req.log.error({ err: error }, 'appliance request failed');
    void reply.code(500).send({ detail: 'Error processing request' });
    return;
  }
  // Other client errors from the framework: a fixed text by status, never the internal message.
  if (status === 400 || status === 409 || status === 422) {
    void reply.code(status).send({ detail: bodyItem('Bad request', 'value_error') });
    return;
  }
  const texts: Record<number, string> = {
    404: 'Resource does not exist',
    405: 'Method not allowed',
    406: 'Not acceptable',
  };
  void reply.code(status).send({ detail: texts[status] ?? 'Request refused' });
}
