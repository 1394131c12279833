/**
 * The DNS queries page's live tail (sagas/dnsQueryStream.saga.ts follows `dns.queryStream` while the page asks for
 * it and counts the records that arrive under `DNS_QUERIES_LIVE_KEY` in the resources slice: the feature has no
 * state of its own). Views send these and read the count; they never import the saga.
 */
import { createAction } from '@reduxjs/toolkit';
import type { QueryOf } from '../../shared/contracts/endpoint';
import type * as dns from '../../shared/contracts/dns';

/** The stream's filters (the list's, without paging). */
export type DnsQueryStreamFilter = NonNullable<QueryOf<typeof dns.queryStream>>;

/** Where the saga keeps `{ received }`: how many records the stream has brought since the page opened it. */
export const DNS_QUERIES_LIVE_KEY = 'dns/queries/stream#live';

export interface DnsQueriesLive {
  received: number;
}

export const dnsQueriesFollowed = createAction<{ filter: DnsQueryStreamFilter }>('dnsQueries/followed');
export const dnsQueriesUnfollowed = createAction('dnsQueries/unfollowed');
