/**
 * The live log report's stream (spec §4 log report, §7 `GET /eos/system/logs/stream`). Opening the view opens a
 * server-sent-event stream through an `eventChannel`; changing services or the range closes it, and the reducer
 * clears the list, before a new one opens; leaving the view or an `end` event stops it. While a stream runs, a
 * metric entry is taken every padding interval for the recent-events chart. Browser only.
 */
import { logStream } from '../src/shared/contracts/logs';
import { buffers, type EventChannel, type Task } from 'redux-saga';
import { call, cancel, delay, flush, fork, put, race, select, take, takeLatest } from 'redux-saga/effects';
import {
  eventSourceFactory,
  streamChannel,
  type EventSourceFactory,
  type EventSourceLike,
} from '../src/api/eventSource';
import {
  LOG_STREAM_RESTART_ACTIONS,
  logReportClosed,
  logReportOpened,
  logsReceived,
  logStreamUrl,
  metricTick,
  streamEnded,
  streamFailed,
  type LogReportState,
  type LogRow,
} from '../src/store/slices/logReport.slice';

export const METRIC_PADDING_MS = 1000; // §9 padding update delay 1000 ms
/**
 * Batches arriving within this window reach the store together: at 2,000 entries/s the table then re-renders a few
 * times a second instead of on every server batch, which keeps the page's tasks short.
 */
export const UI_BATCH_MS = 200;

export type { EventSourceFactory, EventSourceLike };

export type StreamEvent =
  { type: 'logs'; logs: LogRow[] } | { type: 'end' } | { type: 'failed'; message: string };

/**
 * One stream as a channel (the one EventSource adapter). Each event's data is checked against the stream's contract
 * (`logs.logStream`); a batch that does not fit is dropped and reported. The browser reconnects by itself (with
 * `Last-Event-ID`) after a dropped connection or the server's `reconnect`; only a refusal is reported as a failure.
 */
export function logEventChannel(factory: EventSourceFactory, url: string): EventChannel<StreamEvent> {
  return streamChannel<typeof logStream, StreamEvent>(factory, logStream, url, {
    events: {
      message: (data) => ({ type: 'logs', logs: data.logs }),
      end: () => ({ type: 'end' }),
    },
    refused: () => ({ type: 'failed', message: 'The log stream could not be opened.' }),
    // Batches queue while the reducer runs; the server batches, so this queue stays short.
    buffer: buffers.expanding<StreamEvent>(64),
  });
}

export function* metricTicker() {
  for (;;) {
    yield delay(METRIC_PADDING_MS);
    yield put(metricTick({ time: Date.now() }));
  }
}

/** Runs one stream until it ends or fails; the channel is closed in `finally`, also when cancelled. */
export function* runLogStream() {
  const report: LogReportState = yield select((s: { logReport: LogReportState }) => s.logReport);
  const factory: EventSourceFactory = yield call(eventSourceFactory);
  const channel: EventChannel<StreamEvent> = yield call(
    logEventChannel,
    factory,
    logStreamUrl(report, Date.now()),
  );
  const ticker: Task = yield fork(metricTicker);
  let fetched = false;
  try {
    for (;;) {
      const first: StreamEvent = yield take(channel);
      // A first batch (the history) shows at once; later ones gather for UI_BATCH_MS.
      if (first.type === 'logs' && !fetched) fetched = true;
      else if (first.type === 'logs') yield delay(UI_BATCH_MS);
      const rest: StreamEvent[] = first.type === 'logs' ? yield flush(channel) : [];
      const events = [first, ...rest];
      const logs = events.flatMap((e) => (e.type === 'logs' ? e.logs : []));
      if (logs.length || first.type === 'logs') yield put(logsReceived(logs));
      const last = events.find((e) => e.type !== 'logs');
      if (last?.type === 'end') {
        yield put(streamEnded());
        return;
      }
      if (last?.type === 'failed') {
        yield put(streamFailed(last.message));
        return;
      }
    }
  } finally {
    channel.close();
    yield cancel(ticker);
  }
}

/** While the view is open: a stream, restarted on every filter change; after `end` it waits for one. */
export function* logReportSession() {
  for (;;) {
    // race: a filter change cancels the running stream (closing its channel) before the next one opens.
    const { restart } = yield race({ done: call(runLogStream), restart: take(LOG_STREAM_RESTART_ACTIONS) });
    if (!restart) yield take(LOG_STREAM_RESTART_ACTIONS);
  }
}

export function* logStreamSaga() {
  // takeLatest: opening the view again replaces the running session; leaving it cancels the session.
  yield takeLatest(logReportOpened.type, function* session() {
    yield race({ run: call(logReportSession), closed: take(logReportClosed.type) });
  });
}
