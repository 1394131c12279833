/**
 * The live parts of the network overview and the home dashboard (browser only, started with their page chunks):
 * the overview's throughput stream (`network.throughputStream`, `GET /eos/network/stream`, server-sent `sample` events) while the page is open,
 * and the dashboard's status refreshed every `STATUS_REFRESH_MS` while home is open.
 */
import { buffers, type EventChannel } from 'redux-saga';
import { call, delay, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { eventSourceFactory, streamChannel, type EventSourceFactory } from '../src/api/eventSource';
import { throughputStream } from '../src/shared/contracts/network';
import { streamUrlOf } from '../src/shared/contracts/stream';
import type { RootState } from '../src/store/createStore';
import {
  homeClosed,
  homeOpened,
  liveClosed,
  liveFailed,
  liveOpened,
  liveSampleReceived,
  type LiveSample,
} from '../src/store/slices/network.slice';
import { loadDashboard, loadStatus } from './network.saga';

export const NETWORK_STREAM_URL = streamUrlOf(throughputStream);
/** How often the home dashboard re-reads the machine status. */
export const STATUS_REFRESH_MS = 5000;
/** The dashboard's summary is re-read every this many status refreshes. */
export const DASHBOARD_EVERY = 6;

type LiveEvent = { type: 'sample'; sample: LiveSample } | { type: 'end' } | { type: 'failed' };

/** The throughput stream as a channel: `streamChannel` checks each sample against `network.throughputStream`. */
export function networkEventChannel(factory: EventSourceFactory, url: string): EventChannel<LiveEvent> {
  return streamChannel<typeof throughputStream, LiveEvent>(factory, throughputStream, url, {
    events: {
      sample: (sample) => ({ type: 'sample', sample }),
      end: () => ({ type: 'end' }),
    },
    refused: () => ({ type: 'failed' }),
    // Samples replace each other: only the newest few matter if the reducer falls behind.
    buffer: buffers.sliding<LiveEvent>(4),
  });
}

export function* runNetworkStream() {
  const factory: EventSourceFactory = yield call(eventSourceFactory);
  const channel: EventChannel<LiveEvent> = yield call(networkEventChannel, factory, NETWORK_STREAM_URL);
  try {
    for (;;) {
      const event: LiveEvent = yield take(channel);
      if (event.type === 'sample') yield put(liveSampleReceived(event.sample));
      else if (event.type === 'failed') {
        yield put(liveFailed());
        return;
      } else {
        yield put(liveClosed());
        return;
      }
    }
  } finally {
    channel.close();
  }
}

export function* refreshStatus() {
  // A page rendered by the server already holds a fresh status: the first refresh waits one period.
  const loaded: boolean = yield select((s: RootState) => s.network.status.status === 'loaded');
  const summaryLoaded: boolean = yield select((s: RootState) => s.network.dashboard.status === 'loaded');
  if (loaded) yield delay(STATUS_REFRESH_MS);
  for (let round = 0; ; round += 1) {
    yield call(loadStatus);
    // The summary (updates, certificates, sign-ins) changes slowly: re-read it every sixth round (30 s).
    if (round % DASHBOARD_EVERY === DASHBOARD_EVERY - 1 || (round === 0 && !summaryLoaded))
      yield call(loadDashboard);
    yield delay(STATUS_REFRESH_MS);
  }
}

export function* networkLiveSaga() {
  // takeLatest: opening the overview again replaces the running stream; leaving it closes the stream.
  yield takeLatest(liveOpened.type, function* session() {
    yield race({ run: call(runNetworkStream), closed: take(liveClosed.type) });
  });
}

export function* homeLiveSaga() {
  // takeLatest: opening home again restarts the refresh; leaving it stops.
  yield takeLatest(homeOpened.type, function* session() {
    yield race({ run: call(refreshStatus), closed: take(homeClosed.type) });
  });
}
