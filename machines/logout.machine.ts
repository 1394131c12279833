/**
 * Logout (spec §2, §4): `segue=verification` with an e-mail goes to verification instead; otherwise the logout
 * flow is created, session storage is cleared and the browser goes to the returned logout URL. Without a session
 * (session_inactive) the user is sent to /login/.
 */
import { assign, fromPromise, setup } from 'xstate';
import { classifyFailure, IDENTITY_TOAST_MS } from '../src/identity/flow';
import type { FlowFailure } from '../src/identity/flow';

export interface LogoutInput {
  segue?: string | null;
  email?: string | null;
  returnTo?: string;
}

export interface LogoutContext {
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
  },
  actions: {
    redirect: (_, _params: { to: string; fullLoad?: boolean }) => {},
    clearSessionStorage: () => {},
    notify: (_, _params: { level: 'error'; message: string; duration: number }) => {},
  },
  guards: {
    segueToVerification: ({ context }) => context.segue === 'verification' && Boolean(context.email),
  },
}).createMachine({
  id: 'logout',
  initial: 'start',
  context: ({ input }) => ({
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
        { target: 'creating' },
      ],
    },
    creating: {
      invoke: {
        src: 'createLogout',
        input: ({ context }) => ({ returnTo: context.returnTo }),
        onDone: {
          target: 'leaving',
          actions: [
            assign({ logoutUrl: ({ event }) => event.output.logout_url }),
            'clearSessionStorage',
            { type: 'redirect', params: ({ event }) => ({ to: event.output.logout_url, fullLoad: true }) },
          ],
        },
        onError: [
          {
            guard: ({ event }) => classifyFailure(event.error, 'logout').type === 'redirect',
            target: 'leaving',
            actions: [
              'clearSessionStorage',
              {
                type: 'redirect',
                params: ({ event }) => ({
                  to: (classifyFailure(event.error, 'logout') as { to: string }).to,
                  fullLoad: true,
                }),
              },
            ],
          },
          {
            target: 'failed',
            actions: [
              assign({ failure: ({ event }) => classifyFailure(event.error, 'logout') }),
              {
                type: 'notify',
                params: ({ context }) => {
                  const f = context.failure as { message?: string; duration?: number } | null;
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
    leaving: {},
    failed: { on: { 'user.retry': { target: 'creating', actions: assign({ failure: null }) } } },
  },
});
