/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The notification machine's model paths replayed through a toast of the notification center, hosted as in the
 * console by the notifications saga: the user dismisses it with its button; its delays are fake time.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { EventObject } from 'xstate';
import { notificationMachine } from '../../../machines/notification.machine';
import { notificationsSaga } from '../../../sagas/notifications.saga';
import { NotificationCenter } from '../../../src/notifications/NotificationCenter';
import {
  NOTIFICATION_APPEAR_DELAY_MS,
  NOTIFICATION_REMOVE_AFTER_MS,
} from '../../../src/notifications/constants';
import { notificationRequested } from '../../../src/store/slices/notifications.slice';
import { fakeApi, flush, makeTestStore } from '../../sagas/fakes';
import type { GraphState } from '../support/coverage';
import { machineModel } from '../support/models';
import { actorProbe, pathTitle, replay, replayPaths, untakenTransitions } from '../support/replay';

const model = machineModel('notification');
const paths = replayPaths(model);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('notification machine replayed through a toast of the notification center', () => {
  it(`replays ${paths.length} model paths, which take every transition`, () => {
    expect(paths.length).toBeGreaterThan(4);
    expect(untakenTransitions(model, paths)).toEqual([]);
  });

  it.each(paths.map((p) => [pathTitle(notificationMachine, p), p] as const))('%s', async (_title, path) => {
    const probe = actorProbe('notification');
    const { api, calls } = fakeApi({ 'POST /api/users/me/ack-messages': () => ({}) });
    const store = makeTestStore({ api, context: { inspect: probe.inspect } });
    store.runSaga(notificationsSaga);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const { unmount } = render(
      <Provider store={store}>
        <NotificationCenter />
      </Provider>,
    );
    const { duration } = path.input as { duration: number };
    // A server message, so a dismissal by the user is acknowledged.
    act(
      () =>
        void store.dispatch(
          notificationRequested({
            id: '5',
            version_id: '2',
            kind: 'toast',
            level: 'info',
            title: 'News',
            message: 'hello',
            duration,
          }),
        ),
    );
    const delays: Record<string, number> = {
      appearDelay: NOTIFICATION_APPEAR_DELAY_MS,
      duration,
      removeAfter: NOTIFICATION_REMOVE_AFTER_MS,
    };

    await replay(notificationMachine, path, {
      probe,
      answer: async () => {
        throw new Error('the notification machine invokes no actor');
      },
      advance: async (event) => {
        const delay = /^xstate\.after\.([^.]+)\./.exec(event.type)![1];
        act(() => jest.advanceTimersByTime(delays[delay]));
      },
      act: async (event: EventObject) => {
        if (event.type === 'user.close')
          await user.click(screen.getByRole('button', { name: 'Dismiss: News' }));
        else throw new Error(`no way to do ${event.type} on a toast`);
      },
      see: async (state: GraphState) => {
        const value = state.value as string;
        const closedByUser = (state.context as { closedByUser: boolean }).closedByUser;
        if (value === 'done') {
          await act(() => flush(10));
          expect(screen.queryByRole('listitem')).toBeNull();
          expect(calls.map((c) => c.url)).toEqual(closedByUser ? ['/api/users/me/ack-messages'] : []);
          return;
        }
        const toast = screen.getByRole('listitem', { name: 'Information: News' });
        const phase = value === 'pending' ? 'pending' : value === 'closing' ? 'closing' : 'visible';
        expect(toast).toHaveClass(`notification--${phase}`);
        expect(calls).toEqual([]);
      },
    });
    unmount();
  });
});
