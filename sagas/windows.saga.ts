/**
 * The windows manager's host (spec §4 windows): steps the windows machine with each event a view sends, stores
 * the result, and turns what the machine emits into notices (at most 4 windows use event streams; the browser
 * limits parallel connections, so a fifth is refused with a notice).
 */
import { put, select, takeEvery } from 'redux-saga/effects';
import { ERROR_DURATION_MS } from '../src/notifications/constants';
import type { RootState } from '../src/store/createStore';
import { notificationRequested } from '../src/store/slices/notifications.slice';
import { EVENT_STREAM_REFUSAL } from '../src/windows/types';
import {
  stepWindows,
  windowsEventSent,
  windowsStateChanged,
  type WindowsState,
} from '../src/windows/windows.slice';

function* stepWith(action: ReturnType<typeof windowsEventSent>) {
  const current: WindowsState = yield select((s: RootState) => s.windows);
  const { state, emitted } = stepWindows(current, action.payload);
  if (state !== current) yield put(windowsStateChanged(state));
  for (const e of emitted)
    if (e.type === 'windows.refused')
      yield put(
        notificationRequested({
          kind: 'toast',
          level: 'warning',
          message: EVENT_STREAM_REFUSAL,
          duration: ERROR_DURATION_MS,
        }),
      );
}

export function* windowsSaga() {
  // takeEvery: each step reads the state the previous one stored (puts are synchronous), so events apply in order.
  yield takeEvery(windowsEventSent.type, stepWith);
}
