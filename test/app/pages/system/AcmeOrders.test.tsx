/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { acmeOrderStreamSaga } from '../../../../sagas/acmeOrderStream.saga';
import type { EventSourceLike } from '../../../../sagas/logStream.saga';
import { OrderDetailPage } from '../../../../src/app/pages/system/acme/OrderDetailPage';
import { OrderListPage } from '../../../../src/app/pages/system/acme/OrderListPage';
import type { AcmeOrder } from '../../../../src/app/pages/system/types';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { inDays, webCertificate } from '../../../../stories/screens/system/fixtures';
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

test('the orders list shows each order with its state and detail; no axe findings', async () => {
  const { api } = fakeApi({ 'GET /api/pki/acme/accounts': () => ({ data: [] }) });
  const { container } = renderPki(<OrderListPage />, {
    api,
    route: '/system/acme-orders',
    path: '/system/acme-orders',
    state: resourcesState({ 'pki/acme/orders': orders, 'pki/acme/accounts': { data: [] } }),
  });
  const table = screen.getByRole('table', { name: 'ACME orders' });
  expect(within(table).getByText('waiting for the HTTP-01 challenge')).toBeInTheDocument();
  expect(within(table).getByText('Pending')).toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);
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
