/**
 * The DNS query log's wire vocabulary (issue 28): one record per query the DNS proxy answered, who answered it and
 * the configured rule behind that answer. The appliance writes these (src/appliance/dns/querylog/), the "DNS
 * queries" page reads them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, oneOf } from './contracts/listing';

/** Who produced the answer. */
export const ANSWERED_BY = [
  'local_override',
  'local_zone',
  'cache',
  'forwarded',
  'recursion',
  'refused',
] as const;
export type AnsweredBy = (typeof ANSWERED_BY)[number];

export const ANSWERED_BY_LABEL: Record<AnsweredBy, string> = {
  local_override: 'Local override',
  local_zone: 'Local zone',
  cache: 'Cache',
  forwarded: 'Forwarded',
  recursion: 'Recursion',
  refused: 'Refused',
};

/** The configured rule behind an answer. */
export const QueryWhy = Type.Object({
  rule: Type.Unsafe<
    | 'host_override'
    | 'domain_override'
    | 'upstream'
    | 'upstreams'
    | 'access_rule'
    | 'default_access'
    | 'local_zone'
    | 'root'
  >({
    type: 'string',
    enum: [
      'host_override',
      'domain_override',
      'upstream',
      'upstreams',
      'access_rule',
      'default_access',
      'local_zone',
      'root',
    ],
    description:
      'What kind of rule: a host or domain override, an upstream server (or all of them), an access rule, a local zone of the resolver, its default access refusal, the root servers.',
  }),
  id: Type.Unsafe<number | null>({
    type: ['integer', 'null'],
    description: 'The rule’s id in its list, when it is one of the configured lists’ rows.',
  }),
  text: Type.String({ description: 'One line for people: `host override "printer.lan" → 192.0.2.44`.' }),
  link: Type.Unsafe<string | null>({
    type: ['string', 'null'],
    description: 'Where the rule is configured in the console (a path), or null.',
  }),
});
export type QueryWhy = Static<typeof QueryWhy>;

export const DnsQueryRecord = Type.Object({
  id: Type.Integer(),
  time: Type.Integer({ description: 'Milliseconds since the epoch the console read the reply line.' }),
  client: Type.String(),
  name: Type.String({
    description: 'The query name without its final dot (empty when refused before reading it).',
  }),
  type: Type.String(),
  rcode: Type.String({ description: 'NOERROR, NXDOMAIN, SERVFAIL, REFUSED…' }),
  answered_by: Type.Unsafe<AnsweredBy>({ type: 'string', enum: [...ANSWERED_BY] }),
  latency_ms: Type.Number({ description: 'Time the resolver took, in milliseconds.' }),
  size: Type.Integer({ description: 'Reply size in bytes.' }),
  why: QueryWhy,
});
export type DnsQueryRecord = Static<typeof DnsQueryRecord>;

export const DnsQueryTop = Type.Object({
  from: Type.Unsafe<number | null>({ type: ['integer', 'null'] }),
  to: Type.Unsafe<number | null>({ type: ['integer', 'null'] }),
  total: Type.Integer({ description: 'Records in the range.' }),
  names: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
  clients: Type.Array(Type.Object({ client: Type.String(), count: Type.Integer() })),
  malformed: Type.Integer({
    description: 'Resolver lines that could not be read, since the console started.',
  }),
  dropped: Type.Integer({
    description: 'Records dropped because the writer fell behind, since the console started.',
  }),
});
export type DnsQueryTop = Static<typeof DnsQueryTop>;

/** The filters the list, the stream and the page share. */
export interface DnsQueryFilter {
  /** Name contains (any case). */
  q?: string;
  client?: string;
  type?: string;
  rcode?: string;
  answered_by?: AnsweredBy;
  /** Inclusive bounds in milliseconds since the epoch. */
  from?: number;
  to?: number;
}

export function matchesQueryFilter(r: DnsQueryRecord, f: DnsQueryFilter): boolean {
  if (f.q && !r.name.toLowerCase().includes(f.q.toLowerCase())) return false;
  if (f.client && r.client !== f.client) return false;
  if (f.type && r.type !== f.type.toUpperCase()) return false;
  if (f.rcode && r.rcode !== f.rcode.toUpperCase()) return false;
  if (f.answered_by && r.answered_by !== f.answered_by) return false;
  if (f.from !== undefined && r.time < f.from) return false;
  if (f.to !== undefined && r.time > f.to) return false;
  return true;
}

/** The query of `GET {api}dns/queries` (and, without paging, of the stream; `from`/`to` of the top lists). */
const positive = (description: string) => Type.String({ pattern: '^[1-9][0-9]{0,6}$', description });
const millis = (description: string) => Type.String({ pattern: '^[0-9]{1,15}$', description });

export const filterProps = {
  q: Type.Optional(Type.String({ maxLength: 253, description: 'Text the query name contains (any case).' })),
  client: Type.Optional(
    Type.String({ maxLength: 64, pattern: '^[0-9A-Fa-f:.]+$', description: 'Client address.' }),
  ),
  type: Type.Optional(
    Type.String({ maxLength: 16, pattern: '^[A-Za-z0-9-]+$', description: 'Query type (A, AAAA…).' }),
  ),
  rcode: Type.Optional(
    Type.String({ maxLength: 16, pattern: '^[A-Za-z0-9_]+$', description: 'Answer code (NOERROR…).' }),
  ),
  answered_by: Type.Optional(oneOf(ANSWERED_BY, 'Who answered.')),
  from: Type.Optional(millis('Not before (milliseconds since the epoch).')),
  to: Type.Optional(millis('Not after (milliseconds since the epoch).')),
};

export const queriesQuery = Type.Object(
  {
    page: Type.Optional(positive('The page, from 1.')),
    per_page: Type.Optional(positive(`Rows a page (default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE}).`)),
    ...filterProps,
  },
  { additionalProperties: false },
);
export const topQuery = Type.Object(
  {
    from: filterProps.from,
    to: filterProps.to,
    limit: Type.Optional(
      Type.String({
        pattern: '^([1-9]|[1-4][0-9]|50)$',
        description: 'Rows of each list (1–50, default 10).',
      }),
    ),
  },
  { additionalProperties: false },
);
export const streamQuery = Type.Object(filterProps, { additionalProperties: false });
