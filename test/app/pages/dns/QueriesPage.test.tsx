/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { QueriesPage } from '../../../../src/app/pages/dns/QueriesPage';
import type { ApiClient, ApiResponse } from '../../../../src/api/client';
import type { EventSourceLike } from '../../../../src/api/eventSource';
import type { DnsQueryRecord, DnsQueryTop } from '../../../../src/shared/dnsQueries';
import { renderPage } from './renderPage';
import { dnsQueryStreamSaga } from '../../../../sagas/dnsQueryStream.saga';

const record = (id: number, over: Partial<DnsQueryRecord> = {}): DnsQueryRecord => ({
  id,
  time: Date.UTC(2026, 10, 27, 12, 0, id),
  client: '10.0.0.8',
  name: 'printer.lan.test',
  type: 'A',
  rcode: 'NOERROR',
  answered_by: 'local_override',
  latency_ms: 0,
  size: 53,
  why: {
    rule: 'host_override',
    id: 3,
    text: 'host override printer.lan.test → 192.0.2.44',
    link: '/dns/proxy#host-overrides',
  },
  ...over,
});

const refused = record(2, {
  client: '10.0.0.9',
  name: '',
  type: 'TYPE0',
  rcode: 'REFUSED',
  answered_by: 'refused',
  why: {
    rule: 'access_rule',
    id: 9,
    text: 'access rule 10.0.0.8/31 refuse (lab)',
    link: '/dns/proxy#access-lists',
  },
});

const top: DnsQueryTop = {
  from: 0,
  to: null,
  total: 2,
  names: [{ name: 'printer.lan.test', count: 1 }],
  clients: [
    { client: '10.0.0.8', count: 1 },
    { client: '10.0.0.9', count: 1 },
  ],
  malformed: 0,
  dropped: 0,
};

class FakeSource implements EventSourceLike {
  readyState = 1;
  closed = false;
  private readonly listeners = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string> | Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(records: DnsQueryRecord[]) {
    for (const l of this.listeners.get('message') ?? [])
      l(new MessageEvent('message', { data: JSON.stringify({ queries: records }) }));
  }
  emitData(data: string) {
    for (const l of this.listeners.get('message') ?? []) l(new MessageEvent('message', { data }));
  }
  close() {
    this.closed = true;
  }
}

function setup(entry = '/dns/queries') {
  const gets: string[] = [];
  let rows = [refused, record(1)];
  const api = {
    get: async (url: string) => {
      gets.push(url);
      const data = url.startsWith('/api/dns/queries/top')
        ? top
        : { data: rows, total: rows.length, page: 1, per_page: 50 };
      return { status: 200, data, headers: new Headers() } as ApiResponse<never>;
    },
  } as unknown as ApiClient;
  const sources: FakeSource[] = [];
  const eventSource = (url: string) => {
    const s = new FakeSource(url);
    sources.push(s);
    return s;
  };
  const view = renderPage(<QueriesPage />, {
    api,
    path: '/dns/queries',
    entry,
    context: { eventSource },
    sagas: [dnsQueryStreamSaga],
  });
  return { ...view, gets, sources, setRows: (r: DnsQueryRecord[]) => (rows = r) };
}

const listGets = (gets: string[]) => gets.filter((u) => u.startsWith('/api/dns/queries?'));

test('lists the queries with who answered and the rule behind each answer, linked', async () => {
  const { container } = setup();
  const table = await screen.findByRole('table', { name: 'DNS queries' });
  const rows = await within(table).findAllByRole('row');
  expect(rows).toHaveLength(3);
  expect(within(rows[1]).getByText('Refused')).toBeInTheDocument();
  expect(within(rows[1]).getByRole('link', { name: 'access rule 10.0.0.8/31 refuse (lab)' })).toHaveAttribute(
    'href',
    '/dns/proxy#access-lists',
  );
  expect(within(rows[2]).getByText('printer.lan.test')).toBeInTheDocument();
  expect(within(rows[2]).getByText('Local override')).toBeInTheDocument();
  expect(within(rows[2]).getByRole('link', { name: /host override printer\.lan\.test/ })).toHaveAttribute(
    'href',
    '/dns/proxy#host-overrides',
  );
  const names = screen.getByRole('region', { name: 'Top names' });
  expect(within(names).getByRole('button', { name: 'printer.lan.test' })).toBeInTheDocument();
  expect(await screen.findByText('2 queries in this range')).toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);
});

test('filters on the appliance: who answered, and a top client picked from the list', async () => {
  const user = userEvent.setup();
  const { gets } = setup();
  await screen.findByRole('table', { name: 'DNS queries' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Answered by' }), 'Refused');
  await waitFor(() => expect(listGets(gets).at(-1)).toContain('answered_by=refused'));
  const clients = screen.getByRole('region', { name: 'Top clients' });
  await user.click(within(clients).getByRole('button', { name: '10.0.0.9' }));
  await waitFor(() =>
    expect(listGets(gets).at(-1)).toMatch(
      /answered_by=refused.*client=10\.0\.0\.9|client=10\.0\.0\.9.*answered_by=refused/,
    ),
  );
  expect(screen.getByRole('textbox', { name: 'Client' })).toHaveValue('10.0.0.9');
  const names = screen.getByRole('region', { name: 'Top names' });
  await user.click(within(names).getByRole('button', { name: 'printer.lan.test' }));
  await waitFor(() => expect(listGets(gets).at(-1)).toContain('q=printer.lan.test'));
  expect(screen.getByRole('searchbox', { name: 'Name contains' })).toHaveValue('printer.lan.test');
});

test('live tail: new records re-read the page; paused, they are counted and shown on demand', async () => {
  const user = userEvent.setup();
  const { gets, sources, setRows } = setup('/dns/queries?type=A');
  await screen.findByRole('table', { name: 'DNS queries' });
  expect(sources).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Live', pressed: false }));
  expect(sources).toHaveLength(1);
  expect(sources[0].url).toBe('/eos/dns/queries/stream?type=A');
  const before = listGets(gets).length;
  setRows([record(3, { name: 'new.example' }), refused, record(1)]);
  act(() => sources[0].emit([record(3, { name: 'new.example' })]));
  expect(await screen.findByText('new.example', {}, { timeout: 3000 })).toBeInTheDocument();
  expect(listGets(gets).length).toBe(before + 1);

  await user.click(screen.getByRole('button', { name: 'Pause', pressed: false }));
  act(() => sources[0].emit([record(4), record(5)]));
  act(() => sources[0].emit([record(6)]));
  const pill = screen.getByRole('button', { name: '3 new' });
  await new Promise((r) => setTimeout(r, 1200));
  expect(listGets(gets).length).toBe(before + 1);
  await user.click(pill);
  await waitFor(() => expect(listGets(gets).length).toBe(before + 2));
  expect(screen.queryByRole('button', { name: /new$/ })).toBeNull();
  expect(screen.getByRole('button', { name: 'Pause', pressed: false })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Live', pressed: true }));
  expect(sources[0].closed).toBe(true);
});

test('live tail: a stream event that does not fit the contract is dropped and reported, the page carries on', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const user = userEvent.setup();
  const { gets, sources, setRows } = setup();
  await screen.findByRole('table', { name: 'DNS queries' });
  await user.click(screen.getByRole('button', { name: 'Live', pressed: false }));
  await user.click(screen.getByRole('button', { name: 'Pause', pressed: false }));
  act(() => sources[0].emitData(JSON.stringify({ queries: [{ id: 'seven' }] })));
  act(() => sources[0].emitData('not json'));
  expect(screen.queryByRole('button', { name: /new$/ })).toBeNull();
  // Reported once for the stream (other parts of a busy page may warn too: only the stream's reports count here).
  const reports = warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('dns/queries/stream'));
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatch(/dns\/queries\/stream: a "message" event did not fit/);
  act(() => sources[0].emit([record(4, { name: 'fits.example' })]));
  const before = listGets(gets).length;
  setRows([record(4, { name: 'fits.example' }), refused, record(1)]);
  await user.click(screen.getByRole('button', { name: '1 new' }));
  expect(await screen.findByText('fits.example')).toBeInTheDocument();
  expect(listGets(gets).length).toBe(before + 1);
  warn.mockRestore();
});
