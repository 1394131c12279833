/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { acmeOrderStreamSaga } from '../../../../sagas/acmeOrderStream.saga';
import type { EventSourceLike } from '../../../../sagas/logStream.saga';
import { OrderDetailPage } from '../../../../src/app/pages/system/acme/OrderDetailPage';
import { OrderListPage } from '../../../../src/app/pages/system/acme/OrderListPage';
import type { AcmeOrder } from '../../../../src/shared/contracts/pki';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { FIRST_PAGE, inDays, paged, webCertificate } from '../../../../stories/screens/system/fixtures';
import { renderPki } from './renderPki';

class FakeEventSource implements EventSourceLike {
  readyState = 1;
  closed = false;
  private listeners = new Map<string, Array<(e: Event | MessageEvent<string>) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: Event | MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    const event = { type, data: JSON.stringify(data) } as MessageEvent<string>;
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
}

const order: AcmeOrder = {
  id: '7c6b5a49-3827-4165-9e8d-7c6b5a493827',
  account_id: 'acc',
  account_name: 'Pebble',
  names: ['shop.example.test'],
  key_type: 'ec-p256',
  status: 'pending',
  detail: 'waiting for the HTTP-01 challenge',
  certificate_id: null,
  not_after: null,
  renew_at: null,
  auto_renew: true,
  renew_before_days: 30,
  renews_order_id: null,
  renewed_by_order_id: null,
  created_at: inDays(0),
  updated_at: inDays(0),
};
const orders = { data: [order] };

describe('orders list', () => {
  const done: AcmeOrder = {
    ...order,
    id: '8d7c6b5a-4938-4271-8e9d-8d7c6b5a4938',
    names: ['www.example.test', 'example.test'],
    status: 'valid',
    detail: null,
  };
  const firstPage = paged([order, done]);
  function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
    const { api, calls } = fakeApi({
      'GET /api/pki/acme/accounts': () => ({ data: [] }),
      [`GET /api/${FIRST_PAGE.orders}`]: () => ({ ...firstPage }),
      ...routes,
    });
    const view = renderPki(<OrderListPage />, {
      api,
      route: '/system/acme-orders',
      path: '/system/acme-orders',
      state: resourcesState({ [FIRST_PAGE.orders]: firstPage, 'pki/acme/accounts': { data: [] } }),
    });
    return { ...view, calls };
  }
  const table = () => screen.getByRole('table', { name: 'ACME orders' });

  test('shows each order with its state and detail, the total, and links its names; no axe findings', async () => {
    const { container } = setup();
    expect(within(table()).getByText('waiting for the HTTP-01 challenge')).toBeInTheDocument();
    expect(within(table()).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('2 orders')).toHaveAttribute('role', 'status');
    expect(within(table()).getByRole('link', { name: 'www.example.test, example.test' })).toHaveAttribute(
      'href',
      `/system/acme-orders/${done.id}`,
    );
    expect((await axe(container)).violations).toEqual([]);
  });

  test('the status filter asks the appliance for the matching page', async () => {
    const user = userEvent.setup();
    const valid = '/api/pki/acme/orders?page=1&per_page=50&sort=-created_at&status=valid';
    const { calls, router } = setup({ [`GET ${valid}`]: () => paged([done]) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'valid');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(valid));
    expect(router.state.location.search).toBe('?status=valid');
    await waitFor(() => expect(within(table()).queryByText('Pending')).toBeNull());
  });

  test('deletes the selected orders in one request and names the one still in progress', async () => {
    const user = userEvent.setup();
    const { calls, store } = setup({
      'POST /api/pki/acme/orders/bulk': () => ({
        done: [done.id],
        refused: [{ id: order.id, name: 'shop.example.test', reason: 'this order is still in progress' }],
      }),
    });
    await user.click(screen.getByRole('checkbox', { name: /Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 orders' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete 2 orders' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/pki/acme/orders/bulk', { action: 'delete', ids: [order.id, done.id] }],
    ]);
    await waitFor(() =>
      expect(store.getState().notifications.toasts).toEqual([
        expect.objectContaining({
          message: '1 order deleted; 1 kept: shop.example.test (this order is still in progress).',
        }),
      ]),
    );
  });
});

test('a running order follows the stream until it is valid, then links its certificate', async () => {
  const valid = { ...order, status: 'valid', detail: null, certificate_id: webCertificate.id };
  const { api, calls } = fakeApi({
    [`GET /api/pki/acme/orders/${order.id}`]: () => valid,
    'GET /api/pki/acme/orders': () => ({ data: [valid] }),
    'GET /api/pki/certificates': () => ({ data: [webCertificate] }),
  });
  const sources: FakeEventSource[] = [];
  renderPki(<OrderDetailPage />, {
    api,
    route: '/system/acme-orders/:id',
    path: `/system/acme-orders/${order.id}`,
    state: resourcesState({ 'pki/acme/orders': orders, [`pki/acme/orders/${order.id}`]: order }),
    context: { eventSource: (url: string) => (sources.push(new FakeEventSource(url)), sources.at(-1)!) },
    sagas: [acmeOrderStreamSaga],
  });
  await waitFor(() => expect(sources).toHaveLength(1));
  expect(sources[0].url).toBe(`/eos/pki/acme/orders/${order.id}/stream`);
  act(() =>
    sources[0].emit('state', {
      id: order.id,
      status: 'processing',
      detail: 'finalising the order',
      certificate_id: null,
      updated_at: inDays(0),
    }),
  );
  expect(await screen.findByRole('status')).toHaveTextContent('Processing: finalising the order');
  // A state the contract does not describe is dropped (reported once), never shown.
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  act(() => sources[0].emit('state', { id: order.id, status: 'exploded', detail: 'nonsense' }));
  expect(screen.getByRole('status')).toHaveTextContent('Processing: finalising the order');
  expect(String(warn.mock.calls[0]?.[0])).toMatch(
    /pki\/acme\/orders\/:id\/stream: a "state" event did not fit its contract and was dropped/,
  );
  warn.mockRestore();
  act(() => sources[0].emit('end', { id: order.id, status: 'valid' }));
  expect(await screen.findByRole('link', { name: 'Open the certificate' })).toHaveAttribute(
    'href',
    `/system/certificates/${webCertificate.id}`,
  );
  expect(calls.some((c) => c.url === `/api/pki/acme/orders/${order.id}`)).toBe(true);
  await waitFor(() => expect(sources[0].closed).toBe(true));
});

test('registers an ACME account only once the terms are agreed', async () => {
  const user = userEvent.setup();
  const { api, calls } = fakeApi({
    'GET /api/pki/acme/accounts': () => ({ data: [] }),
    'POST /api/pki/acme/accounts': () => ({ id: 'a1' }),
  });
  renderPki(<OrderListPage />, {
    api,
    route: '/system/acme-orders',
    path: '/system/acme-orders',
    state: resourcesState({ 'pki/acme/orders': orders, 'pki/acme/accounts': { data: [] } }),
  });
  await user.click(screen.getByRole('button', { name: 'Register account' }));
  const dialog = screen.getByRole('dialog', { name: 'Register ACME account' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Pebble');
  await user.type(
    within(dialog).getByRole('textbox', { name: /Directory address/ }),
    'https://pebble.test/dir',
  );
  await user.type(within(dialog).getByRole('textbox', { name: /Contact e-mail/ }), 'ops@example.test');
  await user.click(within(dialog).getByRole('button', { name: 'Register' }));
  expect(await within(dialog).findByText("Agree to the ACME server's terms of service.")).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  await user.click(within(dialog).getByRole('checkbox', { name: /I agree/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Register' }));
  await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    name: 'Pebble',
    directory_url: 'https://pebble.test/dir',
    email: 'ops@example.test',
    terms_of_service_agreed: true,
  });
});
