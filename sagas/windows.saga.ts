/**
 * Tells the user when the windows manager refused a window (spec §4: at most 4 windows use event streams; the
 * browser limits parallel connections). The machine counts refusals; this saga turns each into a notice.
 */
import { put, select, takeEvery } from 'redux-saga/effects';
import { ERROR_DURATION_MS } from '../src/notifications/constants';
import type { RootState } from '../src/store/createStore';
import { notificationRequested } from '../src/store/slices/notifications.slice';
import { EVENT_STREAM_REFUSAL } from '../src/windows/types';
import { windowsEventSent } from '../src/windows/windows.slice';

export function* windowsSaga() {
  let seen: number = yield select((s: RootState) => s.windows.context.refusals);
  // takeEvery: each opening is checked after the reducer ran; a refusal raises exactly one notice.
  yield takeEvery(windowsEventSent.type, function* () {
    const refusals: number = yield select((s: RootState) => s.windows.context.refusals);
    if (refusals > seen)
      yield put(
        notificationRequested({
          kind: 'toast',
          level: 'warning',
          message: EVENT_STREAM_REFUSAL,
          duration: ERROR_DURATION_MS,
        }),
      );
    seen = refusals;
  });
}
