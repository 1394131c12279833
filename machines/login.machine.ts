/**
 * Local login (spec §2, §4, §8): username, then password, then an optional second step: a one-time code, a security
 * key, or either when the account has both. Enter or Tab advances; go back returns one step; a 401 with code 3 moves
 * to the second step (its answer names the ways and carries the key ceremony), code 2 clears the code; a refused key
 * (code 8) stays on the step with a fresh ceremony, an expired one (code 9) returns to the password. The setup (methods,
 * offline flag, custom look) loads beside the steps and is skipped in bearer mode. Effects are actors and actions
 * supplied by the view with `machine.provide`.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  DEFAULT_SETUP,
  LOCAL_AUTH_CODES,
  localAuthCode,
  localAuthMessages,
  readSecondStep,
} from '../src/identity/localAuth';
import type { LoginCredentials, LoginResult, LoginSetup, SecondFactor } from '../src/identity/localAuth';
import { SecurityKeyPromptError, type SecurityKeyStep } from '../src/identity/securityKeys';

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
  /** The ways the second step offers (the code, the security key). */
  secondFactors: SecondFactor[];
  /** The security-key ceremony of the second step, or null when no key can be used. */
  keyStep: SecurityKeyStep | null;
  /** Why the account's security keys cannot be used here (an IP-address origin, another host name). */
  keyProblem: string | null;
}

export type LoginEvent =
  | { type: 'user.next'; username: string }
  | { type: 'user.submit'; password?: string; otp?: string }
  | { type: 'user.back' }
  | { type: 'user.useKey' };

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
    /** The browser's key prompt and the key step's answer to the appliance; provided by the view. */
    useSecurityKey: fromPromise<LoginResult, SecurityKeyStep>(async () => {
      throw new Error('useSecurityKey actor not provided');
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
    askForOtp: assign((_, params: { error: unknown }) => {
      const step = readSecondStep(params.error);
      const key = step.secondFactors.includes('webauthn');
      const code = step.secondFactors.includes('totp');
      return {
        otp: '',
        error: key && !step.keyStep && !code ? step.keyProblem : null,
        prompt: key
          ? code
            ? localAuthMessages.securityKeyOrOtp
            : localAuthMessages.securityKeyRequired
          : localAuthMessages.otpRequired,
        secondFactors: step.secondFactors,
        keyStep: step.keyStep,
        keyProblem: step.keyProblem,
      };
    }),
    /** The key was refused: its reason, and the fresh ceremony the answer carries. */
    refuseKey: assign((_, params: { error: unknown }) => {
      const step = readSecondStep(params.error);
      return {
        error: step.message ?? localAuthMessages.securityKeyRefused,
        keyStep: step.keyStep,
        keyProblem: step.keyProblem,
      };
    }),
    /** The browser's prompt failed (cancelled, not allowed here): its words; the ceremony stays usable. */
    reportKeyPrompt: assign((_, params: { error: unknown }) => ({
      error: params.error instanceof Error ? params.error.message : localAuthMessages.securityKeyRefused,
    })),
    expireKeyStep: assign({
      password: '',
      otp: '',
      error: localAuthMessages.securityKeyExpired,
      prompt: null,
      keyStep: null,
    }),
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
    forgetSecondStep: assign({ otp: '', error: null, prompt: null, keyStep: null, keyProblem: null }),
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
    /** The second step has a security-key ceremony to run. */
    keyAvailable: ({ context }) => context.keyStep !== null,
    /** 401 code 8: the key's answer was refused (a fresh ceremony comes with it). */
    keyRefused: (_, params: { error: unknown }) =>
      localAuthCode(params.error) === LOCAL_AUTH_CODES.securityKeyRefused,
    /** 401 code 9: the key step is used or too old. */
    keyExpired: (_, params: { error: unknown }) =>
      localAuthCode(params.error) === LOCAL_AUTH_CODES.securityKeyExpired,
    /** The browser's prompt failed before anything was sent. */
    keyPromptFailed: (_, params: { error: unknown }) => params.error instanceof SecurityKeyPromptError,
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
    secondFactors: ['totp'],
    keyStep: null,
    keyProblem: null,
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
            'user.back': { target: 'password', actions: 'forgetSecondStep' },
            'user.submit': {
              target: 'submitting',
              actions: { type: 'storeOtp', params: ({ event }) => ({ otp: event.otp ?? '' }) },
            },
            'user.useKey': { guard: 'keyAvailable', target: 'securityKey' },
          },
        },
        securityKey: {
          tags: ['busy'],
          invoke: {
            src: 'useSecurityKey',
            input: ({ context }) => context.keyStep!,
            onDone: {
              target: 'success',
              actions: [
                { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
                { type: 'completeLogin', params: ({ event }) => ({ result: event.output }) },
              ],
            },
            onError: [
              { guard: onError('keyPromptFailed'), target: 'otp', actions: onError('reportKeyPrompt') },
              { guard: onError('keyRefused'), target: 'otp', actions: onError('refuseKey') },
              { guard: onError('keyExpired'), target: 'password', actions: 'expireKeyStep' },
              { guard: onError('credentialsRefused'), target: 'password', actions: 'refuseCredentials' },
              {
                target: 'otp',
                actions: [{ type: 'notifyError', params: ({ event }) => ({ error: event.error }) }],
              },
            ],
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
              { guard: onError('otpRequired'), target: 'otp', actions: onError('askForOtp') },
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
