/**
 * Job windows (spec §4): "Open in a window" on the progress overlay opens a floating window that follows the job
 * on its own event stream (the job stream of the progress overlay, one connection per window, counted among the
 * 4 event-stream windows). Once the window is open the blocking overlay closes, so the admin keeps working; the
 * overlay's own follower still announces the outcome. The stream closes with the window.
 */
import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, delay, fork, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { eventSourceFactory, type EventSourceFactory } from '../src/api/eventSource';
import {
  JOB_TITLES,
  JOB_WINDOW,
  jobWindowId,
  jobWindowOpenRequested,
  jobWindowRemoved,
  jobWindowRequested,
  jobWindowStopped,
  jobWindowUpdated,
} from '../src/store/slices/jobWindows.slice';
import { progressClosed } from '../src/store/slices/progress.slice';
import type { RootState } from '../src/store/createStore';
import { openWindow, windowsEventSent, windowsStateChanged } from '../src/store/slices/windows.slice';
import { jobChannel, jobStreamUrl } from './progress.saga';

/** How long the windows machine's answer to an open request is awaited (a state change normally follows at once). */
const WINDOW_ANSWER_MS = 500;

type StreamMessage = Awaited<ReturnType<typeof jobChannel>> extends EventChannel<infer M> ? M : never;

export function* followJobWindow(id: string, jobId: string) {
  const factory: EventSourceFactory = yield call(eventSourceFactory);
  const channel: EventChannel<StreamMessage> = yield call(jobChannel, factory, jobStreamUrl(jobId));
  try {
    for (;;) {
      const msg: StreamMessage = yield take(channel);
      if (msg.type === 'end') {
        yield put(jobWindowStopped({ id }));
        return;
      }
      yield put(jobWindowUpdated({ id, view: msg.view }));
    }
  } finally {
    channel.close();
  }
}

export function* openJobWindow(action: ReturnType<typeof jobWindowOpenRequested>) {
  const { jobId, dataType } = action.payload;
  const id = jobWindowId(jobId);
  yield put(
    openWindow({
      id,
      componentName: JOB_WINDOW,
      title: `Job: ${JOB_TITLES[dataType]}`,
      data: { jobId },
      usesEventsStream: true,
      aspect: 'floating',
    }),
  );
  // The windows saga sends this event to its actor; the answer (a state change) comes right after. The machine
  // may refuse the window (4 event-stream windows at most): then the overlay stays.
  yield race({ changed: take(windowsStateChanged.type), timeout: delay(WINDOW_ANSWER_MS) });
  const opened: boolean = yield select((s: RootState) => s.windows.context.windows.some((w) => w.id === id));
  const following: string | null = yield select((s: RootState) => s.progress.jobId);
  if (opened && following === jobId) yield put(progressClosed({ toWindow: true }));
}

export function* jobWindowsSaga() {
  const running = new Map<string, Task>();
  // takeEvery: each request is one window; the windows saga handles the open event before the check above.
  yield takeEvery(jobWindowOpenRequested.type, openJobWindow);
  // takeEvery: each window has its own stream; a repeated request for a running window is ignored.
  yield takeEvery(jobWindowRequested.type, function* (action: ReturnType<typeof jobWindowRequested>) {
    const { id, jobId } = action.payload;
    if (running.has(id)) return;
    running.set(id, yield fork(followJobWindow, id, jobId));
  });
  // takeEvery: closing a window ends its stream and forgets its progress.
  yield takeEvery(windowsEventSent.type, function* (action: ReturnType<typeof windowsEventSent>) {
    const event = action.payload;
    if (event.type !== 'window.close' || !event.id.startsWith('job-')) return;
    const task = running.get(event.id);
    if (task) yield cancel(task);
    running.delete(event.id);
    yield put(jobWindowRemoved({ id: event.id }));
  });
}
