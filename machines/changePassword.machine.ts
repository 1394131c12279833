/**
 * Local change password (spec §2, §5, §8): username, current and new password, all required; when the server
 * asks (401 code 3) a one-time-code field replaces them. Codes 2 (invalid code), 6 (invalid password) and
 * 7 (same password) are shown at the field step they concern. Success leaves for data.redirect_uri, else login.
 */
import { assign, fromPromise, setup } from 'xstate';
import { LOCAL_AUTH_CODES, localAuthCode, localAuthMessages } from '../src/identity/localAuth';
import type { ChangePasswordCredentials, LoginResult } from '../src/identity/localAuth';

export interface ChangePasswordContext {
  username: string;
  password: string;
  newPassword: string;
  otp: string;
  error: string | null;
  prompt: string | null;
  result: LoginResult | null;
}

export type ChangePasswordEvent =
  | { type: 'user.submit'; username: string; password: string; newPassword: string }
  | { type: 'user.submitCode'; otp: string }
  | { type: 'user.back' };

/** A guard on the refusal's error (`{ type, params: { error } }`). */
const onError = <T extends string>(type: T) =>
  ({ type, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }) as const;
/** The refusal carries this §8 code. */
const codeIs = (code: number) => (_: unknown, params: { error: unknown }) =>
  localAuthCode(params.error) === code;

export const changePasswordMachine = setup({
  types: { context: {} as ChangePasswordContext, events: {} as ChangePasswordEvent },
  actors: {
    changePassword: fromPromise<LoginResult, ChangePasswordCredentials>(async () => {
      throw new Error('changePassword actor not provided');
    }),
  },
  actions: {
    /** Leaves for the returned redirect, else the login route; provided by the view. */
    completeChange: (_, _params: { result: LoginResult }) => {},
    notifyError: (_, _params: { error: unknown }) => {},
    requireAllFields: assign({ error: localAuthMessages.completeAllFields }),
    storeCredentials: assign((_, params: { username: string; password: string; newPassword: string }) => ({
      username: params.username.trim(),
      password: params.password,
      newPassword: params.newPassword,
      otp: '',
      error: null,
    })),
    storeOtp: assign((_, params: { otp: string }) => ({ otp: params.otp.trim(), error: null })),
    forgetOtp: assign({ otp: '', error: null, prompt: null }),
    storeResult: assign((_, params: { result: LoginResult }) => ({ result: params.result })),
    askForOtp: assign({ otp: '', error: null, prompt: localAuthMessages.otpRequired }),
    refuseOtp: assign({
      otp: '',
      error: localAuthMessages.invalidOtp,
      prompt: localAuthMessages.otpRequired,
    }),
    refusePassword: assign({ password: '', error: localAuthMessages.invalidPassword, prompt: null }),
    refuseSamePassword: assign({ newPassword: '', error: localAuthMessages.samePassword, prompt: null }),
    reportOtpSecretMissing: assign({ error: localAuthMessages.otpSecretMissing, prompt: null }),
    refuseCredentials: assign({ password: '', error: localAuthMessages.wrongCredentials, prompt: null }),
    clearPrompt: assign({ prompt: null }),
  },
  guards: {
    fieldsMissing: (_, params: { username: string; password: string; newPassword: string }) =>
      !params.username.trim() || !params.password || !params.newPassword,
    otpEmpty: (_, params: { otp: string }) => !params.otp.trim(),
    /** 401 code 3: the account has a second factor; the code step follows. */
    otpRequired: codeIs(LOCAL_AUTH_CODES.otpRequired),
    otpInvalid: codeIs(LOCAL_AUTH_CODES.invalidOtp),
    /** 401 code 6: the new password does not meet the policy. */
    passwordInvalid: codeIs(LOCAL_AUTH_CODES.invalidPassword),
    /** 401 code 7: the new password is the current one. */
    samePassword: codeIs(LOCAL_AUTH_CODES.samePassword),
    otpSecretMissing: codeIs(LOCAL_AUTH_CODES.otpSecretMissing),
    /** Any other 401 with a code: the user name or password was wrong. */
    credentialsRefused: (_, params: { error: unknown }) => localAuthCode(params.error) !== null,
  },
}).createMachine({
  id: 'changePassword',
  initial: 'editing',
  context: { username: '', password: '', newPassword: '', otp: '', error: null, prompt: null, result: null },
  states: {
    editing: {
      on: {
        'user.submit': [
          { guard: { type: 'fieldsMissing', params: ({ event }) => event }, actions: 'requireAllFields' },
          { target: 'submitting', actions: { type: 'storeCredentials', params: ({ event }) => event } },
        ],
      },
    },
    otp: {
      on: {
        'user.submitCode': [
          { guard: { type: 'otpEmpty', params: ({ event }) => event }, actions: 'requireAllFields' },
          { target: 'submitting', actions: { type: 'storeOtp', params: ({ event }) => event } },
        ],
        'user.back': { target: 'editing', actions: 'forgetOtp' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({
          username: context.username,
          password: context.password,
          newPassword: context.newPassword,
          otp: context.otp,
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'completeChange', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: [
          { guard: onError('otpRequired'), target: 'otp', actions: 'askForOtp' },
          { guard: onError('otpInvalid'), target: 'otp', actions: 'refuseOtp' },
          { guard: onError('passwordInvalid'), target: 'editing', actions: 'refusePassword' },
          { guard: onError('samePassword'), target: 'editing', actions: 'refuseSamePassword' },
          {
            guard: onError('otpSecretMissing'),
            target: 'editing',
            actions: 'reportOtpSecretMissing',
          },
          {
            guard: onError('credentialsRefused'),
            target: 'editing',
            actions: 'refuseCredentials',
          },
          {
            target: 'editing',
            actions: [
              'clearPrompt',
              { type: 'notifyError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    done: { tags: ['busy'] },
  },
});
