/**
 * Logout (spec §2, §4, §7): `segue=verification` with an e-mail goes to verification instead (whichever session the
 * browser holds); otherwise a local login of the appliance is ended with its logout call (`localLogout`), or the
 * identity service's logout flow is created; then session storage is cleared and the browser goes to the returned
 * address. Without an identity session (session_inactive) the user is sent to /login/. This machine is the one
 * owner of logging out: the views only provide its actors and effects.
 */
import { assign, fromPromise, setup } from 'xstate';
import { classifyFailure, failureOf, IDENTITY_TOAST_MS } from '../src/identity/flow';
import type { FlowFailure } from '../src/identity/flow';
import type { LoginResult } from '../src/identity/localAuth';

export interface LogoutInput {
  segue?: string | null;
  email?: string | null;
  returnTo?: string;
  /** The browser holds a local login of the appliance (ended with `localLogout` instead of the identity flow). */
  local?: boolean;
  /** Where a local logout goes when the appliance names no page (or one that is refused). */
  loginPath?: string;
}

/** The local login page (spec §2 account links). */
export const DEFAULT_LOGIN_PATH = '/account/login';

export interface LogoutContext {
  local: boolean;
  loginPath: string;
  segue: string | null;
  email: string | null;
  returnTo: string | undefined;
  logoutUrl: string | null;
  failure: FlowFailure | null;
}

export type LogoutEvent = { type: 'user.retry' };

export const verificationSegue = (email: string) => `/verification/?email=${encodeURIComponent(email)}`;

export const logoutMachine = setup({
  types: { context: {} as LogoutContext, events: {} as LogoutEvent, input: {} as LogoutInput },
  actors: {
    createLogout: fromPromise<{ logout_url: string }, { returnTo?: string }>(async () => {
      throw new Error('createLogout actor not provided');
    }),
    localLogout: fromPromise<LoginResult>(async () => {
      throw new Error('localLogout actor not provided');
    }),
  },
  actions: {
    /** `fallback`: where to go instead when the view refuses `to` (a foreign address). */
    redirect: (_, _params: { to: string; fullLoad?: boolean; fallback?: string }) => {},
    clearSessionStorage: () => {},
    notify: (_, _params: { level: 'error'; message: string; duration: number }) => {},
    /** A failed local logout goes to the one error handler (§8 catalogue). */
    reportError: (_, _params: { error: unknown }) => {},
    storeLogoutUrl: assign((_, params: { url: string }) => ({ logoutUrl: params.url })),
    storeFailure: assign((_, params: { error: unknown }) => ({
      failure: classifyFailure(params.error, 'logout'),
    })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    segueToVerification: ({ context }) => context.segue === 'verification' && Boolean(context.email),
    local: ({ context }) => context.local,
    /** The identity service sends the browser elsewhere (e.g. session_inactive → /login/). */
    redirected: (_, params: { error: unknown }) =>
      classifyFailure(params.error, 'logout').type === 'redirect',
  },
}).createMachine({
  id: 'logout',
  initial: 'start',
  context: ({ input }) => ({
    local: input.local ?? false,
    loginPath: input.loginPath ?? DEFAULT_LOGIN_PATH,
    segue: input.segue ?? null,
    email: input.email ?? null,
    returnTo: input.returnTo,
    logoutUrl: null,
    failure: null,
  }),
  states: {
    start: {
      always: [
        {
          guard: 'segueToVerification',
          target: 'leaving',
          actions: {
            type: 'redirect',
            params: ({ context }) => ({ to: verificationSegue(context.email ?? '') }),
          },
        },
        { guard: 'local', target: 'endingLocal' },
        { target: 'creating' },
      ],
    },
    endingLocal: {
      tags: ['busy'],
      invoke: {
        src: 'localLogout',
        onDone: {
          target: 'leaving',
          actions: [
            'clearSessionStorage',
            {
              type: 'redirect',
              params: ({ context, event }) => ({
                to: event.output.redirectUri ?? context.loginPath,
                fullLoad: true,
                fallback: context.loginPath,
              }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'createLogout',
        input: ({ context }) => ({ returnTo: context.returnTo }),
        onDone: {
          target: 'leaving',
          actions: [
            { type: 'storeLogoutUrl', params: ({ event }) => ({ url: event.output.logout_url }) },
            'clearSessionStorage',
            { type: 'redirect', params: ({ event }) => ({ to: event.output.logout_url, fullLoad: true }) },
          ],
        },
        onError: [
          {
            guard: { type: 'redirected', params: ({ event }) => ({ error: event.error }) },
            target: 'leaving',
            actions: [
              'clearSessionStorage',
              {
                type: 'redirect',
                params: ({ event }) => ({
                  to: failureOf(classifyFailure(event.error, 'logout'), 'redirect').to,
                  fullLoad: true,
                }),
              },
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
              {
                type: 'notify',
                params: ({ context }) => {
                  const f = context.failure?.type === 'failed' ? context.failure : null;
                  return {
                    level: 'error' as const,
                    message: f?.message ?? 'Logging out failed. Please try again.',
                    duration: f?.duration ?? IDENTITY_TOAST_MS.error,
                  };
                },
              },
            ],
          },
        ],
      },
    },
    leaving: { tags: ['busy'] },
    failed: {
      on: {
        'user.retry': [
          { guard: 'local', target: 'endingLocal' },
          { target: 'creating', actions: 'clearFailure' },
        ],
      },
    },
  },
});
