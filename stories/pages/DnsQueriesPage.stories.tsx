/**
 * The DNS queries page (the DNS proxy's query log): loading, empty, filled with every kind of "answered by" and the
 * top names and clients beside it, live with records arriving while paused ("N new"), and a list that failed to load.
 * The top lists' range starts when the page renders, so their answer comes from a canned API rather than the store.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import { dnsQueryStreamSaga } from '../../sagas/dnsQueryStream.saga';
import { resourcesSaga } from '../../sagas/resources.saga';
import { withCall, type ApiClient, type ApiResponse } from '../../src/api/client';
import type { EventSourceLike } from '../../src/api/eventSource';
import { DNS_QUERIES_SOURCE, QueriesPage } from '../../src/app/pages/dns/QueriesPage';
import type { DnsQueryRecord, DnsQueryTop } from '../../src/shared/dnsQueries';
import type { RootState } from '../../src/store/createStore';
import { StoryProviders } from '../support/StoryProviders';
import { signedIn } from './authenticationFixtures';
import { firstPage, firstPageKey, resourcesState } from './fixtures';

const meta: Meta = { title: 'Pages/DNS/Queries', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const at = (second: number) => Date.UTC(2026, 10, 27, 12, 0, second);

const record = (id: number, over: Partial<DnsQueryRecord>): DnsQueryRecord => ({
  id,
  time: at(60 - id),
  client: '192.168.1.20',
  name: 'nas.home.arpa',
  type: 'A',
  rcode: 'NOERROR',
  answered_by: 'local_override',
  latency_ms: 0,
  size: 57,
  why: {
    rule: 'host_override',
    id: 3,
    text: 'host override nas.home.arpa → 192.168.1.5',
    link: '/dns/proxy#host-overrides',
  },
  ...over,
});

const dnsQueries: DnsQueryRecord[] = [
  record(1, {}),
  record(2, {
    client: '192.168.1.31',
    name: 'www.example.com',
    latency_ms: 18.4,
    size: 60,
    answered_by: 'forwarded',
    why: { rule: 'upstream', id: 1, text: 'upstream 9.9.9.9@853 (Quad9)', link: '/dns/proxy#upstreams' },
  }),
  record(3, {
    client: '192.168.1.31',
    name: 'www.example.com',
    size: 60,
    answered_by: 'cache',
    why: { rule: 'upstream', id: 1, text: 'upstream 9.9.9.9@853 (Quad9)', link: '/dns/proxy#upstreams' },
  }),
  record(4, {
    name: 'build.corp.example',
    type: 'AAAA',
    latency_ms: 2.1,
    answered_by: 'forwarded',
    why: {
      rule: 'domain_override',
      id: 2,
      text: 'domain override corp.example → 10.0.0.53',
      link: '/dns/proxy#domain-overrides',
    },
  }),
  record(5, {
    name: 'localhost',
    answered_by: 'local_zone',
    why: { rule: 'local_zone', id: null, text: 'built-in local zone localhost', link: null },
  }),
  record(6, {
    client: '203.0.113.9',
    name: '',
    type: 'TYPE0',
    rcode: 'REFUSED',
    size: 12,
    answered_by: 'refused',
    why: {
      rule: 'default_access',
      id: null,
      text: 'no access rule allows this client',
      link: '/dns/proxy#access-lists',
    },
  }),
];

const top: DnsQueryTop = {
  from: at(0),
  to: null,
  total: 6,
  names: [
    { name: 'www.example.com', count: 2 },
    { name: 'nas.home.arpa', count: 1 },
    { name: 'build.corp.example', count: 1 },
    { name: 'localhost', count: 1 },
  ],
  clients: [
    { client: '192.168.1.20', count: 3 },
    { client: '192.168.1.31', count: 2 },
    { client: '203.0.113.9', count: 1 },
  ],
  malformed: 0,
  dropped: 0,
};

/** Answers the page's reads: the top lists (whatever their range) and the list's first page. */
const queriesApi = (rows: DnsQueryRecord[], summary: DnsQueryTop): ApiClient => {
  const answer = <T,>(url: string): Promise<ApiResponse<T>> => {
    const data = url.includes('dns/queries/top')
      ? summary
      : url.includes('dns/queries')
        ? { data: rows, total: rows.length, page: 1, per_page: 50 }
        : undefined;
    if (data === undefined) return Promise.reject(new Error(`stories are offline (${url})`));
    return Promise.resolve({ status: 200, data: data as T, headers: new Headers() });
  };
  const offline = () => Promise.reject(new Error('stories are offline'));
  // `call` (the contract endpoints' reads) goes through `request` like the other reads.
  return withCall({
    request: (url) => answer(url),
    get: (url) => answer(url),
    post: offline,
    put: offline,
    patch: offline,
    delete: offline,
  });
};

/** A live stream that sends three records a moment after the tail is turned on. */
const burstSource = (): EventSourceLike => {
  const listeners = new Map<string, Array<(e: MessageEvent<string> | Event) => void>>();
  const source: EventSourceLike = {
    readyState: 1,
    addEventListener: (type, fn) => void listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    close: () => listeners.clear(),
  };
  setTimeout(() => {
    const queries = [7, 8, 9].map((id) => record(id, { time: at(60 + id) }));
    for (const fn of listeners.get('message') ?? [])
      fn(new MessageEvent('message', { data: JSON.stringify({ queries }), lastEventId: '9' }));
  }, 800);
  return source;
};

const story = (state: Partial<RootState>, api?: ApiClient, eventSource?: () => EventSourceLike): Story => ({
  render: () => (
    <StoryProviders
      state={state}
      routes={[{ path: '*', element: <QueriesPage /> }]}
      path="/dns/queries"
      {...(api ? { api, sagas: [resourcesSaga, dnsQueryStreamSaga] } : {})}
      {...(eventSource ? { context: { eventSource } } : {})}
    />
  ),
});

const withRows = (rows: DnsQueryRecord[]) => ({
  ...signedIn(),
  ...resourcesState(firstPage(DNS_QUERIES_SOURCE, rows)),
});

export const Loading: Story = story({
  ...signedIn(),
  ...resourcesState({}, { [firstPageKey(DNS_QUERIES_SOURCE)]: 'loading' }),
});
export const Empty: Story = story(withRows([]), queriesApi([], { ...top, total: 0, names: [], clients: [] }));
export const Filled: Story = story(withRows(dnsQueries), queriesApi(dnsQueries, top));
/** Live, paused: what arrived meanwhile is counted, not shown, until "N new" is pressed. */
export const LivePaused: Story = {
  ...story(withRows(dnsQueries), queriesApi(dnsQueries, top), burstSource),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tail = await canvas.findByRole('group', { name: 'Live tail' });
    await userEvent.click(within(tail).getByRole('button', { name: 'Live' }));
    await userEvent.click(within(tail).getByRole('button', { name: 'Pause' }));
    await expect(await within(tail).findByRole('button', { name: /3 new/ })).toBeInTheDocument();
  },
};
export const LoadFailed: Story = story({
  ...signedIn(),
  ...resourcesState({}, { [firstPageKey(DNS_QUERIES_SOURCE)]: 'failed' }),
});
