/**
 * Streams of the log-tail windows: one server-sent-event stream per window (the log report's channel and
 * address), opened when the window first shows and closed when the window closes — not when it is iconised or
 * moved, and not when the user navigates away from the log report. Browser only; starts with the logs chunk.
 */
import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, fork, put, take, takeEvery } from 'redux-saga/effects';
import {
  logTailReceived,
  logTailRemoved,
  logTailRequested,
  logTailStopped,
} from '../src/store/slices/logTail.slice';
import { windowsEventSent } from '../src/store/slices/windows.slice';
import { eventSourceFactory, type EventSourceFactory } from '../src/api/eventSource';
import { logEventChannel, type StreamEvent } from './logStream.saga';

export function* runLogTail(id: string, url: string) {
  const factory: EventSourceFactory = yield call(eventSourceFactory);
  const channel: EventChannel<StreamEvent> = yield call(logEventChannel, factory, url);
  try {
    for (;;) {
      const event: StreamEvent = yield take(channel);
      if (event.type === 'logs') yield put(logTailReceived({ id, logs: event.logs }));
      else {
        yield put(logTailStopped({ id, failed: event.type === 'failed' }));
        return;
      }
    }
  } finally {
    channel.close();
  }
}

export function* logTailSaga() {
  const running = new Map<string, { task: Task; url: string }>();
  // takeEvery: each window has its own stream; a repeated request for a running window is ignored, and a request
  // with other filters (a window following the log report's) replaces its stream.
  yield takeEvery(logTailRequested.type, function* (action: ReturnType<typeof logTailRequested>) {
    const { id, url } = action.payload;
    const current = running.get(id);
    if (current?.url === url) return;
    if (current) yield cancel(current.task);
    running.set(id, { url, task: yield fork(runLogTail, id, url) });
  });
  // takeEvery: closing a window ends its stream and forgets its entries.
  yield takeEvery(windowsEventSent.type, function* (action: ReturnType<typeof windowsEventSent>) {
    const event = action.payload;
    if (event.type !== 'window.close') return;
    const task = running.get(event.id)?.task;
    if (!task) return;
    running.delete(event.id);
    yield cancel(task);
    yield put(logTailRemoved({ id: event.id }));
  });
}
