/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The session machine's model paths replayed through the session dialogs (timeout warning, re-authentication
 * prompt), with the machine hosted as in the console by the session lifetime saga. The status, extend and verify
 * calls of the fake API client wait for the path's done/error events; delays are fake time.
 *
 * Three events of the model have no user-visible way to happen on these dialogs; they reach the saga through the
 * channels it listens to in the console, not through the screen: `session.status` and `session.ended` come from
 * another tab (the tab link), `reauth.request` from the API client's session gate refusing a sensitive change.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { EventObject } from 'xstate';
import { sessionMachine, type SessionStatus } from '../../../machines/session.machine';
import {
  sessionLifetimeSaga,
  TIMEOUT_LOGIN_URL,
  type TabLink,
  type TabMessage,
} from '../../../sagas/sessionLifetime.saga';
import type { ApiClient, ApiResponse } from '../../../src/api/client';
import { verbClient } from '../../support/verbClient';
import { createSessionGate } from '../../../src/api/sessionGate';
import { SessionDialogs } from '../../../src/app/session/SessionDialogs';
import { createAppStore } from '../../../src/store/createStore';
import { testConfig } from '../../sagas/fakes';
import type { GraphState } from '../support/coverage';
import { machineModel } from '../support/models';
import {
  actorAnswer,
  actorProbe,
  pathTitle,
  PendingCalls,
  replay,
  replayPaths,
  untakenTransitions,
} from '../support/replay';

const model = machineModel('session');
const paths = replayPaths(model);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** The status answer behind a status the model's actors output. */
const statusAnswer = (s: SessionStatus) => ({
  expires_in_seconds: s.expiresInMs / 1000,
  warn_seconds: s.warnMs / 1000,
  absolute: s.absolute,
});

function fakeApi(pending: PendingCalls): ApiClient {
  const ok = (data: unknown): ApiResponse<unknown> => ({ status: 200, data, headers: new Headers() });
  const never = () => Promise.reject(new Error('not expected'));
  return verbClient({
    get: ((url: string) =>
      url.endsWith('/session') ? pending.wait('checkStatus').then(ok) : never()) as ApiClient['get'],
    post: ((url: string) =>
      pending.wait(url.endsWith('/session/extend') ? 'extend' : 'verify').then(ok)) as ApiClient['post'],
  });
}

type Ctx = { reauthError: string | null; absolute: boolean; heartbeatMs: number };
type Value = { lifetime: string; reauth: string };

describe('session machine replayed through the session dialogs', () => {
  it(`replays ${paths.length} model paths, which take every transition`, () => {
    expect(paths.length).toBeGreaterThan(10);
    expect(untakenTransitions(model, paths)).toEqual([]);
  });

  it.each(paths.map((p) => [pathTitle(sessionMachine, p), p] as const))('%s', async (_title, path) => {
    const pending = new PendingCalls();
    const probe = actorProbe('session');
    const gate = createSessionGate();
    let tabListener: ((m: TabMessage) => void) | null = null;
    const tabs: TabLink = {
      post: () => {},
      listen: (l) => {
        tabListener = l;
        return () => (tabListener = null);
      },
    };
    const left: string[] = [];
    const settled: boolean[] = [];
    const { heartbeatMs } = path.input as { heartbeatMs: number };
    const store = createAppStore({
      preloadedState: {
        config: testConfig({ authBase: '/api/auth' }),
        session: { loggedIn: true, user: null },
      },
      context: {
        api: fakeApi(pending),
        platform: 'browser',
        sessionGate: gate,
        sessionHooks: { tabs, leave: (url: string) => left.push(url), heartbeatMs },
        inspect: probe.inspect,
      },
    });
    const task = store.runSaga(sessionLifetimeSaga);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const { unmount } = render(
      <Provider store={store}>
        <SessionDialogs />
      </Provider>,
    );
    const reauthDialog = () => screen.getByRole('dialog', { name: 'Confirm it is you' });
    const retype = async (label: string, text: string) => {
      const field = within(reauthDialog()).getByLabelText(label);
      await user.clear(field);
      if (text) await user.type(field, text);
    };

    await replay(sessionMachine, path, {
      probe,
      answer: async (a) => {
        expect(pending.count(a.src)).toBe(1);
        await act(async () =>
          pending.settle(
            a.src,
            a.done ? { resolve: statusAnswer(a.output as SessionStatus) } : { reject: a.error },
          ),
        );
      },
      // A delay is at most the heartbeat; once it fired, the status check waits for the path's answer.
      advance: async () => act(() => jest.advanceTimersByTime(heartbeatMs)),
      act: async (event: EventObject) => {
        const e = event as EventObject & { status?: SessionStatus; password?: string; otp?: string };
        if (e.type === 'session.status') act(() => tabListener!({ type: 'extended', status: e.status! }));
        else if (e.type === 'session.ended') act(() => tabListener!({ type: 'ended' }));
        else if (e.type === 'reauth.request')
          act(() => void gate.reauthenticate().then((ok) => settled.push(ok)));
        else if (e.type === 'user.extend')
          await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
        else if (e.type === 'user.verify') {
          await retype('Password', e.password ?? '');
          await retype('One-time code', e.otp ?? '');
          await user.click(within(reauthDialog()).getByRole('button', { name: 'Confirm' }));
        } else if (e.type === 'user.cancel')
          await user.click(within(reauthDialog()).getByRole('button', { name: 'Cancel' }));
        else throw new Error(`no way to do ${e.type} with the session dialogs`);
      },
      see: async (state: GraphState, event) => {
        const { lifetime, reauth } = state.value as Value;
        const ctx = state.context as Ctx;
        const warning = screen.queryByRole('alertdialog', { name: 'Your session is about to end' });
        if (lifetime === 'warning' || lifetime === 'extending') {
          expect(warning).not.toBeNull();
          const stay = screen.queryByRole('button', { name: 'Stay signed in' });
          if (ctx.absolute) expect(stay).toBeNull();
          else if (lifetime === 'extending') expect(stay).toBeDisabled();
          else expect(stay).toBeEnabled();
        } else expect(warning).toBeNull();
        expect(left).toEqual(lifetime === 'expired' ? [TIMEOUT_LOGIN_URL] : []);
        const prompt = screen.queryByRole('dialog', { name: 'Confirm it is you' });
        if (reauth === 'requested' || reauth === 'verifying') {
          expect(prompt).not.toBeNull();
          expect(within(prompt!).getByRole('alert')).toHaveTextContent(ctx.reauthError ?? /^$/);
          const confirm = within(prompt!).getByRole('button', { name: 'Confirm' });
          if (reauth === 'verifying') expect(confirm).toBeDisabled();
          else expect(confirm).toBeEnabled();
        } else expect(prompt).toBeNull();
        // The waiting change is sent again after a confirmation, and fails as refused after Cancel.
        if (event?.type === 'user.cancel') await waitFor(() => expect(settled.at(-1)).toBe(false));
        const answered = event ? actorAnswer(sessionMachine, event) : null;
        if (answered?.src === 'verify' && answered.done)
          await waitFor(() => expect(settled.at(-1)).toBe(true));
      },
    });
    task.cancel();
    unmount();
  });
});
