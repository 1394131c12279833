/**
 * The query log over HTTP (area `dns`, read privilege):
 *
 * - `GET {api}dns/queries?page&per_page&q&client&type&rcode&answered_by&from&to` → `{data, total, page, per_page}`,
 *   newest first, filtered and paged in SQL (`from`/`to` in milliseconds since the epoch, inclusive);
 * - `GET {api}dns/queries/top?from&to&limit` → the most asked names and the most asking clients of the range, with
 *   the range's total and the counts of malformed and dropped lines;
 * - `GET /eos/dns/queries/stream?<same filters>` → server-sent `message` events `{queries: [...]}` (oldest first,
 *   id = the last record's id) of every record stored from now on; with `Last-Event-ID` the records after that id
 *   first. A client that does not read is paused at its buffer bound and catches up from the table once it drains.
 *   Each open stream takes one of the account's and the console's stream slots (http/streamSlots.ts: 429 past them).
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../../shared/contracts/listing';
import {
  streamQuery,
  type AnsweredBy,
  matchesQueryFilter,
  type DnsQueryFilter,
  type DnsQueryRecord,
} from '../../../shared/dnsQueries';
import { area } from '../../http/routeAccess';
import { contractRoute } from '../../http/contractRoute';
import * as dns from '../../../shared/contracts/dns';
import { lastEventId, startEventStream, type EventStreamOptions } from '../../http/sse';
import { streamRoute } from '../../http/streamRoute';
import type { QueryRecorder } from './recorder';
import type { QueryStore } from './store';

type FilterQuery = Static<typeof streamQuery>;

const filterOf = (q: FilterQuery): DnsQueryFilter => ({
  ...(q.q ? { q: q.q } : {}),
  ...(q.client ? { client: q.client } : {}),
  ...(q.type ? { type: q.type } : {}),
  ...(q.rcode ? { rcode: q.rcode } : {}),
  ...(q.answered_by ? { answered_by: q.answered_by as AnsweredBy } : {}),
  ...(q.from !== undefined ? { from: Number(q.from) } : {}),
  ...(q.to !== undefined ? { to: Number(q.to) } : {}),
});

export function registerQueryRoutes(
  scope: FastifyInstance,
  store: QueryStore,
  recorder: QueryRecorder,
): void {
  contractRoute(scope, dns.listQueries, { access: area('dns') }, async (req) => {
    recorder.flush();
    const page = Number(req.query.page ?? 1);
    const perPage = Math.min(MAX_PER_PAGE, Number(req.query.per_page ?? DEFAULT_PER_PAGE));
    const { data, total } = store.list(filterOf(req.query), page, perPage);
    return { data, total, page, per_page: perPage };
  });

  contractRoute(scope, dns.getQueryTop, { access: area('dns') }, async (req) => {
    recorder.flush();
    const from = req.query.from !== undefined ? Number(req.query.from) : undefined;
    const to = req.query.to !== undefined ? Number(req.query.to) : undefined;
    const top = store.top(from, to, Number(req.query.limit ?? 10));
    return {
      from: from ?? null,
      to: to ?? null,
      ...top,
      malformed: recorder.malformed,
      dropped: recorder.dropped,
    };
  });
}

const RESUME_PAGE = 500;

export interface QueryStreamDeps {
  store: () => QueryStore | undefined;
  options?: Partial<EventStreamOptions>;
  ends: Set<() => void>;
}

export function registerQueryStream(eos: FastifyInstance, deps: QueryStreamDeps): void {
  streamRoute(eos, dns.queryStream, { access: area('dns') }, async (req, reply) => {
    const store = deps.store();
    if (!store) return reply.code(404).send({ detail: 'Resource does not exist' });
    const resume = lastEventId(req);
    const resumeFrom = resume !== undefined && /^[0-9]{1,15}$/.test(resume) ? Number(resume) : undefined;
    const filter = filterOf(req.query);
    const stream = startEventStream(req, reply, { retryMs: 2000, ...deps.options });
    let lastSent = resumeFrom ?? store.lastId();
    let catchingUp = false;

    const send = (records: readonly DnsQueryRecord[]) => {
      if (!records.length) return true;
      lastSent = records[records.length - 1].id;
      return stream.send('message', JSON.stringify({ queries: records }), lastSent);
    };
    const catchUp = () => {
      catchingUp = true;
      for (;;) {
        const page = store.after(lastSent, filter, RESUME_PAGE);
        if (!page.length) break;
        if (!send(page)) return stream.whenDrained(catchUp);
        if (page.length < RESUME_PAGE) break;
      }
      catchingUp = false;
    };
    const unsubscribe = store.subscribe((records) => {
      if (catchingUp || stream.closed) return;
      const fresh = records.filter((r) => r.id > lastSent && matchesQueryFilter(r, filter));
      if (fresh.length && !send(fresh)) {
        catchingUp = true;
        stream.whenDrained(catchUp);
      }
    });
    const end = () => stream.finish('end');
    deps.ends.add(end);
    stream.onClose(() => {
      unsubscribe();
      deps.ends.delete(end);
    });
    // Tells the client the stream is open (and, resuming, sends what it missed).
    stream.send('ready', JSON.stringify({ last_id: lastSent }));
    if (resumeFrom !== undefined) catchUp();
  });
}
