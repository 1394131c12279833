/**
 * "DNS queries" (issue 28): every query the DNS proxy answered, newest first, filtered and paged on the appliance
 * (the query in the URL), with who answered it and why (the configured rule, linked). A live tail re-reads the first
 * page as records arrive (at most once a second); Pause keeps the page still and counts what arrived ("N new"), and
 * showing them re-reads the page. Top names and clients of a chosen range sit beside the table; a click filters.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ANSWERED_BY,
  ANSWERED_BY_LABEL,
  queriesQuery,
  type AnsweredBy,
  type DnsQueryRecord,
} from '../../../shared/dnsQueries';
import type { ListPage } from '../../../shared/contracts/listing';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import { useEndpoint } from '../../../store/useResource';
import { selectResource } from '../../../store/slices/resources.slice';
import {
  DNS_QUERIES_LIVE_KEY,
  dnsQueriesFollowed,
  dnsQueriesUnfollowed,
  type DnsQueriesLive,
  type DnsQueryStreamFilter,
} from '../../../store/slices/dnsQueries.actions';
import * as dns from '../../../shared/contracts/dns';
import { DataTable, type AccentColor, type TableRow } from '../../../widgets/DataTable';
import { PageHeader } from '../../../widgets/PageHeader';
import { Select } from '../../../widgets/Select';
import { TextInput } from '../../../widgets/TextInput';
import type { ListSource } from '../common/entity/listQuery';
import { useEntityList } from '../common/entity/useEntityList';
import '../common/config/config.css';
import '../common/entity/entity.css';
import './queries.css';

export const DNS_QUERIES_TITLE = 'DNS queries';
export const DNS_QUERIES_SOURCE: ListSource = { resource: dns.listQueries.path, query: queriesQuery };

const TYPES = ['A', 'AAAA', 'CNAME', 'HTTPS', 'MX', 'NS', 'PTR', 'SOA', 'SRV', 'SVCB', 'TXT', 'ANY'];
const RCODES = ['NOERROR', 'NXDOMAIN', 'SERVFAIL', 'REFUSED', 'FORMERR', 'NOTIMPL'];
const RANGES = [
  { value: '3600', name: 'Last hour' },
  { value: '86400', name: 'Last 24 hours' },
  { value: '604800', name: 'Last 7 days' },
];
const TONE: Record<AnsweredBy, AccentColor> = {
  local_override: 'blue',
  local_zone: 'grey',
  cache: 'green',
  forwarded: 'green',
  recursion: 'green',
  refused: 'red',
};
const ADDRESS = /^[0-9A-Fa-f:.]*$/;
/** The list's filters the live tail follows too (not its paging). */
const STREAM_FILTERS = ['q', 'client', 'type', 'rcode', 'answered_by', 'from', 'to'] as const;
/** The live tail re-reads the first page at most this often. */
const LIVE_REFRESH_MS = 1000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The time of day with seconds, with the day in front when it is not today. */
const clock = (ms: number) => {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  return d.toDateString() === new Date().toDateString()
    ? time
    : `${d.getDate()} ${MONTHS[d.getMonth()]} ${time}`;
};
const latency = (ms: number) => (ms < 1 ? '< 1 ms' : `${Math.round(ms)} ms`);

function TopList({
  title,
  rows,
  label,
  onPick,
}: {
  title: string;
  rows: ReadonlyArray<{ key: string; count: number }>;
  label: (key: string) => string;
  onPick: (key: string) => void;
}) {
  return (
    <section className="dns-queries__top" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="dns-queries__quiet">None in this range.</p>
      ) : (
        <ol>
          {rows.map((r) => (
            <li key={r.key}>
              <button
                type="button"
                className="dns-queries__pick"
                onClick={() => onPick(r.key)}
                title={label(r.key)}
              >
                <span className="dns-queries__top-name">{r.key}</span>
              </button>
              <span className="dns-queries__count">{r.count.toLocaleString('en')}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function QueriesPage() {
  const list = useEntityList<DnsQueryRecord>(DNS_QUERIES_SOURCE);
  const { params, update, reload } = list;
  const navigate = useNavigate();
  const page: ListPage<DnsQueryRecord> = list.page ?? { data: [], total: 0, page: 1, per_page: 50 };

  const [range, setRange] = useState('3600');
  // The range's start is fixed when the range is chosen (a moving start would be a new request every render).
  const [from, setFrom] = useState(() => Date.now() - 3600_000);
  const top = useEndpoint(dns.getQueryTop, { query: { from: String(from) } });

  const [client, setClient] = useState(params.client ?? '');
  const clientTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typeClient = (value: string) => {
    setClient(value);
    if (clientTimer.current) clearTimeout(clientTimer.current);
    if (ADDRESS.test(value)) clientTimer.current = setTimeout(() => update({ client: value }), 400);
  };
  useEffect(
    () => () => {
      if (clientTimer.current) clearTimeout(clientTimer.current);
    },
    [],
  );

  // A name picked from the top list replaces the search box's text: the box is made afresh (typing keeps it).
  const [picked, setPicked] = useState<{ epoch: number; name: string } | null>(null);

  const [live, setLive] = useState(false);
  const [paused, setPausedState] = useState(false);
  const [pending, setPending] = useState(0);
  // Read by the stream's listener (set with the state, in handlers).
  const pausedRef = useRef(false);
  const setPaused = (value: boolean) => {
    pausedRef.current = value;
    setPausedState(value);
  };
  // Keyed by its text: the list's params are a new object on every read, the filter is not.
  const filterKey = JSON.stringify(STREAM_FILTERS.map((k) => params[k] ?? ''));
  const streamFilter = useMemo(() => {
    const values = JSON.parse(filterKey) as string[];
    const filter: Record<string, string> = {};
    STREAM_FILTERS.forEach((k, i) => {
      if (values[i]) filter[k] = values[i];
    });
    return filter as DnsQueryStreamFilter;
  }, [filterKey]);
  const onFirstPage = params.page === '1';

  // The stream itself is the saga's (sagas/dnsQueryStream.saga.ts); the page reads how many records it brought.
  const dispatch = useAppDispatch();
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!live || !onFirstPage) return;
    dispatch(dnsQueriesFollowed({ filter: streamFilter }));
    return () => {
      if (refresh.current) clearTimeout(refresh.current);
      refresh.current = null;
      dispatch(dnsQueriesUnfollowed());
    };
  }, [live, onFirstPage, streamFilter, dispatch]);
  const received = (useAppSelector(selectResource(DNS_QUERIES_LIVE_KEY)).data as DnsQueriesLive | undefined)
    ?.received;
  const counted = useRef(received ?? 0);
  useEffect(() => {
    const count = (received ?? 0) - counted.current;
    counted.current = received ?? 0;
    if (count <= 0) return;
    if (pausedRef.current) setPending((n) => n + count);
    else if (!refresh.current)
      refresh.current = setTimeout(() => {
        refresh.current = null;
        reload();
      }, LIVE_REFRESH_MS);
  }, [received, reload]);

  const showNew = () => {
    setPending(0);
    setPaused(false);
    reload();
  };

  const rows: TableRow[] = page.data.map((r) => ({
    id: String(r.id),
    items: [
      { value: clock(r.time), sortValue: r.time },
      { value: r.client },
      { value: r.name || '(not read: refused)' },
      { value: r.type },
      {
        value: r.rcode,
      },
      {
        value: ANSWERED_BY_LABEL[r.answered_by],
        statusBullColor: TONE[r.answered_by],
        statusLabel: ANSWERED_BY_LABEL[r.answered_by],
      },
      { value: latency(r.latency_ms), sortValue: r.latency_ms },
      { value: r.why.text, ...(r.why.link ? { href: r.why.link } : {}) },
    ],
  }));
  const narrowed = ['q', 'client', 'type', 'rcode', 'answered_by'].some((k) => params[k]);
  const topData = top.data;

  return (
    <section className="page config-page page--wide entity-list dns-queries" aria-label={DNS_QUERIES_TITLE}>
      <PageHeader
        title={DNS_QUERIES_TITLE}
        actionDescription="Every query the DNS proxy answered, who answered it and the rule behind the answer."
      />
      <div className="dns-queries__layout">
        <div className="dns-queries__main">
          <DataTable
            key={picked?.epoch ?? 0}
            caption={DNS_QUERIES_TITLE}
            legend={[
              { title: 'Time', width: 130, sortable: false },
              { title: 'Client', width: 120, sortable: false, priority: 2 },
              { title: 'Name', width: 200, sortable: false },
              { title: 'Type', width: 60, sortable: false, priority: 3 },
              { title: 'Answer', width: 100, sortable: false, priority: 2 },
              { title: 'Answered by', width: 140, sortable: false },
              { title: 'Latency', width: 80, sortable: false, priority: 3 },
              { title: 'Why', width: 280, sortable: false },
            ]}
            rows={rows}
            sortable={false}
            loading={list.loading}
            itemName={{ one: 'query', other: 'queries' }}
            searchLabel="Name contains"
            initialSearch={picked?.name ?? params.q ?? ''}
            onSearchChange={(q) => update({ q })}
            server={{
              total: page.total,
              page: Number(params.page),
              perPage: Number(params.per_page),
              onPageChange: (p, perPage) => update({ page: String(p), per_page: String(perPage) }),
            }}
            onNavigate={(href) => void navigate(href)}
            emptyMessage={
              list.failed
                ? 'The queries could not be loaded.'
                : narrowed
                  ? 'No queries match the search and filters.'
                  : 'No queries recorded yet.'
            }
            toolbar={
              <>
                <div className="entity-list__filters" role="group" aria-label="Filters">
                  <TextInput
                    label="Client"
                    placeholder="Any client"
                    value={client}
                    onChange={(v) => typeClient(v.trim())}
                  />
                  <Select
                    label="Type"
                    placeholder="Any type"
                    value={params.type ?? ''}
                    options={TYPES.map((t) => ({ value: t, name: t }))}
                    onChange={(type) => update({ type })}
                  />
                  <Select
                    label="Answer"
                    placeholder="Any answer"
                    value={params.rcode ?? ''}
                    options={RCODES.map((c) => ({ value: c, name: c }))}
                    onChange={(rcode) => update({ rcode })}
                  />
                  <Select
                    label="Answered by"
                    placeholder="Anyone"
                    value={params.answered_by ?? ''}
                    options={ANSWERED_BY.map((a) => ({ value: a, name: ANSWERED_BY_LABEL[a] }))}
                    onChange={(answered_by) => update({ answered_by })}
                  />
                </div>
                <div className="dns-queries__live" role="group" aria-label="Live tail">
                  <button
                    type="button"
                    className="button"
                    aria-pressed={live}
                    onClick={() => (setLive(!live), setPaused(false), setPending(0))}
                  >
                    Live
                  </button>
                  {live && (
                    <button
                      type="button"
                      className="button"
                      aria-pressed={paused}
                      onClick={() => (paused ? showNew() : setPaused(true))}
                    >
                      Pause
                    </button>
                  )}
                  {live && paused && pending > 0 && (
                    <button type="button" className="dns-queries__pill" onClick={showNew}>
                      {pending} new
                    </button>
                  )}
                  {live && !onFirstPage && (
                    <span className="dns-queries__quiet">Live on the first page only.</span>
                  )}
                </div>
              </>
            }
          />
        </div>
        <aside className="dns-queries__side" aria-label="Top names and clients">
          <div className="dns-queries__range">
            <Select
              label="Range"
              value={range}
              options={RANGES}
              onChange={(v) => {
                setRange(v);
                setFrom(Date.now() - Number(v) * 1000);
              }}
            />
            <p className="dns-queries__quiet">
              {topData
                ? `${topData.total.toLocaleString('en')} ${topData.total === 1 ? 'query' : 'queries'} in this range`
                : top.status === 'failed'
                  ? 'The top lists could not be loaded.'
                  : 'Loading…'}
            </p>
          </div>
          <TopList
            title="Top names"
            rows={(topData?.names ?? []).map((n) => ({ key: n.name, count: n.count }))}
            label={(n) => `Show the queries for ${n}`}
            onPick={(q) => {
              update({ q });
              setPicked((p) => ({ epoch: (p?.epoch ?? 0) + 1, name: q }));
            }}
          />
          <TopList
            title="Top clients"
            rows={(topData?.clients ?? []).map((c) => ({ key: c.client, count: c.count }))}
            label={(c) => `Show the queries of ${c}`}
            onPick={(c) => {
              setClient(c);
              update({ client: c });
            }}
          />
          {topData && topData.malformed + topData.dropped > 0 && (
            <p className="dns-queries__quiet">
              {topData.malformed} unreadable resolver lines skipped, {topData.dropped} records dropped since
              the console started.
            </p>
          )}
        </aside>
      </div>
    </section>
  );
}
