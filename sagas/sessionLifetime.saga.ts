/**
 * The session's life in this tab (browser only, while signed in): runs the session machine with the real status,
 * extend and re-authentication calls, mirrors it into the store for the countdown and re-authentication modals,
 * and keeps the tabs of the browser in step (BroadcastChannel, or storage events where there is none): one tab's
 * extension ends every tab's warning, one tab's expiry sends every tab to the login page with the timeout notice.
 * The API client's session gate reports refusals that need a re-authentication and answers that say the session
 * timed out (a tab that was away learns it at its next request, or at its next status check).
 */
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { fork, getContext, put, select, take } from 'redux-saga/effects';
import { createActor, fromPromise, type Actor } from 'xstate';
import {
  phasesOf,
  sessionMachine,
  type ReauthCredentials,
  type SessionMachineEvent,
  type SessionStatus,
} from '../machines/session.machine';
import { authBaseOf, type ApiClient } from '../src/api/client';
import type { SessionStatus as SessionStatusAnswer } from '../src/shared/contracts/authentication';
import { extendSession, getSession, reauthenticate } from '../src/shared/contracts/shell';
import type { SessionGate } from '../src/api/sessionGate';
import { PASSIVE_HEADER } from '../src/shared/http';
import { inspect as qaInspect, type Inspect } from '../src/qa/inspect';
import type { RootState } from '../src/store/createStore';
import {
  reauthCancelled,
  reauthSubmitted,
  sessionExtendRequested,
  sessionLifetimeChanged,
} from '../src/store/slices/sessionLifetime.slice';

export const TIMEOUT_LOGIN_URL = '/account/login?notice=session_timeout';
export const TAB_CHANNEL = 'rampart-session';

/** The machine's status from the appliance's (`getSession`, `extendSession`, `reauthenticate`), read defensively. */
export function parseStatus(data: Partial<SessionStatusAnswer> | undefined): SessionStatus {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    expiresInMs: n(data?.expires_in_seconds) * 1000,
    warnMs: n(data?.warn_seconds) * 1000,
    absolute: data?.absolute === true,
  };
}

/** What one tab tells the others. */
export type TabMessage = { type: 'extended'; status: SessionStatus } | { type: 'ended' };

export interface TabLink {
  post(message: TabMessage): void;
  listen(listener: (message: TabMessage) => void): () => void;
}

/** The browser's link between tabs of one origin. */
export function browserTabLink(): TabLink {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(TAB_CHANNEL);
    return {
      post: (m) => channel.postMessage(m),
      listen(listener) {
        const on = (e: MessageEvent) => listener(e.data as TabMessage);
        channel.addEventListener('message', on);
        return () => {
          channel.removeEventListener('message', on);
          channel.close();
        };
      },
    };
  }
  // Storage events reach the other tabs of the origin (not this one); the value changes each time.
  return {
    post: (m) => window.localStorage.setItem(TAB_CHANNEL, JSON.stringify({ ...m, at: Date.now() })),
    listen(listener) {
      const on = (e: StorageEvent) => {
        if (e.key !== TAB_CHANNEL || !e.newValue) return;
        try {
          listener(JSON.parse(e.newValue) as TabMessage);
        } catch {
          /* not ours */
        }
      };
      window.addEventListener('storage', on);
      return () => window.removeEventListener('storage', on);
    },
  };
}

type Input =
  | { kind: 'machine'; snapshot: ReturnType<Actor<typeof sessionMachine>['getSnapshot']> }
  | { kind: 'send'; event: SessionMachineEvent };

export interface LifetimeHooks {
  tabs: TabLink;
  leave: (url: string) => void;
  heartbeatMs?: number;
}

export function* sessionLifetimeSaga() {
  const loggedIn: boolean = yield select((s: RootState) => s.session.loggedIn);
  if (!loggedIn) return;
  const api: ApiClient = yield getContext('api');
  const gate: SessionGate | undefined = yield getContext('sessionGate');
  const hooks: LifetimeHooks = (yield getContext('sessionHooks')) ?? {
    tabs: browserTabLink(),
    leave: (url: string) => window.location.assign(url),
  };
  const authBase: string = yield select((s: RootState) => s.config.authBase);
  // The session's endpoints are under the auth base.
  const at = authBaseOf(authBase);
  const passive = { ...at, headers: { [PASSIVE_HEADER]: '1' } };
  let left = false;
  const machine = sessionMachine.provide({
    actors: {
      checkStatus: fromPromise(async () => parseStatus((await api.call(getSession, {}, passive)).data)),
      extend: fromPromise(async () => parseStatus((await api.call(extendSession, {}, at)).data)),
      verify: fromPromise(async ({ input }: { input: ReauthCredentials }) =>
        parseStatus((await api.call(reauthenticate, { body: input }, at)).data),
      ),
    },
    actions: {
      announceExtended: ({ context }) =>
        hooks.tabs.post({
          type: 'extended',
          status: { expiresInMs: context.expiresInMs, warnMs: context.warnMs, absolute: context.absolute },
        }),
      leaveForLogin: () => {
        if (left) return;
        left = true;
        hooks.tabs.post({ type: 'ended' });
        hooks.leave(TIMEOUT_LOGIN_URL);
      },
      settleRetried: () => gate?.settle(true),
      settleCancelled: () => gate?.settle(false),
    },
  });
  // The saga context may hand its own `inspect` (a story's chart, a test); otherwise the QA panel's.
  const inspect: Inspect = ((yield getContext('inspect')) as Inspect | undefined) ?? qaInspect;
  const actor = createActor(machine, { input: { heartbeatMs: hooks.heartbeatMs }, inspect });
  const inputs: EventChannel<Input> = eventChannel((emit) => {
    const sub = actor.subscribe((snapshot) => emit({ kind: 'machine', snapshot }));
    const stopTabs = hooks.tabs.listen((m) =>
      emit({
        kind: 'send',
        event: m.type === 'ended' ? { type: 'session.ended' } : { type: 'session.status', status: m.status },
      }),
    );
    const stopGate = gate?.subscribe((e) =>
      emit({ kind: 'send', event: e === 'reauth' ? { type: 'reauth.request' } : { type: 'session.ended' } }),
    );
    return () => {
      sub.unsubscribe();
      stopTabs();
      stopGate?.();
    };
    // Nothing may be dropped while the loop below is busy (a lost request would leave a change waiting forever).
  }, buffers.expanding<Input>());
  actor.start();
  yield fork(forwardViewRequests, actor);
  let lastExpiresIn = Number.NaN;
  let endsAt: number | null = null;
  const mirror = (snapshot: ReturnType<Actor<typeof sessionMachine>['getSnapshot']>) => {
    const { lifetime, reauth } = phasesOf(snapshot.value);
    const c = snapshot.context;
    // The end moves only with a new status (the countdown must not restart on unrelated steps).
    if (c.expiresInMs !== lastExpiresIn) {
      lastExpiresIn = c.expiresInMs;
      endsAt = Number.isFinite(c.expiresInMs) ? Date.now() + c.expiresInMs : null;
    }
    return sessionLifetimeChanged({
      lifetime,
      endsAt,
      absolute: c.absolute,
      reauth,
      reauthError: c.reauthError,
    });
  };
  try {
    yield put(mirror(actor.getSnapshot()));
    for (;;) {
      const next: Input = yield take(inputs);
      if (next.kind === 'machine') yield put(mirror(next.snapshot));
      else actor.send(next.event);
    }
  } finally {
    actor.stop();
    inputs.close();
  }
}

/** The modals' requests, as machine events. */
function* forwardViewRequests(actor: Actor<typeof sessionMachine>) {
  for (;;) {
    const action: { type: string; payload?: { password?: string; otp?: string } } = yield take([
      sessionExtendRequested.type,
      reauthSubmitted.type,
      reauthCancelled.type,
    ]);
    if (action.type === sessionExtendRequested.type) actor.send({ type: 'user.extend' });
    else if (action.type === reauthCancelled.type) actor.send({ type: 'user.cancel' });
    else actor.send({ type: 'user.verify', ...action.payload });
  }
}
