/**
 * The messaging center (spec §7) and the agreement modal's host (spec §4).
 * - `GET {api}users/me/messages` on `messagesRequested` (dispatched at start in mode `x`, and by the
 *   /messaging/agreements route); mode other than `x` keeps only agreements; a failed load only logs a warning.
 * - One agreement machine at a time runs for the first agreement not declined; accepting acknowledges it and
 *   removes it, declining marks it dismissed; the parent window hears `acceptedAllAgreements` or
 *   `declinedAgreement` (mode not `x`), posted only to the configured parent origin.
 */
import { call, fork, getContext, put, race, select, take, takeLeading } from 'redux-saga/effects';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { inspect as qaInspect, type Inspect } from '../src/qa/inspect';
import { agreementMachine } from '../machines/agreement.machine';
import type { ApiClient, ApiResponse } from '../src/api/client';
import type * as consoleContract from '../src/shared/contracts/console';
import type { ResponseOf, Unchecked } from '../src/shared/contracts/endpoint';
import * as shell from '../src/shared/contracts/shell';
import { handleError } from './handleError';
import { logger } from '../src/lib/logger';
import { hostActor } from '../src/notifications/actorChannel';
import { PARENT_MESSAGE_ACCEPTED_ALL, PARENT_MESSAGE_DECLINED } from '../src/notifications/constants';
import type { RootState } from '../src/store/createStore';
import {
  agreementDismissed,
  agreementModalChanged,
  agreementModalEvent,
  messagesLoadFinished,
  messagesRequested,
  notificationRemoved,
  notificationRequested,
  notificationsCleared,
  selectCurrentAgreement,
  type Notification,
  type NotificationLevel,
  type NotificationRequest,
} from '../src/store/slices/notifications.slice';
import { acknowledgeMessage, messagingEnabled } from './notifications.saga';

type MessagesAnswer = ResponseOf<typeof consoleContract.getMyMessages>;

/** A message as `users/me/messages` (`console.getMyMessages`) returns it, taken apart defensively. */
export type ServerMessage = Unchecked<MessagesAnswer['data'][number]>;

const LEVELS: NotificationLevel[] = ['info', 'success', 'error', 'warning', 'default'];

/**
 * Server message → center notification (spec §3): level info becomes default, a banner becomes level warning,
 * type notification becomes a toast; everything else is kept. Undefined for a malformed message.
 */
export function toNotification(m: ServerMessage): NotificationRequest | undefined {
  if (!m || typeof m !== 'object' || m.id === undefined || m.id === null) return undefined;
  const type = m.type === 'notification' ? 'toast' : m.type;
  if (type !== 'toast' && type !== 'banner' && type !== 'agreement') return undefined;
  let level: NotificationLevel = LEVELS.includes(m.level as NotificationLevel)
    ? (m.level as NotificationLevel)
    : 'default';
  if (level === 'info') level = 'default';
  if (type === 'banner') level = 'warning';
  return {
    id: String(m.id),
    ...(m.version_id !== undefined && m.version_id !== null ? { version_id: String(m.version_id) } : {}),
    title: typeof m.name === 'string' ? m.name : undefined,
    message: typeof m.text === 'string' ? m.text : '',
    markdown: true,
    level,
    kind: type,
    duration: -1,
    showFrom: type === 'banner' ? 'top' : 'bottom',
  };
}

export function* loadMessages() {
  const state: RootState = yield select();
  if (state.notifications.messages === 'loaded') return;
  if (!messagingEnabled(state)) {
    yield put(messagesLoadFinished({ ok: false }));
    return;
  }
  const api: ApiClient = yield getContext('api');
  try {
    // The route, not the contract: this saga is in the login page's first script, which carries no TypeBox.
    const res: ApiResponse<MessagesAnswer> = yield call(
      [api, api.call],
      shell.getMyMessages,
      {},
      {
        apiBase: state.config.apiBase,
      },
    );
    const list: ServerMessage[] = Array.isArray(res.data?.data) ? res.data.data : [];
    const onlyAgreements = state.config.messagingMode !== 'x';
    for (const m of list) {
      const n = toNotification(m);
      if (!n || (onlyAgreements && n.kind !== 'agreement')) continue;
      yield put(notificationRequested(n));
    }
    yield put(messagesLoadFinished({ ok: true }));
  } catch (e) {
    // Spec §8: a failed message load is only a warning.
    logger.warn('loading messages failed', e);
    yield put(messagesLoadFinished({ ok: false }));
  }
}

/** Request saga: answers `messagesRequested` (also during a server render). */
export function* messagingSaga() {
  // takeLeading: a second request while a load is in flight is dropped; the first load serves both.
  yield takeLeading(messagesRequested.type, loadMessages);
}

/** Browser start: mode `x` loads every message at once; the agreements page loads through its route. */
export function* messagingStartSaga() {
  const state: RootState = yield select();
  const path: string = typeof window !== 'undefined' ? window.location.pathname : '/';
  if (state.config.messagingMode === 'x' || path.startsWith('/messaging/agreements'))
    yield put(messagesRequested());
}

/** Posts a message to the parent frame, only to its configured origin (same origin when none is configured). */
export function postToParentWindow(message: string, parentOrigin: string) {
  if (typeof window === 'undefined' || window.parent === window) return;
  window.parent.postMessage(message, parentOrigin || window.location.origin);
}

type AgreementActor = ReturnType<typeof createActor<typeof agreementMachine>>;

/** What the agreement machine hands back to this saga: an acknowledgement to make, or an error to report. */
type AgreementReport =
  { kind: 'acknowledge'; done: (error?: unknown) => void } | { kind: 'error'; error: unknown };

/**
 * Runs the modal for one agreement until it is accepted, declined or removed. The machine's `acknowledge` actor
 * asks this saga, which acknowledges through `acknowledgeMessage` (the one owner of that call, reading the state
 * of the moment) and answers the actor.
 */
export function* runAgreement(agreement: Notification) {
  const state: RootState = yield select();
  // The saga context may hand its own `inspect` (a story's chart); otherwise the QA panel's.
  const inspect: Inspect = ((yield getContext('inspect')) as Inspect | undefined) ?? qaInspect;
  const hosted = hostActor<AgreementActor, AgreementReport>((report) =>
    createActor(
      agreementMachine.provide({
        actors: {
          acknowledge: fromPromise(
            () =>
              new Promise<void>((resolve, reject) =>
                report({ kind: 'acknowledge', done: (error) => (error ? reject(error) : resolve()) }),
              ),
          ),
        },
        actions: {
          reportError: (_args, params: { error: unknown }) => report({ kind: 'error', error: params.error }),
        },
      }),
      { inspect },
    ),
  );
  const localId = agreement.localId;
  const mirror = (s: SnapshotFrom<typeof agreementMachine>) =>
    agreementModalChanged({
      localId,
      state: s.value as 'hidden' | 'visible' | 'accepting',
      read: s.context.read,
    });
  try {
    yield put(agreementModalChanged({ localId, state: 'hidden', read: false }));
    hosted.start();
    for (;;) {
      const { message, event, removed } = yield race({
        message: take(hosted.channel),
        event: take(agreementModalEvent.type),
        removed: take(
          (a: { type: string; payload?: { localId?: string; kind?: string } }) =>
            (a.type === notificationRemoved.type && a.payload?.localId === localId) ||
            (a.type === notificationsCleared.type && (!a.payload?.kind || a.payload.kind === 'agreement')),
        ),
      });
      if (removed) return;
      if (event) {
        hosted.send((event as ReturnType<typeof agreementModalEvent>).payload);
        continue;
      }
      if (message.kind === 'report') {
        const report = message.report as AgreementReport;
        if (report.kind === 'acknowledge') {
          // Forked, so the machine's snapshots (accepting) keep flowing while the call runs.
          yield fork(answerAcknowledge, agreement, report.done);
        } else {
          // Spec §7: a failed acknowledge goes to the common error handler; the modal stays.
          yield call(handleError, report.error);
        }
        continue;
      }
      const snapshot = message.snapshot as SnapshotFrom<typeof agreementMachine>;
      if (snapshot.status !== 'done') {
        yield put(mirror(snapshot));
        continue;
      }
      const mode = state.config.messagingMode;
      if (snapshot.output?.result === 'accepted') {
        yield put(notificationRemoved({ localId }));
        const after: RootState = yield select();
        if (after.notifications.agreements.length === 0 && mode !== 'x') {
          yield call(postToParentFrame, PARENT_MESSAGE_ACCEPTED_ALL);
        }
      } else {
        yield put(agreementDismissed({ localId }));
        if (agreement.id && mode !== 'x') yield call(postToParentFrame, PARENT_MESSAGE_DECLINED);
      }
      return;
    }
  } finally {
    hosted.channel.close();
    yield put(agreementModalChanged(null));
  }
}

/** Acknowledges through the one owner of that call, then answers the agreement machine's actor. */
function* answerAcknowledge(agreement: Notification, done: (error?: unknown) => void) {
  try {
    yield call(acknowledgeMessage, agreement);
    done();
  } catch (error) {
    done(error ?? new Error('acknowledging failed'));
  }
}

/** Posts through the saga context's `postToParent` (tests) or the real parent window. */
export function* postToParentFrame(message: string) {
  const post: ((message: string) => void) | undefined = yield getContext('postToParent');
  const origin: string = yield select((s: RootState) => s.config.parentOrigin);
  if (post) post(message);
  else postToParentWindow(message, origin);
}

/** Browser saga: shows the agreements one after another. */
export function* agreementsSaga() {
  for (;;) {
    const current: Notification | undefined = yield select(selectCurrentAgreement);
    if (current) yield call(runAgreement, current);
    // One agreement at a time; wait for a new one when none is pending.
    else
      yield take(
        (a: { type: string; payload?: { kind?: string } }) =>
          a.type === notificationRequested.type && a.payload?.kind === 'agreement',
      );
  }
}
