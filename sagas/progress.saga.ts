/**
 * The progress overlay's feed (spec §2 progress overlay): at start it reattaches to an active appliance job
 * (`GET {api}jobs?active=1`, so a reload keeps showing it), and attaches whenever a feature dispatches
 * `progressJobStarted({ id })`. Progress arrives on the job's server-sent event stream (`apply.jobStream`, `/eos/jobs/{id}/stream`).
 */
import type { EventChannel } from 'redux-saga';
import { call, delay, getContext, put, select, take, takeLatest } from 'redux-saga/effects';
import type { ApiClient, ApiResponse } from '../src/api/client';
import {
  eventSourceFactory,
  streamChannel,
  type EventSourceFactory,
  type EventSourceLike,
} from '../src/api/eventSource';
import type { jobStream } from '../src/shared/contracts/apply';
import type { ResponseOf } from '../src/shared/contracts/endpoint';
import { jobStream as jobStreamRoute, listJobs } from '../src/shared/contracts/coreShell';
import { streamUrlOf } from '../src/shared/contracts/stream';
import { logger } from '../src/lib/logger';
import { SUCCESS_DURATION_MS } from '../src/notifications/constants';
import {
  parseProgressView,
  progressClosed,
  progressJobStarted,
  progressUpdated,
  type ProgressView,
} from '../src/store/slices/progress.slice';
import type { RootState } from '../src/store/createStore';
import { notificationRequested } from '../src/store/slices/notifications.slice';

export type { EventSourceLike };
/** A finished job stays on screen this long so the user sees 100 %. */
export const PROGRESS_DONE_LINGER_MS = 1000;

export const jobStreamUrl = (id: string) => streamUrlOf(jobStreamRoute, { id });

/**
 * The job stream's contract (its events' schemas, which every event is checked against), loaded with the first job
 * followed: the core layout's chunk, which every signed-in page loads, carries no TypeBox (README "Budgets").
 */
const loadJobStream = () =>
  import(/* webpackChunkName: "job-stream" */ '../src/shared/contracts/apply').then((m) => m.jobStream);

type StreamMessage = { type: 'progress'; view: ProgressView } | { type: 'end' };

/**
 * A job's progress stream (`apply.jobStream`) as a channel; each event is checked against the contract by
 * `streamChannel` (one that does not fit is dropped and reported once); a refused stream just ends.
 */
export async function jobChannel(
  factory: EventSourceFactory,
  url: string,
): Promise<EventChannel<StreamMessage>> {
  return streamChannel<typeof jobStream, StreamMessage>(factory, await loadJobStream(), url, {
    events: {
      progress: (data) => {
        const view = parseProgressView(data);
        return view ? { type: 'progress', view } : null;
      },
      end: () => ({ type: 'end' }),
    },
    refused: () => ({ type: 'end' }),
  });
}

const messages = {
  config: { done: 'Configuration applied.', failed: 'Applying the configuration failed.' },
  upgrade: { done: 'Update applied.', failed: 'Applying the update failed.' },
};

export function* followJob(action: ReturnType<typeof progressJobStarted>) {
  const factory: EventSourceFactory = yield call(eventSourceFactory);
  const channel: EventChannel<StreamMessage> = yield call(
    jobChannel,
    factory,
    jobStreamUrl(action.payload.id),
  );
  try {
    for (;;) {
      const msg: StreamMessage = yield take(channel);
      if (msg.type === 'end') return;
      yield put(progressUpdated(msg.view));
      if (msg.view.status === 'done') {
        yield put(
          notificationRequested({
            kind: 'toast',
            level: 'success',
            message: messages[msg.view.dataType].done,
            duration: SUCCESS_DURATION_MS,
          }),
        );
        yield delay(PROGRESS_DONE_LINGER_MS);
        yield put(progressClosed());
        return;
      }
      // A failed job stays in the overlay with its reason until the user closes it.
      if (msg.view.status === 'failed') return;
    }
  } finally {
    // Ends, fails, or is replaced by a newer job (takeLatest cancels it): the stream closes either way.
    channel.close();
  }
}

/** Reattaches to a job that is still running (after a reload). */
export function* reattachActiveJob() {
  const state: RootState = yield select();
  // Jobs belong to signed-in admins; an anonymous page has nothing to reattach to.
  if (!state.config.apiBase || state.progress.jobId || !state.session.loggedIn) return;
  const api: ApiClient = yield getContext('api');
  try {
    const res: ApiResponse<ResponseOf<typeof listJobs>> = yield call(() =>
      api.call(listJobs, { query: { active: '1' } }, { apiBase: state.config.apiBase }),
    );
    const jobs = Array.isArray(res.data?.data) ? res.data.data : [];
    const view = jobs.map(parseProgressView).find((v) => v && v.status === 'running');
    if (!view) return;
    yield put(progressJobStarted({ id: view.id, dataType: view.dataType }));
    yield put(progressUpdated(view));
  } catch (e) {
    // Not being able to list jobs must not disturb the page: the overlay just does not show.
    logger.warn('listing active jobs failed', e);
  }
}

export function* progressSaga() {
  // takeLatest: a newly started job replaces the one being followed (one overlay at a time).
  yield takeLatest(progressJobStarted.type, followJob);
  yield call(reattachActiveJob);
}
