/**
 * Safe apply in the console: a change that can lock the admin out (SSH port, listen addresses, password
 * authentication) is applied by the appliance with a confirmation timer. After every configuration job, and once
 * at start (a reload keeps it), the pending confirmations are listed and each shows as a banner counting down with
 * "Keep changes" and "Revert now", and how to test the change first; it cannot be dismissed while it runs. Keeping
 * it confirms on the server, reverting restores the previous configuration at once; when the deadline passes
 * unconfirmed, the appliance restores it by itself, and the console says so and reloads the page data. Admins see every pending
 * change; other accounts those whose service's area their groups let them write (src/shared/privileges.ts
 * `CONFIRMATION_AREAS`), as the appliance answers the list and accepts the confirmation.
 */
import type { Task } from 'redux-saga';
import { call, cancel, delay, fork, getContext, put, select, takeEvery } from 'redux-saga/effects';
import type { ApiClient, ApiResponse } from '../src/api/client';
import * as coreShell from '../src/shared/contracts/coreShell';
import type { ResponseOf } from '../src/shared/contracts/endpoint';
import { logger } from '../src/lib/logger';
import { SUCCESS_DURATION_MS } from '../src/notifications/constants';
import { progressUpdated } from '../src/store/slices/progress.slice';
import { allows, CONFIRMATION_AREAS } from '../src/shared/privileges';
import type { RootState } from '../src/store/createStore';
import {
  confirmationKept,
  confirmationReverted,
  confirmationsCheckRequested,
} from '../src/store/slices/confirmations.actions';
import type { SessionUser } from '../src/store/slices/session.slice';
import { notificationRemoved, notificationRequested } from '../src/store/slices/notifications.slice';
import { resourceLoadRequested } from '../src/store/slices/resources.slice';
import { handleError } from './handleError';

type ConfirmationList = ResponseOf<typeof coreShell.listConfirmations>;
/** A change awaiting confirmation, as `coreShell.listConfirmations` answers it. */
export type PendingConfirmation = ConfirmationList['data'][number];

const SERVICE_LABELS: Record<string, string> = {
  ssh: 'SSH',
  dns: 'DNS proxy',
  network: 'network preference',
  auth: 'lockout policy',
};
/** After the deadline, the server's rollback is given this long before the console checks for it. */
export const ROLLBACK_GRACE_MS = 1500;
/** A warning that the change was rolled back stays this long. */
export const ROLLBACK_NOTICE_MS = 10_000;

/** How to check a change before keeping it, per service. */
export const TEST_HINTS: Record<string, string> = {
  ssh: 'Test it first: keep this page open and open a second SSH session with the new settings (for example ssh -p <new port> admin@<appliance>); keep the changes only when it signs in.',
  network:
    'Test it first: open the console by its new host name in another tab; keep the changes only when it loads.',
  dns: 'Test it first: resolve a name through the appliance (for example dig @<appliance> example.org); keep the changes only when it answers.',
  auth: 'Test it first: sign in from a private window; keep the changes only when you get in.',
};

export const confirmationLocalId = (id: string) => `confirm-${id}`;
/** The topic of a service's pending change: the configuration page shows it as pending (ApplyHeader). */
export const safeApplyTopic = (service: string) => `safe-apply:${service}`;

/** Whether the account may keep the change of at least one service (write privilege of its area). */
const mayKeepAny = (user: SessionUser) =>
  user.role === 'admin' ||
  Object.values(CONFIRMATION_AREAS).some((area) => allows(user.privileges, area, 'write'));

function* listPending() {
  const state: RootState = yield select();
  // Admins keep any change; a `user` account those of the areas its groups let it write (the appliance lists only
  // those), so an account without any such privilege has nothing to ask for.
  const user = state.session.user;
  if (!state.config.apiBase || !state.session.loggedIn || (user && !mayKeepAny(user)))
    return [] as PendingConfirmation[];
  const api: ApiClient = yield getContext('api');
  try {
    const res: ApiResponse<ConfirmationList> = yield call(
      [api, api.call],
      coreShell.listConfirmations,
      {},
      {
        apiBase: state.config.apiBase,
      },
    );
    return Array.isArray(res.data?.data) ? res.data.data : [];
  } catch (e) {
    // Listing is a courtesy: the page carries on without the banner.
    logger.warn('listing pending confirmations failed', e);
    return [] as PendingConfirmation[];
  }
}

function* reloadLoadedResources() {
  const entries: RootState['resources']['entries'] = yield select((s: RootState) => s.resources.entries);
  for (const [key, entry] of Object.entries(entries))
    if (entry.status === 'loaded') yield put(resourceLoadRequested({ key }));
}

function* watchDeadline(c: PendingConfirmation) {
  yield delay(c.seconds_left * 1000 + ROLLBACK_GRACE_MS);
  const pending: PendingConfirmation[] = yield call(listPending);
  if (pending.some((p) => p.id === c.id)) return;
  const label = SERVICE_LABELS[c.service] ?? c.service;
  yield put(notificationRemoved({ localId: confirmationLocalId(c.id) }));
  yield put(
    notificationRequested({
      kind: 'toast',
      level: 'warning',
      title: `${label} change rolled back`,
      message: `The change (${c.changes.join(', ')}) was not kept in time, so the appliance restored the previous configuration.`,
      duration: ROLLBACK_NOTICE_MS,
    }),
  );
  yield call(reloadLoadedResources);
}

export function* confirmationsSaga() {
  const watchers = new Map<string, Task>();

  function* showPending() {
    const pending: PendingConfirmation[] = yield call(listPending);
    for (const c of pending) {
      if (watchers.has(c.id)) continue;
      const label = SERVICE_LABELS[c.service] ?? c.service;
      yield put(
        notificationRequested({
          localId: confirmationLocalId(c.id),
          kind: 'banner',
          level: 'warning',
          showFrom: 'top',
          title: `Keep the ${label} changes?`,
          message: `${c.changes.join(', ')} changed. Unless you keep the changes, the appliance restores the previous configuration.`,
          hint: TEST_HINTS[c.service],
          topic: safeApplyTopic(c.service),
          deadline: Date.now() + c.seconds_left * 1000,
          actions: [
            { label: 'Keep changes', action: confirmationKept({ id: c.id }), primary: true },
            { label: 'Revert now', action: confirmationReverted({ id: c.id }) },
          ],
          // While it runs it is answered with Keep or Revert, or the deadline ends it: it cannot be closed away.
          undismissable: true,
          duration: -1,
        }),
      );
      watchers.set(c.id, (yield fork(watchDeadline, c)) as Task);
    }
  }

  /**
   * Answers a running confirmation window (`confirm` keeps the change, `revert` restores the previous configuration)
   * and takes its countdown away; a revert also reloads what the pages show, which the restore changed.
   */
  function* answer(id: string, verb: 'confirm' | 'revert') {
    const apiBase: string = yield select((s: RootState) => s.config.apiBase);
    const api: ApiClient = yield getContext('api');
    try {
      yield call(() =>
        verb === 'confirm'
          ? api.call(coreShell.keepConfirmation, { params: { id } }, { apiBase })
          : api.call(coreShell.revertConfirmation, { params: { id } }, { apiBase }),
      );
      const watcher = watchers.get(id);
      if (watcher) yield cancel(watcher);
      yield put(notificationRemoved({ localId: confirmationLocalId(id) }));
      yield put(
        notificationRequested(
          verb === 'confirm'
            ? { kind: 'toast', level: 'success', message: 'Changes kept.', duration: SUCCESS_DURATION_MS }
            : {
                kind: 'toast',
                level: 'info',
                message: 'Changes reverted: the previous configuration is running again.',
                duration: ROLLBACK_NOTICE_MS,
              },
        ),
      );
      if (verb === 'revert') yield call(reloadLoadedResources);
    } catch (e) {
      yield call(handleError, e);
    }
  }
  const keep = (action: ReturnType<typeof confirmationKept>) => answer(action.payload.id, 'confirm');
  const revert = (action: ReturnType<typeof confirmationReverted>) => answer(action.payload.id, 'revert');

  // takeEvery: one confirmation per change; a repeated click on the same one is answered 404 by the server.
  yield takeEvery(confirmationKept.type, keep);
  yield takeEvery(confirmationReverted.type, revert);
  yield takeEvery(confirmationsCheckRequested.type, showPending);
  // takeEvery: each finished configuration job may have opened a confirmation window.
  yield takeEvery(
    (a: { type: string; payload?: { status?: string } }) =>
      a.type === progressUpdated.type && a.payload?.status === 'done',
    showPending,
  );
  yield call(showPending);
}
