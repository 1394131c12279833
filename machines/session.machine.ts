/**
 * The life of a signed-in console session in one tab (issue "session lifecycle"), two regions side by side:
 *
 * - `lifetime`: the server says when the session ends (the status check, which does not extend it). While the end
 *   is further away than the warning time the tab is `active` and checks again shortly before the warning; inside it
 *   the tab shows the `warning` (WCAG 2.2.1: warn, let the user extend) and checks again at the end. The user's
 *   "Stay signed in" is `extending` → `extended`; a status that says the session is over, a 401, or another tab
 *   reporting the end is `expired` (the tab leaves for the login page with the timeout notice). A status another
 *   tab received (it extended) moves this tab back to `active`.
 * - `reauth`: a sensitive change the server refused for want of a recent sign-in is `requested` (a modal asks for
 *   the password or one-time code), `verifying` while the server checks it, then `retried` (the waiting request is
 *   sent again with the same data) or `cancelled` (it fails as refused).
 *
 * The host provides the actors (status, extend, verify) and the effects (announce to other tabs, leave for the login
 * page, settle the waiting request).
 */
import { assign, fromPromise, setup } from 'xstate';

/** What the status check answers, in the units the machine reasons with. */
export interface SessionStatus {
  /** Milliseconds until the session ends (idle or absolute end, whichever comes first). */
  expiresInMs: number;
  /** How long before the end the warning shows. */
  warnMs: number;
  /** The end is the absolute one: extending cannot move it. */
  absolute: boolean;
}

export interface ReauthCredentials {
  password?: string;
  otp?: string;
}

export interface SessionMachineInput {
  /** Longest wait between two status checks (a tab that was away learns of an end at its next check). */
  heartbeatMs?: number;
}

export interface SessionMachineContext extends SessionStatus {
  heartbeatMs: number;
  reauthError: string | null;
}

export type SessionMachineEvent =
  | { type: 'session.status'; status: SessionStatus }
  | { type: 'session.ended' }
  | { type: 'user.extend' }
  | { type: 'reauth.request' }
  | { type: 'user.verify'; password?: string; otp?: string }
  | { type: 'user.cancel' };

export const DEFAULT_HEARTBEAT_MS = 30_000;
/** Never check more often than this (a status that says "now" is answered by the check itself). */
export const MIN_CHECK_MS = 1_000;
/** The end is checked a moment after it, so the server has certainly ended the session. */
export const END_GRACE_MS = 500;

const clamp = (ms: number, max: number) => Math.max(MIN_CHECK_MS, Math.min(ms, max));

/** A rejection of the server that means "no session" (the status or extend call answered 401). */
const unauthenticated = (error: unknown) => (error as { status?: unknown } | null)?.status === 401;

/** The message of a failed verification: the server's own, or a generic one for transport failures. */
export function verifyErrorMessage(error: unknown): string {
  const detail = (error as { data?: { detail?: unknown } } | null)?.data?.detail;
  if (typeof detail === 'string') return detail;
  const message = (detail as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : 'Could not confirm it is you; try again';
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionMachineContext,
    input: {} as SessionMachineInput,
    events: {} as SessionMachineEvent,
  },
  actors: {
    checkStatus: fromPromise<SessionStatus>(() => Promise.reject(new Error('checkStatus not provided'))),
    extend: fromPromise<SessionStatus>(() => Promise.reject(new Error('extend not provided'))),
    verify: fromPromise<SessionStatus, ReauthCredentials>(() =>
      Promise.reject(new Error('verify not provided')),
    ),
  },
  delays: {
    /** Active: check again when the warning is due (or after a heartbeat). */
    untilWarning: ({ context }) => clamp(context.expiresInMs - context.warnMs, context.heartbeatMs),
    /** Warning: check again once the end has passed (or after a heartbeat, to learn of another tab's extension). */
    untilEnd: ({ context }) => clamp(context.expiresInMs + END_GRACE_MS, context.heartbeatMs),
  },
  guards: {
    hasEnded: ({ context }) => context.expiresInMs <= 0,
    isWithinWarning: ({ context }) => context.expiresInMs <= context.warnMs,
    isUnauthenticated: ({ event }) => unauthenticated((event as { error?: unknown }).error),
    hasNoCredentials: ({ event }) => {
      const e = event as { password?: string; otp?: string };
      return !e.password && !e.otp?.trim();
    },
  },
  actions: {
    recordStatus: assign(({ event }) => {
      const { status } = event as { status: SessionStatus };
      return { expiresInMs: status.expiresInMs, warnMs: status.warnMs, absolute: status.absolute };
    }),
    recordResult: assign(({ event }) => {
      const status = (event as unknown as { output: SessionStatus }).output;
      return { expiresInMs: status.expiresInMs, warnMs: status.warnMs, absolute: status.absolute };
    }),
    /** Tells the other tabs the session was extended (provided by the host). */
    announceExtended: () => {},
    /** Leaves for the login page with the timeout notice, and tells the other tabs (provided by the host). */
    leaveForLogin: () => {},
    requireCredentials: assign({ reauthError: 'Enter your password or one-time code' }),
    clearReauthError: assign({ reauthError: null }),
    recordVerifyError: assign(({ event }) => ({
      reauthError: verifyErrorMessage((event as { error?: unknown }).error),
    })),
    /** The waiting request is sent again (provided by the host). */
    settleRetried: () => {},
    /** The waiting request fails as refused (provided by the host). */
    settleCancelled: () => {},
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => ({
    expiresInMs: Number.POSITIVE_INFINITY,
    warnMs: 0,
    absolute: false,
    heartbeatMs: input?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    reauthError: null,
  }),
  states: {
    lifetime: {
      initial: 'checking',
      states: {
        /** Asking the server how long the session has (without extending it). */
        checking: {
          invoke: {
            src: 'checkStatus',
            onDone: { target: 'deciding', actions: 'recordResult' },
            onError: [{ guard: 'isUnauthenticated', target: 'expired' }, { target: 'active' }],
          },
        },
        deciding: {
          always: [
            { guard: 'hasEnded', target: 'expired' },
            { guard: 'isWithinWarning', target: 'warning' },
            { target: 'active' },
          ],
        },
        active: {
          after: { untilWarning: 'checking' },
          on: {
            'session.status': { target: 'deciding', actions: 'recordStatus' },
            'session.ended': 'expired',
          },
        },
        /** The countdown modal: the user may extend. */
        warning: {
          after: { untilEnd: 'checking' },
          on: {
            'user.extend': 'extending',
            'session.status': { target: 'deciding', actions: 'recordStatus' },
            'session.ended': 'expired',
          },
        },
        extending: {
          invoke: {
            src: 'extend',
            onDone: { target: 'extended', actions: ['recordResult', 'announceExtended'] },
            onError: [{ guard: 'isUnauthenticated', target: 'expired' }, { target: 'warning' }],
          },
        },
        extended: { always: 'deciding' },
        expired: { type: 'final', entry: 'leaveForLogin' },
      },
    },
    reauth: {
      initial: 'none',
      states: {
        none: { on: { 'reauth.request': 'requested' } },
        /** The modal asks for the password or one-time code. */
        requested: {
          on: {
            'user.verify': [
              { guard: 'hasNoCredentials', actions: 'requireCredentials' },
              { target: 'verifying', actions: 'clearReauthError' },
            ],
            'user.cancel': { target: 'cancelled', actions: 'clearReauthError' },
          },
        },
        verifying: {
          invoke: {
            src: 'verify',
            input: ({ event }) => {
              const e = event as { password?: string; otp?: string };
              return e.otp?.trim() ? { otp: e.otp.trim() } : { password: e.password };
            },
            onDone: { target: 'retried' },
            onError: { target: 'requested', actions: 'recordVerifyError' },
          },
        },
        retried: { entry: 'settleRetried', always: 'none' },
        cancelled: { entry: 'settleCancelled', always: 'none' },
      },
    },
  },
});

/** The phase the store mirrors for the views. */
export type LifetimePhase = 'checking' | 'active' | 'warning' | 'extending' | 'expired';
export type ReauthPhase = 'none' | 'requested' | 'verifying';

export function phasesOf(value: unknown): { lifetime: LifetimePhase; reauth: ReauthPhase } {
  const v = value as { lifetime?: string; reauth?: string };
  const lifetime: LifetimePhase =
    v.lifetime === 'warning' || v.lifetime === 'extending' || v.lifetime === 'expired'
      ? v.lifetime
      : v.lifetime === 'active'
        ? 'active'
        : 'checking';
  const reauth: ReauthPhase = v.reauth === 'requested' || v.reauth === 'verifying' ? v.reauth : 'none';
  return { lifetime, reauth };
}
