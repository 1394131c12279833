/**
 * One server-sent-event stream's contract, written once and read by both sides (issue 27 §1):
 *
 *   export const queryStream = stream({
 *     path: 'dns/queries/stream',
 *     query: streamQuery,
 *     events: { ready: Type.Object({ last_id: Type.Integer() }), message: QueryBatch, end: Type.Object({}) },
 *     summary: 'Follow the DNS queries answered from now on',
 *   });
 *
 * - `path` is relative to the event-stream base `/eos` (not the API base), Fastify style (`jobs/:id/stream`; each
 *   `:name` is a property of `params`). The appliance registers it with `streamRoute`
 *   (src/appliance/http/streamRoute.ts): params and query are validated like an endpoint's, and the OpenAPI document
 *   lists the event names with each one's data schema. The console opens it with `streamUrlOf` and
 *   `streamChannel` (src/api/eventSource.ts), which checks every event's data against its schema.
 * - `events`: each named event the stream sends, with the JSON Schema of its `data:` (one JSON value a line).
 *   Heartbeat comments are not events. `end` and `reconnect` are events like any other: declare them when sent.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { keyOf } from './endpoint';

/** Where every `text/event-stream` route lives on the appliance. */
export const EVENT_STREAM_BASE = '/eos';

export interface StreamShape {
  /** Under the event-stream base, without a leading slash; `:name` segments are the params. */
  path: string;
  params?: TSchema;
  query?: TSchema;
  /** Event name → the schema of its data. */
  events: Record<string, TSchema>;
  summary: string;
}

/** A declared stream (what `stream()` returns). */
export type Stream<S extends StreamShape = StreamShape> = Readonly<S> & { readonly kind: 'stream' };

export type AnyStream = Stream<StreamShape>;

/** The data type of one of a stream's events. */
export type EventDataOf<S extends StreamShape, K extends keyof S['events']> = Static<S['events'][K]>;

export function stream<S extends StreamShape>(spec: S): Stream<S> {
  const names = [...spec.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const declared = Object.keys(
    (spec.params as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
  );
  if (names.some((n) => !declared.includes(n)) || names.length !== declared.length)
    throw new Error(`stream ${spec.path}: params must be exactly ${names.join(', ') || 'none'}`);
  if (spec.path.startsWith('/'))
    throw new Error(`stream ${spec.path}: path is relative to ${EVENT_STREAM_BASE}`);
  if (!Object.keys(spec.events).length) throw new Error(`stream ${spec.path}: declares no event`);
  return Object.freeze({ ...spec, kind: 'stream' as const });
}

/** The stream's URL on the console's origin: `/eos/dns/queries/stream?client=192.0.2.7` (query keys sorted). */
export function streamUrlOf(
  s: Pick<StreamShape, 'path'>,
  params?: Record<string, unknown>,
  query?: object,
): string {
  return `${EVENT_STREAM_BASE}/${keyOf(s, params, query)}`;
}
