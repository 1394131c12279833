/**
 * The notification queue (spec §4 notifications): one notification machine per toast or banner drives its
 * appearance delay, fade and auto-removal; the saga mirrors each phase into the store, acknowledges a server
 * message the user dismissed (`POST {api}users/me/ack-messages`) and then removes it locally. The console's own
 * notices are never acknowledged to the server: their dismissal is remembered for the user in this browser
 * (src/notifications/dismissals.ts), and a notice the user dismissed before is not shown again.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, fork, getContext, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { createActor, type SnapshotFrom } from 'xstate';
import { inspect as qaInspect, type Inspect } from '../src/qa/inspect';
import { notificationMachine, phaseOf } from '../machines/notification.machine';
import type { ApiClient } from '../src/api/client';
import * as shell from '../src/shared/contracts/shell';
import { logger } from '../src/lib/logger';
import { hostActor, type ActorMessage } from '../src/notifications/actorChannel';
import { isNoticeDismissed, rememberNoticeDismissed } from '../src/notifications/dismissals';
import type { RootState } from '../src/store/createStore';
import {
  notificationDismissed,
  notificationPhaseChanged,
  notificationRemoved,
  notificationRequested,
  notificationsCleared,
  notificationsDismissedAll,
  type Notification,
} from '../src/store/slices/notifications.slice';

type NotificationActor = ReturnType<typeof createActor<typeof notificationMachine>>;

/** Whether messaging calls may be made (spec §7: none when the API address is missing or notifications are off). */
export const messagingEnabled = (s: RootState) => !!s.config.apiBase && s.config.notifications;

/** Acknowledges a server message; true when it was sent (or nothing needed sending). */
export function* acknowledgeMessage(n: Pick<Notification, 'id' | 'version_id' | 'notice'>) {
  const state: RootState = yield select();
  // Only server messages are acknowledged; a local notice has nothing on the server to acknowledge.
  if (!n.id || n.notice || !messagingEnabled(state)) return;
  const api: ApiClient = yield getContext('api');
  // The route, not the contract: this saga is in the login page's first script, which carries no TypeBox.
  // (A message without a version is refused by the appliance as before: the body's version is then empty.)
  const body = { message_id: n.id, version_id: n.version_id ?? '' };
  yield call(() => api.call(shell.ackMessage, { body }, { apiBase: state.config.apiBase }));
}

const findById = (s: RootState, localId: string) =>
  s.notifications.toasts.find((n) => n.localId === localId) ??
  s.notifications.banners.find((n) => n.localId === localId);

function isClosing(localId: string, kind: Notification['kind'], undismissable: boolean) {
  return (a: Action) =>
    !undismissable &&
    ((notificationDismissed.match(a) && a.payload.localId === localId) ||
      (notificationsDismissedAll.match(a) && (!a.payload?.kind || a.payload.kind === kind)));
}

const usernameOf = (s: RootState) => s.session.user?.username;
function isRemoved(localId: string, kind: Notification['kind']) {
  return (a: Action) =>
    (notificationRemoved.match(a) && a.payload.localId === localId) ||
    (notificationsCleared.match(a) && (!a.payload?.kind || a.payload.kind === kind));
}

/** Runs one toast or banner from its appearance to its removal. */
export function* runNotification(localId: string) {
  const initial: Notification | undefined = yield select((s: RootState) => findById(s, localId));
  if (!initial) return; // dropped as a duplicate, or already removed
  if (initial.notice) {
    const username: string | undefined = yield select(usernameOf);
    if (isNoticeDismissed(username, initial.notice)) {
      yield put(notificationRemoved({ localId }));
      return;
    }
  }
  // The saga context may hand its own `inspect` (a story's chart, a test); otherwise the QA panel's.
  const inspect: Inspect = ((yield getContext('inspect')) as Inspect | undefined) ?? qaInspect;
  const hosted = hostActor(
    () =>
      createActor(notificationMachine, {
        input: { duration: initial.duration },
        inspect,
      }) as NotificationActor,
  );
  let phase = initial.phase;
  try {
    if (phase !== 'pending') {
      phase = 'pending';
      yield put(notificationPhaseChanged({ localId, phase }));
    }
    hosted.start();
    for (;;) {
      const { message, close, removed } = yield race({
        message: take(hosted.channel),
        close: take(isClosing(localId, initial.kind, !!initial.undismissable)),
        removed: take(isRemoved(localId, initial.kind)),
      });
      if (removed) return;
      if (close) {
        // Whether and how it closes is the machine's decision; its next snapshot says.
        hosted.send({ type: 'user.close' });
        continue;
      }
      const snapshot = (message as ActorMessage<NotificationActor, never> & { kind: 'snapshot' })
        .snapshot as SnapshotFrom<typeof notificationMachine>;
      if (snapshot.status === 'done') {
        if (snapshot.output?.closedByUser && initial.notice) {
          const username: string | undefined = yield select(usernameOf);
          rememberNoticeDismissed(username, initial.notice);
        } else if (snapshot.output?.closedByUser && initial.id) {
          try {
            yield call(acknowledgeMessage, initial);
          } catch (e) {
            // A failed acknowledgement of a dismissed message only logs: the message comes back on next load.
            logger.warn('acknowledging a message failed', e);
          }
        }
        yield put(notificationRemoved({ localId }));
        return;
      }
      const next = phaseOf(String(snapshot.value));
      if (next !== phase) {
        phase = next;
        yield put(notificationPhaseChanged({ localId, phase }));
      }
    }
  } finally {
    hosted.channel.close();
  }
}

export function* notificationsSaga() {
  // Toasts and banners already in the store (server-rendered, or raised before the saga started) run too.
  const state: RootState = yield select();
  for (const n of [...state.notifications.toasts, ...state.notifications.banners])
    yield fork(runNotification, n.localId);
  // takeEvery: each notification runs on its own; they overlap freely.
  yield takeEvery(notificationRequested.type, function* (action: ReturnType<typeof notificationRequested>) {
    if (action.payload.kind === 'agreement') return;
    yield call(runNotification, action.payload.localId);
  });
}
