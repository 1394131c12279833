/**
 * Local login (spec §2, §4, §8): username, then password, then an optional one-time code. Enter or Tab advances;
 * go back returns one step; a 401 with code 3 moves to the code step, code 2 clears the code. The setup (methods,
 * offline flag, custom look) loads beside the steps and is skipped in bearer mode. Effects are actors and actions
 * supplied by the view with `machine.provide`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_SETUP, LOCAL_AUTH_CODES, localAuthCode, localAuthMessages } from '../src/identity/localAuth';
import type { LoginCredentials, LoginResult, LoginSetup } from '../src/identity/localAuth';

export interface LoginInput {
  bearerMode: boolean;
}

export interface LoginContext {
  bearerMode: boolean;
  username: string;
  password: string;
  otp: string;
  /** Shown under the current step and announced. */
  error: string | null;
  /** An informative prompt (the code step). */
  prompt: string | null;
  setup: LoginSetup;
  result: LoginResult | null;
}

export type LoginEvent =
  | { type: 'user.next'; username: string }
  | { type: 'user.submit'; password?: string; otp?: string }
  | { type: 'user.back' };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    loadSetup: fromPromise<LoginSetup>(async () => DEFAULT_SETUP),
    login: fromPromise<LoginResult, LoginCredentials>(async () => {
      throw new Error('login actor not provided');
    }),
  },
  actions: {
    /** Stores the bearer token (bearer mode) and leaves for the logged-in console; provided by the view. */
    completeLogin: (_, _params: { result: LoginResult }) => {},
    /** Raises a toast for failures outside the §8 401 codes; provided by the view. */
    notifyError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    bearerMode: ({ context }) => context.bearerMode,
  },
}).createMachine({
  id: 'login',
  type: 'parallel',
  context: ({ input }) => ({
    bearerMode: input.bearerMode,
    username: '',
    password: '',
    otp: '',
    error: null,
    prompt: null,
    setup: DEFAULT_SETUP,
    result: null,
  }),
  states: {
    setup: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'bearerMode', target: 'skipped' }, { target: 'loading' }] },
        loading: {
          invoke: {
            src: 'loadSetup',
            onDone: { target: 'loaded', actions: assign({ setup: ({ event }) => event.output }) },
            // The form still works without the setup: defaults stay.
            onError: { target: 'failed' },
          },
        },
        loaded: {},
        failed: {},
        skipped: {},
      },
    },
    step: {
      initial: 'username',
      states: {
        username: {
          on: {
            'user.next': [
              {
                guard: ({ event }) => event.username.trim() === '',
                actions: assign({ error: localAuthMessages.usernameRequired }),
              },
              {
                target: 'password',
                actions: assign({
                  username: ({ event }) => event.username.trim(),
                  error: null,
                  prompt: null,
                }),
              },
            ],
          },
        },
        password: {
          on: {
            'user.back': { target: 'username', actions: assign({ password: '', error: null }) },
            'user.submit': {
              target: 'submitting',
              actions: assign({ password: ({ event }) => event.password ?? '', error: null }),
            },
          },
        },
        otp: {
          on: {
            'user.back': { target: 'password', actions: assign({ otp: '', error: null, prompt: null }) },
            'user.submit': {
              target: 'submitting',
              actions: assign({ otp: ({ event }) => event.otp ?? '', error: null }),
            },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'login',
            input: ({ context }) => ({
              username: context.username,
              password: context.password,
              otp: context.otp,
            }),
            onDone: {
              target: 'success',
              actions: [
                assign({ result: ({ event }) => event.output }),
                { type: 'completeLogin', params: ({ event }) => ({ result: event.output }) },
              ],
            },
            onError: [
              {
                guard: ({ event }) => localAuthCode(event.error) === LOCAL_AUTH_CODES.otpRequired,
                target: 'otp',
                actions: assign({ otp: '', error: null, prompt: localAuthMessages.otpRequired }),
              },
              {
                guard: ({ event }) => localAuthCode(event.error) === LOCAL_AUTH_CODES.invalidOtp,
                target: 'otp',
                actions: assign({
                  otp: '',
                  error: localAuthMessages.invalidOtp,
                  prompt: localAuthMessages.otpRequired,
                }),
              },
              {
                guard: ({ event }) => localAuthCode(event.error) === LOCAL_AUTH_CODES.otpSecretMissing,
                target: 'password',
                actions: assign({ otp: '', error: localAuthMessages.otpSecretMissing, prompt: null }),
              },
              {
                guard: ({ event }) => localAuthCode(event.error) !== null,
                target: 'password',
                actions: assign({
                  password: '',
                  otp: '',
                  error: localAuthMessages.wrongCredentials,
                  prompt: null,
                }),
              },
              {
                // Anything else goes to the generic handler; the user stays on the password step.
                target: 'password',
                actions: [
                  assign({ otp: '', prompt: null }),
                  { type: 'notifyError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
        success: { tags: ['busy'] },
      },
    },
  },
});
