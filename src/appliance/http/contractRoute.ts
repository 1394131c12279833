/**
 * Registering a route from its contract (src/shared/contracts/endpoint.ts): method, URL and the route's schemas come
 * from the endpoint — `params`, `querystring`, `body` (validated by the scope's Ajv, http/scope.ts) and
 * `response[status]` (Fastify serialises the answer with it: a field the schema does not name is not sent) — and
 * the handler is typed from the schemas' `Static<>` types. Access stays the route's own declaration:
 *
 *   contractRoute(scope, dns.putProxySettings, { access: area('dns') }, async (req) => {
 *     … req.body is Static<typeof ProxySettings> …
 *     return readSettings(ctx.db); // must fit ProxySettings
 *   });
 *
 * Under tests (`NODE_ENV=test`) every answer is also checked against its response schema with unknown fields
 * refused, so an answer with a field the schema would drop (or of the wrong type) fails the route's tests with a
 * 500 naming the field, instead of silently losing data the console needs.
 */
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { ValidateFunction } from 'ajv';
import type {
  AnyEndpoint,
  BodyOf,
  ParamsOf,
  QueryOf,
  RawBody,
  ResponseOf,
} from '../../shared/contracts/endpoint';
import type { RouteAccess } from './routeAccess';
import { createAjv } from './scope';

/** The route's own declarations: who may call it (required) and the rest of `config`. */
export type ContractRouteConfig = FastifyContextConfig & { access: RouteAccess };

export type ContractRequest<E> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  /** An upload's body is the bytes (a `Buffer`) when sent as one of its media types: the handler checks. */
  Body: E extends { upload: RawBody } ? unknown : BodyOf<E>;
}>;

/** The handler answers the response's type, or sends itself through `reply` (status, headers, streams). */
export type ContractHandler<E> = (
  req: ContractRequest<E>,
  reply: FastifyReply,
) => Promise<ResponseOf<E> | FastifyReply>;

/**
 * Route options beside the contract's: body limit, hooks, … (never `schema`, `config`: those come from above).
 * `under`: the part of the endpoint's path the scope's own prefix already holds, for a scope below the API base
 * (the auth base registers `auth/lockouts` as `/lockouts` with `under: 'auth/'`).
 */
export type ContractRouteOptions = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  under?: string;
  /**
   * `'handler'`: the handler parses the body itself (its own error items, e.g. `POST {api}logs`); the contract's body
   * schema is then only stated in the OpenAPI document, and `req.body` is what was sent.
   */
  bodyCheckedBy?: 'schema' | 'handler';
};

const strictResponses = () => process.env.NODE_ENV === 'test';

/** The schema with every object closed (`additionalProperties: false` where it says nothing). */
export function closedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>))
    out[k] =
      k === 'properties' && v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>).map(([p, s]) => [p, closedSchema(s)]),
          )
        : closedSchema(v);
  if (out.type === 'object' && out.properties && !('additionalProperties' in out))
    out.additionalProperties = false;
  return out;
}

let checker: ReturnType<typeof createAjv> | null = null;
/** One check per endpoint for the whole process: tests build hundreds of servers from the same contracts. */
const responseChecks = new WeakMap<AnyEndpoint, ValidateFunction>();

/** Refuses an answer the response schema does not describe exactly (tests only; see the module's comment). */
function responseCheck(e: AnyEndpoint): ValidateFunction | null {
  if (!e.response || !strictResponses()) return null;
  const known = responseChecks.get(e);
  if (known) return known;
  checker ??= createAjv();
  // TypeBox's symbol keys dropped: plain JSON Schema.
  const check = checker.compile(closedSchema(JSON.parse(JSON.stringify(e.response))) as object);
  responseChecks.set(e, check);
  return check;
}

/** The route's schemas, and the contract's summary (Fastify ignores it; the OpenAPI document states it). */
export function fastifySchemaOf(
  e: AnyEndpoint,
  bodyCheckedBy: 'schema' | 'handler' = 'schema',
): FastifySchema & { summary: string } {
  const schema: FastifySchema & { summary: string; documentedBody?: unknown } = { summary: e.summary };
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body && bodyCheckedBy === 'schema') schema.body = e.body;
  else if (e.body) schema.documentedBody = e.body;
  // Raw bodies and answers: Fastify ignores these keys; the OpenAPI document states them (http/openapi.ts).
  if (e.upload) (schema as { upload?: RawBody }).upload = e.upload;
  if (e.download) (schema as { download?: AnyEndpoint['download'] }).download = e.download;
  // Answers beside JSON, a redirect's answer, a body taken as a form: stated in the OpenAPI document only.
  if (e.alsoAnswers) (schema as { alsoAnswers?: AnyEndpoint['alsoAnswers'] }).alsoAnswers = e.alsoAnswers;
  if (e.redirect) (schema as { redirect?: AnyEndpoint['redirect'] }).redirect = e.redirect;
  if (e.form) (schema as { form?: true }).form = true;
  if (e.response) schema.response = { [e.status ?? 200]: e.response };
  // Nothing to serialise; the OpenAPI document says "no content".
  else if (e.status === 204) schema.response = { 204: { type: 'null', description: 'No content.' } };
  return schema;
}

/** Registers `e` on `scope` (the API scope: the URL is `/<e.path>`). */
export function contractRoute<E extends AnyEndpoint>(
  scope: FastifyInstance,
  e: E,
  config: ContractRouteConfig,
  handler: ContractHandler<E>,
  options: ContractRouteOptions = {},
): void {
  const check = responseCheck(e);
  const status = e.status ?? 200;
  const { under = '', bodyCheckedBy = 'schema', ...routeOptions } = options;
  if (!e.path.startsWith(under)) throw new Error(`${e.method} ${e.path}: not under ${under}`);
  const route = (target: FastifyInstance) =>
    target.route({
      ...routeOptions,
      ...(e.upload ? { bodyLimit: e.upload.maxBytes } : {}),
      method: e.method,
      url: `/${e.path.slice(under.length)}`,
      config,
      schema: fastifySchemaOf(e, bodyCheckedBy),
      ...(check
        ? {
            preSerialization: async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
              if (reply.statusCode !== status) return payload;
              if (!check(JSON.parse(JSON.stringify(payload ?? null)))) {
                const problems = (check.errors ?? [])
                  .map((x) => `${x.instancePath || '/'} ${x.message ?? ''} ${JSON.stringify(x.params)}`)
                  .join('; ');
                throw new Error(
                  `${e.method} ${e.path}: the answer does not fit its response schema: ${problems}`,
                );
              }
              return payload;
            },
          }
        : {}),
      handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    });
  if (!e.upload) {
    route(scope);
    return;
  }
  // An upload takes its media types as bytes, in a scope of its own (a parser is the scope's, not the route's).
  const { mediaTypes, maxBytes } = e.upload;
  void scope.register(async (files) => {
    // `image/*` is a range (OpenAPI's too): any image type; the handler decides from the bytes.
    const ranges = mediaTypes.filter((t) => t.endsWith('/*'));
    const exact = mediaTypes.filter((t) => !t.endsWith('/*'));
    const pattern = new RegExp(
      `^(${[...ranges.map((t) => `${t.slice(0, -2)}/[a-z0-9.+-]+`), ...exact.map((t) => t.replace(/[.+]/g, '\\$&'))].join('|')})$`,
      'i',
    );
    files.addContentTypeParser(pattern, { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
      done(null, body),
    );
    route(files);
  });
}
