/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The agreement machine's model paths replayed through the agreement modal of the notification center, hosted as
 * in the console by the messaging saga: the acknowledgement the saga posts waits for the path's done/error event,
 * the appear delay is fake time, and the user ticks, accepts and declines in the modal.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { EventObject } from 'xstate';
import { agreementMachine } from '../../../machines/agreement.machine';
import { agreementsSaga } from '../../../sagas/messaging.saga';
import { notificationsSaga } from '../../../sagas/notifications.saga';
import { NotificationCenter } from '../../../src/notifications/NotificationCenter';
import { AGREEMENT_APPEAR_DELAY_MS } from '../../../src/notifications/constants';
import { notificationRequested } from '../../../src/store/slices/notifications.slice';
import { fakeApi, makeTestStore } from '../../sagas/fakes';
import type { GraphState } from '../support/coverage';
import { machineModel } from '../support/models';
import {
  actorProbe,
  pathTitle,
  PendingCalls,
  replay,
  replayPaths,
  untakenTransitions,
} from '../support/replay';

const model = machineModel('agreement');
const paths = replayPaths(model);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

type Ctx = { read: boolean };

describe('agreement machine replayed through the agreement modal', () => {
  it(`replays ${paths.length} model paths, which take every transition`, () => {
    expect(paths.length).toBeGreaterThan(4);
    expect(untakenTransitions(model, paths)).toEqual([]);
  });

  it.each(paths.map((p) => [pathTitle(agreementMachine, p), p] as const))('%s', async (_title, path) => {
    const pending = new PendingCalls();
    const probe = actorProbe('agreement');
    const posted: string[] = [];
    const { api, calls } = fakeApi({ 'POST /api/users/me/ack-messages': () => pending.wait('acknowledge') });
    const store = makeTestStore({
      api,
      context: { postToParent: (m: string) => posted.push(m), inspect: probe.inspect },
    });
    store.runSaga(notificationsSaga);
    store.runSaga(agreementsSaga);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const { unmount } = render(
      <Provider store={store}>
        <NotificationCenter />
      </Provider>,
    );
    act(
      () =>
        void store.dispatch(
          notificationRequested({
            localId: 'ag',
            id: '1',
            version_id: '1',
            kind: 'agreement',
            level: 'default',
            title: 'Terms of use',
            message: 'Be nice.',
          }),
        ),
    );
    const dialog = () => screen.getByRole('dialog', { name: 'Terms of use' });
    const errorToasts = () => store.getState().notifications.toasts.filter((t) => t.level === 'error').length;
    let failures = 0;

    await replay(agreementMachine, path, {
      probe,
      answer: async (a) => {
        expect(pending.count(a.src)).toBe(1);
        expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { message_id: '1', version_id: '1' } });
        if (!a.done) failures++;
        await act(async () => pending.settle(a.src, a.done ? { resolve: {} } : { reject: a.error }));
      },
      advance: async () => act(() => jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS)),
      act: async (event: EventObject, before) => {
        const e = event as EventObject & { checked?: boolean };
        if (e.type === 'user.toggleRead') {
          // A click flips the box: it sends `checked` only when the box shows the other value.
          expect((before.context as Ctx).read).toBe(!e.checked);
          await user.click(within(dialog()).getByRole('checkbox', { name: 'I read all terms' }));
        } else if (e.type === 'user.accept')
          await user.click(within(dialog()).getByRole('button', { name: 'Accept' }));
        else if (e.type === 'user.decline')
          await user.click(within(dialog()).getByRole('button', { name: 'Logout' }));
        else throw new Error(`no way to do ${e.type} in the agreement modal`);
      },
      see: async (state: GraphState) => {
        const value = state.value as string;
        const ctx = state.context as Ctx;
        if (value === 'hidden' || value === 'accepted' || value === 'declined')
          expect(screen.queryByRole('dialog')).toBeNull();
        if (value === 'visible') {
          // The modal's code loads on demand the first time.
          const d = await screen.findByRole('dialog', { name: 'Terms of use' });
          const box = within(d).getByRole('checkbox', { name: 'I read all terms' });
          if (ctx.read) expect(box).toBeChecked();
          else expect(box).not.toBeChecked();
          const accept = within(d).getByRole('button', { name: 'Accept' });
          if (ctx.read) expect(accept).toBeEnabled();
          else expect(accept).toBeDisabled();
        }
        if (value === 'accepting') {
          expect(within(dialog()).getByRole('button', { name: 'Accepting…' })).toBeDisabled();
          expect(within(dialog()).getByRole('checkbox', { name: 'I read all terms' })).toBeDisabled();
        }
        // The parent frame hears the outcome; a failed acknowledgement goes to the error handler.
        expect(posted).toEqual(
          value === 'accepted'
            ? ['acceptedAllAgreements']
            : value === 'declined'
              ? ['declinedAgreement']
              : [],
        );
        expect(errorToasts()).toBe(failures);
      },
    });
    unmount();
  });
});
