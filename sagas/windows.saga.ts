/**
 * The windows manager's host (spec §4 windows): one windows machine actor runs for the page. The saga sends it each
 * event a view sends, mirrors its snapshots into the store (the views read the store; the server renders it) and
 * turns what the machine emits into notices (at most 4 windows use event streams; the browser limits parallel
 * connections, so a fifth is refused with a notice). The actor reports to the QA panel like every other actor.
 */
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, getContext, put, race, select, take } from 'redux-saga/effects';
import { createActor, type SnapshotFrom } from 'xstate';
import { windowsMachine, type WindowsEmitted } from '../machines/windows.machine';
import { ERROR_DURATION_MS } from '../src/notifications/constants';
import { hostActor, type ActorMessage } from '../src/notifications/actorChannel';
import { inspect as qaInspect, type Inspect } from '../src/qa/inspect';
import type { RootState } from '../src/store/createStore';
import { notificationRequested } from '../src/store/slices/notifications.slice';
import { EVENT_STREAM_REFUSAL } from '../src/windows/types';
import { windowsEventSent, windowsStateChanged, type WindowsState } from '../src/store/slices/windows.slice';

type WindowsActor = ReturnType<typeof createActor<typeof windowsMachine>>;

export function* windowsSaga() {
  // The saga context may hand its own `inspect` (a story's chart); otherwise the QA panel's.
  const inspect: Inspect = ((yield getContext('inspect')) as Inspect | undefined) ?? qaInspect;
  // The actor starts from what the store holds (a preloaded or server-rendered state).
  const initial: WindowsState = yield select((s: RootState) => s.windows);
  const hosted = hostActor<WindowsActor, WindowsEmitted>((report) => {
    const actor = createActor(windowsMachine, {
      snapshot: windowsMachine.resolveState({ value: initial.value, context: initial.context }),
      inspect,
    });
    actor.on('windows.refused', (e) => report(e as WindowsEmitted));
    return actor;
  });
  // Buffered: events sent while this saga is busy putting are kept, in order.
  const events: Channel<ReturnType<typeof windowsEventSent>> = yield actionChannel(
    windowsEventSent.type,
    buffers.expanding(8),
  );
  try {
    hosted.start();
    for (;;) {
      const { message, action } = yield race({ message: take(hosted.channel), action: take(events) });
      if (action) {
        hosted.send((action as ReturnType<typeof windowsEventSent>).payload);
        continue;
      }
      const m = message as ActorMessage<WindowsActor, WindowsEmitted>;
      if (m.kind === 'report') {
        if (m.report.type === 'windows.refused')
          yield put(
            notificationRequested({
              kind: 'toast',
              level: 'warning',
              message: EVENT_STREAM_REFUSAL,
              duration: ERROR_DURATION_MS,
            }),
          );
        continue;
      }
      const snapshot = m.snapshot as SnapshotFrom<typeof windowsMachine>;
      const stored: WindowsState = yield select((s: RootState) => s.windows);
      if (snapshot.value !== stored.value || snapshot.context !== stored.context)
        yield put(
          windowsStateChanged({ value: snapshot.value as WindowsState['value'], context: snapshot.context }),
        );
    }
  } finally {
    hosted.channel.close();
    events.close();
  }
}
