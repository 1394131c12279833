/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ProxyPage } from '../../../../src/app/pages/dns/ProxyPage';
import { ApiError } from '../../../../src/api/errors';
import { fakeApi } from '../../../sagas/fakes';
import { dnsPreview, dnsProxyFilled, dnsService, resourcesState } from '../../../../stories/pages/fixtures';
import { renderPage } from './renderPage';

const refused = (loc: string[], msg: string) =>
  new ApiError({
    kind: 'bad_request',
    status: 422,
    message: 'Request failed with status code 422',
    url: '/api/dns/proxy/upstreams',
    method: 'POST',
    data: { detail: [{ loc, msg, type: 'value_error.duplicate' }] },
  });

function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
  const { api, calls } = fakeApi({
    'GET /api/dns/proxy': () => dnsProxyFilled,
    'GET /api/dns/proxy/preview': () => dnsPreview,
    'GET /api/dns/proxy/service': () => dnsService,
    ...routes,
  });
  const view = renderPage(<ProxyPage />, {
    api,
    path: '/dns/proxy',
    state: resourcesState({
      'dns/proxy': dnsProxyFilled,
      'dns/proxy/preview': dnsPreview,
      'dns/proxy/service': dnsService,
    }),
  });
  return { ...view, calls };
}

test('shows the settings, the lists and the generated file from the store (prefetched data, no loading)', async () => {
  const { container } = setup();
  expect(screen.getByRole('heading', { name: /DNS proxy/, level: 1 })).toBeInTheDocument();
  expect(screen.getByText('Saved changes are not applied yet.')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Port' })).toHaveValue('53');
  const upstreams = screen.getByRole('region', { name: 'Upstream servers' });
  expect(within(upstreams).getByRole('rowheader', { name: '9.9.9.9' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: /Contents of .*unbound\.conf/ })).toHaveTextContent(
    'forward-addr: 9.9.9.9@853#dns.quad9.net',
  );
  expect(screen.queryByText(/Loading/)).not.toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);
});

test('adds an upstream server through the modal form and reloads the list and the preview', async () => {
  const user = userEvent.setup();
  const { calls } = setup({
    'POST /api/dns/proxy/upstreams': (body) => ({ id: 9, ...(body as object) }),
  });
  await user.click(screen.getByRole('button', { name: 'Add upstream server' }));
  const dialog = screen.getByRole('dialog', { name: 'Add upstream server' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '149.112.112.112');
  await user.click(within(dialog).getByRole('checkbox', { name: /Use DNS over TLS/ }));
  await user.clear(within(dialog).getByRole('textbox', { name: 'Port' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Port' }), '853');
  await user.type(within(dialog).getByRole('textbox', { name: 'Name to verify' }), 'dns.quad9.net');
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Add upstream server' })).not.toBeInTheDocument(),
  );
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    address: '149.112.112.112',
    port: 853,
    tls: true,
    tls_name: 'dns.quad9.net',
  });
  await waitFor(() =>
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(
      expect.arrayContaining(['GET /api/dns/proxy', 'GET /api/dns/proxy/preview']),
    ),
  );
});

test('an IPv6 upstream server is accepted by the form, as the appliance accepts it', async () => {
  const user = userEvent.setup();
  const { calls } = setup({
    'POST /api/dns/proxy/upstreams': (body) => ({ id: 9, ...(body as object) }),
  });
  await user.click(screen.getByRole('button', { name: 'Add upstream server' }));
  const dialog = screen.getByRole('dialog', { name: 'Add upstream server' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '2620:fe::fe');
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Add upstream server' })).not.toBeInTheDocument(),
  );
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ address: '2620:fe::fe', port: 53 });
});

test('ticking DNS over TLS proposes port 853, unticking goes back to 53; a port typed by hand stays', async () => {
  const user = userEvent.setup();
  setup();
  await user.click(screen.getByRole('button', { name: 'Add upstream server' }));
  const dialog = screen.getByRole('dialog', { name: 'Add upstream server' });
  const port = within(dialog).getByRole('textbox', { name: 'Port' });
  const dot = within(dialog).getByRole('checkbox', { name: /Use DNS over TLS/ });
  expect(port).toHaveValue('53');
  await user.click(dot);
  expect(port).toHaveValue('853');
  await user.click(dot);
  expect(port).toHaveValue('53');
  await user.clear(port);
  await user.click(dot);
  expect(port).toHaveValue('853');
  await user.click(dot);
  await user.clear(port);
  await user.type(port, '5353');
  await user.click(dot);
  expect(port).toHaveValue('5353');
  await user.click(dot);
  expect(port).toHaveValue('5353');
});

test('the form refuses what the §5 validators refuse, without calling the appliance', async () => {
  const user = userEvent.setup();
  const { calls } = setup();
  await user.click(screen.getByRole('button', { name: 'Add upstream server' }));
  const dialog = screen.getByRole('dialog', { name: 'Add upstream server' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '300.1.1.1');
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() =>
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true'),
  );
  expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
});

test.each([
  ['10.0.0.1/8', '10.0.0.0/8'],
  ['10.1.2.3/24', '10.1.2.0/24'],
])(
  'an access rule for %s (host bits) names the network meant, without calling the appliance',
  async (network, meant) => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Add access rule' }));
    const dialog = screen.getByRole('dialog', { name: 'Add access rule' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Network' }), network);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText(`${network} has host bits set; did you mean ${meant}?`),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  },
);

test("the appliance's field error shows under its field in the modal", async () => {
  const user = userEvent.setup();
  setup({
    'POST /api/dns/proxy/upstreams': () => {
      throw refused(['body', 'address'], 'this upstream server already exists');
    },
  });
  await user.click(screen.getByRole('button', { name: 'Add upstream server' }));
  const dialog = screen.getByRole('dialog', { name: 'Add upstream server' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '9.9.9.9');
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(await within(dialog).findByText(/already exists/)).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
});

test('deletes selected host overrides in bulk after confirmation', async () => {
  const user = userEvent.setup();
  const { calls } = setup({ 'POST /api/dns/proxy/host_overrides/delete': () => ({ deleted: 2 }) });
  const section = screen.getByRole('region', { name: 'Host overrides' });
  await user.click(within(section).getByRole('checkbox', { name: 'Select nas' }));
  await user.click(within(section).getByRole('checkbox', { name: 'Select *' }));
  await user.click(within(section).getByRole('button', { name: /Delete selected/ }));
  const confirm = await screen.findByRole('alertdialog');
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
  await waitFor(() =>
    expect(calls.find((c) => c.url === '/api/dns/proxy/host_overrides/delete')?.body).toEqual({
      ids: [3, 4],
    }),
  );
});

test('leaving with unsaved settings asks first', async () => {
  const user = userEvent.setup();
  const { router } = setup();
  const port = screen.getByRole('textbox', { name: 'Port' });
  await user.clear(port);
  await user.type(port, '5353');
  await act(async () => {
    void router.navigate('/elsewhere');
  });
  const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
  await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
  expect(router.state.location.pathname).toBe('/dns/proxy');
  await act(async () => {
    void router.navigate('/elsewhere');
  });
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
  expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
});

test('Apply starts the job and the progress overlay follows it', async () => {
  const user = userEvent.setup();
  const { store, calls } = setup({ 'POST /api/dns/proxy/apply': () => ({ id: 'job-7', status: 'running' }) });
  await user.click(screen.getByRole('button', { name: 'Apply configuration' }));
  await waitFor(() => expect(store.getState().progress.jobId).toBe('job-7'));
  expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/dns/proxy/apply' });
});

test('a link to one of the lists (the query log\'s "why") scrolls to that list', async () => {
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    const { api } = fakeApi({
      'GET /api/dns/proxy': () => dnsProxyFilled,
      'GET /api/dns/proxy/preview': () => dnsPreview,
      'GET /api/dns/proxy/service': () => dnsService,
    });
    renderPage(<ProxyPage />, {
      api,
      path: '/dns/proxy',
      entry: '/dns/proxy#host-overrides',
      state: resourcesState({
        'dns/proxy': dnsProxyFilled,
        'dns/proxy/preview': dnsPreview,
        'dns/proxy/service': dnsService,
      }),
    });
    await waitFor(() => expect(scrolled).toEqual([screen.getByRole('region', { name: 'Host overrides' })]));
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});

describe('the reason of a change (shown in History)', () => {
  test('the settings form sends its Reason with the save and empties it once saved', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ 'PUT /api/dns/proxy/settings': (body) => body });
    const settings = screen.getByRole('region', { name: 'General' });
    const port = within(settings).getByRole('textbox', { name: 'Port' });
    await user.clear(port);
    await user.type(port, '5353');
    await user.type(
      within(settings).getByRole('textbox', { name: 'Reason (optional)' }),
      'Clash with systemd-resolved',
    );
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.headers).toEqual({
      'x-change-reason': 'Clash with systemd-resolved',
    });
    await waitFor(() =>
      expect(within(settings).getByRole('textbox', { name: 'Reason (optional)' })).toHaveValue(''),
    );
  });

  test('adding an item and deleting one carry the Reason typed in their dialog', async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      'POST /api/dns/proxy/upstreams': (body) => ({ id: 9, ...(body as object) }),
      'DELETE /api/dns/proxy/upstreams/1': () => undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Add upstream server' }));
    const dialog = screen.getByRole('dialog', { name: 'Add upstream server' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '149.112.112.112');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Second resolver');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.headers).toEqual({ 'x-change-reason': 'Second resolver' });

    const upstreams = screen.getByRole('region', { name: 'Upstream servers' });
    await user.click(within(upstreams).getByRole('button', { name: 'Delete 9.9.9.9' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete upstream server?' });
    await user.type(
      within(confirm).getByRole('textbox', { name: 'Reason (optional)' }),
      'Quad9 retired here',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.headers).toEqual({
      'x-change-reason': 'Quad9 retired here',
    });
  });
});
