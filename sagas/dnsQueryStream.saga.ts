/**
 * The DNS queries page's live tail (`dns.queryStream`, `GET /eos/dns/queries/stream`): while the page follows, each
 * `message` event adds its records to the count under `DNS_QUERIES_LIVE_KEY` (the page re-reads its first page, or
 * counts them while paused). A new filter replaces the stream; leaving the page, turning the tail off or an `end`
 * closes it. Events are checked against the contract by `streamChannel`; one that does not fit is dropped.
 */
import type { EventChannel } from 'redux-saga';
import { call, put, select, take, takeLatest } from 'redux-saga/effects';
import { eventSourceFactory, streamChannel, type EventSourceFactory } from '../src/api/eventSource';
import * as dns from '../src/shared/contracts/dns';
import { streamUrlOf } from '../src/shared/contracts/stream';
import type { RootState } from '../src/store/createStore';
import {
  DNS_QUERIES_LIVE_KEY,
  dnsQueriesFollowed,
  dnsQueriesUnfollowed,
  type DnsQueriesLive,
  type DnsQueryStreamFilter,
} from '../src/store/slices/dnsQueries.actions';
import { resourceLoaded, selectResource } from '../src/store/slices/resources.slice';

type QueryEvent = { type: 'records'; count: number } | { type: 'end' };

export function queryEventChannel(factory: EventSourceFactory, url: string): EventChannel<QueryEvent> {
  return streamChannel<typeof dns.queryStream, QueryEvent>(factory, dns.queryStream, url, {
    events: {
      message: (data) => ({ type: 'records', count: data.queries.length }),
      end: () => ({ type: 'end' }),
    },
    // A refused stream (no query log, the session ended) stops the tail quietly: the list still shows the page.
    refused: () => ({ type: 'end' }),
  });
}

function* follow(filter: DnsQueryStreamFilter) {
  const factory: EventSourceFactory = yield call(eventSourceFactory);
  const channel: EventChannel<QueryEvent> = yield call(
    queryEventChannel,
    factory,
    streamUrlOf(dns.queryStream, undefined, filter),
  );
  try {
    for (;;) {
      const event: QueryEvent = yield take(channel);
      if (event.type === 'end') return;
      if (!event.count) continue;
      const entry: ReturnType<ReturnType<typeof selectResource>> = yield select((s: RootState) =>
        selectResource(DNS_QUERIES_LIVE_KEY)(s),
      );
      const received = (entry.data as DnsQueriesLive | undefined)?.received ?? 0;
      yield put(resourceLoaded({ key: DNS_QUERIES_LIVE_KEY, data: { received: received + event.count } }));
    }
  } finally {
    channel.close();
  }
}

export function* dnsQueryStreamSaga() {
  // takeLatest: a new filter replaces the running stream; unfollowing cancels it (its channel closes in `finally`).
  yield takeLatest(
    [dnsQueriesFollowed.type, dnsQueriesUnfollowed.type],
    function* session(action: { type: string; payload?: { filter: DnsQueryStreamFilter } }) {
      if (action.type === dnsQueriesFollowed.type && action.payload)
        yield call(follow, action.payload.filter);
    },
  );
}
