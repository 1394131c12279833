/**
 * Registering a server-sent-event route from its contract (src/shared/contracts/stream.ts): `GET`, the URL, the
 * params and query schemas (validated by the scope's Ajv like an endpoint's) and the declared events (kept on the
 * route's schema as `events`, which Fastify ignores and the OpenAPI document lists with each event's data schema).
 * The handler writes the stream itself (http/sse.ts); access stays the route's own declaration:
 *
 *   streamRoute(eos, dns.queryStream, { access: area('dns') }, async (req, reply) => {
 *     const stream = startEventStream(req, reply);
 *     stream.send('message', JSON.stringify(batch), id); // each event's data must fit its schema
 *   });
 *
 * Every stream of a signed-in account takes one of the account's and the server's stream slots (streamSlots.ts) for
 * as long as it is open; past them the route answers 429 before its handler runs.
 *
 * `base`: the part of the URL the scope's prefix does not hold (`/eos` for a scope mounted at the root).
 * `queryCheckedBy: 'handler'`: the handler validates the query itself (its own error answer); the schema is then only
 * stated in the OpenAPI document.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { AnyStream } from '../../shared/contracts/stream';
import type { ContractRouteConfig } from './contractRoute';
import { takeStreamSlot } from './streamSlots';

type StaticOr<T> = T extends TSchema ? Static<T> : undefined;

export type StreamRequest<S> = FastifyRequest<{
  Params: S extends { params: infer P } ? StaticOr<P> : undefined;
  Querystring: S extends { query: infer Q } ? StaticOr<Q> : undefined;
}>;

export type StreamRouteOptions = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  base?: string;
  queryCheckedBy?: 'schema' | 'handler';
};

/** What a stream route keeps on its schema for the OpenAPI document (http/openapi.ts). */
export interface StreamRouteSchema extends FastifySchema {
  summary: string;
  events: Record<string, TSchema>;
  /** The query, when the handler checks it itself. */
  documentedQuery?: TSchema;
}

export function streamRoute<S extends AnyStream>(
  scope: FastifyInstance,
  s: S,
  config: ContractRouteConfig,
  handler: (req: StreamRequest<S>, reply: FastifyReply) => Promise<unknown>,
  options: StreamRouteOptions = {},
): void {
  const { base = '', queryCheckedBy = 'schema', ...routeOptions } = options;
  const schema: StreamRouteSchema = { summary: s.summary, events: s.events };
  if (s.params) schema.params = s.params;
  if (s.query && queryCheckedBy === 'schema') schema.querystring = s.query;
  else if (s.query) schema.documentedQuery = s.query;
  scope.route({
    ...routeOptions,
    method: 'GET',
    url: `${base}/${s.path}`,
    config,
    schema,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      takeStreamSlot(req, reply);
      return (handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>)(req, reply);
    },
  });
}
