/**
 * The session lifetime saga on a real store: it mirrors the machine for the modals, sends a refused change again once
 * the user confirmed, leaves for the login page with the timeout notice when the server or another tab says the
 * session is over (telling the other tabs), and follows another tab's extension.
 */
import { createSessionGate } from '../../src/api/sessionGate';
import { ApiError } from '../../src/api/errors';
import { createAppStore } from '../../src/store/createStore';
import { reauthSubmitted, sessionExtendRequested } from '../../src/store/slices/sessionLifetime.slice';
import {
  parseStatus,
  sessionLifetimeSaga,
  TIMEOUT_LOGIN_URL,
  type TabLink,
  type TabMessage,
} from '../../sagas/sessionLifetime.saga';
import { fakeApi, testConfig } from './fakes';

function tabs() {
  const posted: TabMessage[] = [];
  let listener: ((m: TabMessage) => void) | null = null;
  const link: TabLink = {
    post: (m) => posted.push(m),
    listen: (l) => {
      listener = l;
      return () => (listener = null);
    },
  };
  return { link, posted, receive: (m: TabMessage) => listener?.(m) };
}

const answer = (seconds: number, warn = 60) => ({
  expires_in_seconds: seconds,
  warn_seconds: warn,
  absolute: false,
});
const settle = () => new Promise((r) => setTimeout(r, 20));

function start(routes: Parameters<typeof fakeApi>[0], loggedIn = true) {
  const { api, calls } = fakeApi(routes);
  const gate = createSessionGate();
  const t = tabs();
  const left: string[] = [];
  const store = createAppStore({
    preloadedState: {
      config: testConfig({ authBase: '/api/auth' }),
      session: { loggedIn, user: null },
    },
    context: {
      api,
      platform: 'browser',
      sessionGate: gate,
      sessionHooks: { tabs: t.link, leave: (url: string) => left.push(url) },
    },
  });
  const task = store.runSaga(sessionLifetimeSaga);
  return { store, calls, gate, t, left, task };
}

it('reads the status check into seconds', () => {
  expect(parseStatus({ expires_in_seconds: 42, warn_seconds: 10, absolute: true })).toEqual({
    expiresInMs: 42_000,
    warnMs: 10_000,
    absolute: true,
  });
  expect(parseStatus(undefined)).toEqual({ expiresInMs: 0, warnMs: 0, absolute: false });
});

it('does nothing for a visitor who is not signed in', async () => {
  const s = start({}, false);
  await settle();
  expect(s.calls).toEqual([]);
  expect(s.store.getState().sessionLifetime.lifetime).toBe('off');
});

it('warns with the end time, extends on request and tells the other tabs', async () => {
  const s = start({
    'GET /api/auth/session': () => answer(30),
    'POST /api/auth/session/extend': () => answer(900),
  });
  await settle();
  const state = s.store.getState().sessionLifetime;
  expect(state.lifetime).toBe('warning');
  expect(state.endsAt! - Date.now()).toBeGreaterThan(28_000);
  s.store.dispatch(sessionExtendRequested());
  await settle();
  expect(s.store.getState().sessionLifetime.lifetime).toBe('active');
  expect(s.t.posted).toEqual([
    { type: 'extended', status: { expiresInMs: 900_000, warnMs: 60_000, absolute: false } },
  ]);
  // Another tab's extension ends this tab's warning too.
  s.t.receive({ type: 'extended', status: parseStatus(answer(30)) });
  expect(s.store.getState().sessionLifetime.lifetime).toBe('warning');
  s.t.receive({ type: 'extended', status: parseStatus(answer(900)) });
  expect(s.store.getState().sessionLifetime.lifetime).toBe('active');
  s.task.cancel();
});

it('a 401 of the status check sends the tab to the login with the notice, and tells the other tabs', async () => {
  const s = start({
    'GET /api/auth/session': () => {
      throw new ApiError({
        kind: 'bad_request',
        status: 401,
        message: '401',
        url: '/api/auth/session',
        method: 'GET',
      });
    },
  });
  await settle();
  expect(s.left).toEqual([TIMEOUT_LOGIN_URL]);
  expect(s.t.posted).toEqual([{ type: 'ended' }]);
});

it('another tab reporting the end, or an answer through the gate, sends this tab to the login', async () => {
  const s = start({ 'GET /api/auth/session': () => answer(900) });
  await settle();
  s.t.receive({ type: 'ended' });
  await settle();
  expect(s.left).toEqual([TIMEOUT_LOGIN_URL]);

  const g = start({ 'GET /api/auth/session': () => answer(900) });
  await settle();
  g.gate.sessionEnded();
  await settle();
  expect(g.left).toEqual([TIMEOUT_LOGIN_URL]);
});

it('asks for a re-authentication when the gate needs one, verifies, then lets the change go again', async () => {
  const s = start({
    'GET /api/auth/session': () => answer(900),
    'POST /api/auth/reauth': () => answer(900),
  });
  await settle();
  const outcome = s.gate.reauthenticate();
  await settle();
  expect(s.store.getState().sessionLifetime.reauth).toBe('requested');
  s.store.dispatch(reauthSubmitted({ password: 'secret' }));
  await expect(outcome).resolves.toBe(true);
  expect(s.calls.find((c) => c.url === '/api/auth/reauth')?.body).toEqual({ password: 'secret' });
  await settle();
  expect(s.store.getState().sessionLifetime.reauth).toBe('none');
  s.task.cancel();
});
