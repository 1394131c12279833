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

/** A guard on the failed login's error (`{ type, params: { error } }`). */
const onError = <T extends string>(type: T) =>
  ({ type, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }) as const;

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
    storeSetup: assign((_, params: { setup: LoginSetup }) => ({ setup: params.setup })),
    requireUsername: assign({ error: localAuthMessages.usernameRequired }),
    storeUsername: assign((_, params: { username: string }) => ({
      username: params.username.trim(),
      error: null,
      prompt: null,
    })),
    forgetPassword: assign({ password: '', error: null }),
    storePassword: assign((_, params: { password: string }) => ({ password: params.password, error: null })),
    forgetOtp: assign({ otp: '', error: null, prompt: null }),
    storeOtp: assign((_, params: { otp: string }) => ({ otp: params.otp, error: null })),
    storeResult: assign((_, params: { result: LoginResult }) => ({ result: params.result })),
    askForOtp: assign({ otp: '', error: null, prompt: localAuthMessages.otpRequired }),
    refuseOtp: assign({
      otp: '',
      error: localAuthMessages.invalidOtp,
      prompt: localAuthMessages.otpRequired,
    }),
    reportOtpSecretMissing: assign({ otp: '', error: localAuthMessages.otpSecretMissing, prompt: null }),
    refuseCredentials: assign({
      password: '',
      otp: '',
      error: localAuthMessages.wrongCredentials,
      prompt: null,
    }),
    clearOtpStep: assign({ otp: '', prompt: null }),
  },
  guards: {
    bearerMode: ({ context }) => context.bearerMode,
    usernameEmpty: (_, params: { username: string }) => params.username.trim() === '',
    /** 401 code 3: the account has a second factor; the code step follows. */
    otpRequired: (_, params: { error: unknown }) =>
      localAuthCode(params.error) === LOCAL_AUTH_CODES.otpRequired,
    /** 401 code 2: the one-time code was wrong. */
    otpInvalid: (_, params: { error: unknown }) =>
      localAuthCode(params.error) === LOCAL_AUTH_CODES.invalidOtp,
    /** 401 code 4: a code was asked for, but the account has no second factor set up. */
    otpSecretMissing: (_, params: { error: unknown }) =>
      localAuthCode(params.error) === LOCAL_AUTH_CODES.otpSecretMissing,
    /** Any other 401 with a code: the user name or password was wrong. */
    credentialsRefused: (_, params: { error: unknown }) => localAuthCode(params.error) !== null,
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
            onDone: {
              target: 'loaded',
              actions: { type: 'storeSetup', params: ({ event }) => ({ setup: event.output }) },
            },
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
                guard: { type: 'usernameEmpty', params: ({ event }) => ({ username: event.username }) },
                actions: 'requireUsername',
              },
              {
                target: 'password',
                actions: { type: 'storeUsername', params: ({ event }) => ({ username: event.username }) },
              },
            ],
          },
        },
        password: {
          on: {
            'user.back': { target: 'username', actions: 'forgetPassword' },
            'user.submit': {
              target: 'submitting',
              actions: { type: 'storePassword', params: ({ event }) => ({ password: event.password ?? '' }) },
            },
          },
        },
        otp: {
          on: {
            'user.back': { target: 'password', actions: 'forgetOtp' },
            'user.submit': {
              target: 'submitting',
              actions: { type: 'storeOtp', params: ({ event }) => ({ otp: event.otp ?? '' }) },
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
                { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
                { type: 'completeLogin', params: ({ event }) => ({ result: event.output }) },
              ],
            },
            onError: [
              { guard: onError('otpRequired'), target: 'otp', actions: 'askForOtp' },
              { guard: onError('otpInvalid'), target: 'otp', actions: 'refuseOtp' },
              { guard: onError('otpSecretMissing'), target: 'password', actions: 'reportOtpSecretMissing' },
              { guard: onError('credentialsRefused'), target: 'password', actions: 'refuseCredentials' },
              {
                // Anything else goes to the generic handler; the user stays on the password step.
                target: 'password',
                actions: [
                  'clearOtpStep',
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
