/**
 * The live parts of the network overview and the home dashboard (browser only, started with their page chunks):
 * the overview's throughput stream (`GET /eos/network/stream`, server-sent `sample` events) while the page is open,
 * and the dashboard's status refreshed every `STATUS_REFRESH_MS` while home is open.
 */
import { eventChannel, buffers, type EventChannel } from 'redux-saga';
import { call, delay, getContext, put, race, select, take, takeLatest } from 'redux-saga/effects';
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
import { defaultEventSourceFactory, type EventSourceFactory } from './logStream.saga';
import { loadStatus } from './network.saga';

export const NETWORK_STREAM_URL = '/eos/network/stream';
/** How often the home dashboard re-reads the machine status. */
export const STATUS_REFRESH_MS = 5000;

const EVENT_SOURCE_CLOSED = 2;

type LiveEvent = { type: 'sample'; sample: LiveSample } | { type: 'end' } | { type: 'failed' };

export function parseSample(data: string): LiveSample | null {
  try {
    const v = JSON.parse(data) as LiveSample;
    return typeof v?.t === 'number' && Array.isArray(v.interfaces) ? v : null;
  } catch {
    return null;
  }
}

export function networkEventChannel(factory: EventSourceFactory, url: string): EventChannel<LiveEvent> {
  return eventChannel<LiveEvent>((emit) => {
    const source = factory(url);
    source.addEventListener('sample', (event) => {
      const sample = parseSample(String((event as MessageEvent<string>).data));
      if (sample) emit({ type: 'sample', sample });
    });
    source.addEventListener('end', () => emit({ type: 'end' }));
    source.addEventListener('error', () => {
      // The browser reconnects by itself; only a refusal leaves the source closed.
      if (source.readyState === EVENT_SOURCE_CLOSED) emit({ type: 'failed' });
    });
    return () => source.close();
    // Samples replace each other: only the newest few matter if the reducer falls behind.
  }, buffers.sliding<LiveEvent>(4));
}

export function* runNetworkStream() {
  const factory: EventSourceFactory | undefined = yield getContext('eventSource');
  const channel: EventChannel<LiveEvent> = yield call(
    networkEventChannel,
    factory ?? defaultEventSourceFactory,
    NETWORK_STREAM_URL,
  );
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
  if (loaded) yield delay(STATUS_REFRESH_MS);
  for (;;) {
    yield call(loadStatus);
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
