/**
 * The live state of one ACME order while its detail page is open (`pki.acmeOrderStream`, `GET /eos/pki/acme/orders/{id}/stream`): each
 * `state` event updates the order's resource in place; `end` (valid or invalid) reloads the order and the
 * certificates (a valid order has stored one). Leaving the page closes the stream.
 */
import type { EventChannel } from 'redux-saga';
import { call, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { eventSourceFactory, streamChannel, type EventSourceFactory } from '../src/api/eventSource';
import * as pki from '../src/shared/contracts/pki';
import type { AcmeOrderState } from '../src/shared/contracts/pki';
import { streamUrlOf } from '../src/shared/contracts/stream';
import type { RootState } from '../src/store/createStore';
import { acmeOrderUnwatched, acmeOrderWatched } from '../src/store/slices/acmeOrders.actions';
import { resourceLoaded, resourceLoadRequested, selectResource } from '../src/store/slices/resources.slice';
import { loadResource } from './resources.saga';

export const acmeOrderStreamUrl = (id: string) => streamUrlOf(pki.acmeOrderStream, { id });
const orderKey = (id: string) => `pki/acme/orders/${id}`;

type OrderEvent = { type: 'state'; state: AcmeOrderState } | { type: 'end' };

/** The order's stream as a channel: `streamChannel` checks each event against `pki.acmeOrderStream`. */
export function orderEventChannel(factory: EventSourceFactory, url: string): EventChannel<OrderEvent> {
  return streamChannel<typeof pki.acmeOrderStream, OrderEvent>(factory, pki.acmeOrderStream, url, {
    events: {
      state: (state) => ({ type: 'state', state }),
      end: () => ({ type: 'end' }),
    },
    // A refused stream (the order is gone, or the session ended) ends the follow like its end event.
    refused: () => ({ type: 'end' }),
  });
}

function* followOrder(id: string) {
  const factory: EventSourceFactory = yield call(eventSourceFactory);
  const channel: EventChannel<OrderEvent> = yield call(orderEventChannel, factory, acmeOrderStreamUrl(id));
  try {
    for (;;) {
      const event: OrderEvent = yield take(channel);
      if (event.type === 'end') {
        for (const key of [orderKey(id), 'pki/acme/orders', 'pki/certificates'])
          yield call(loadResource, resourceLoadRequested({ key }));
        return;
      }
      const entry: ReturnType<ReturnType<typeof selectResource>> = yield select((s: RootState) =>
        selectResource(orderKey(id))(s),
      );
      // The stream carries the changing fields only; the rest of the order stays as loaded.
      if (entry.data && typeof entry.data === 'object')
        yield put(resourceLoaded({ key: orderKey(id), data: { ...entry.data, ...event.state } }));
    }
  } finally {
    channel.close();
  }
}

export function* acmeOrderStreamSaga() {
  // takeEvery: one stream per watched order; each ends with its order or when its page is left.
  yield takeEvery(acmeOrderWatched.type, function* watch(action: ReturnType<typeof acmeOrderWatched>) {
    const { id } = action.payload;
    yield race({
      run: call(followOrder, id),
      left: take(
        (a: { type: string; payload?: { id?: string } }) =>
          a.type === acmeOrderUnwatched.type && a.payload?.id === id,
      ),
    });
  });
}
