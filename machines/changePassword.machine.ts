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

const codeIs =
  (code: number) =>
  ({ event }: { event: { error: unknown } }) =>
    localAuthCode(event.error) === code;

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
  },
}).createMachine({
  id: 'changePassword',
  initial: 'editing',
  context: { username: '', password: '', newPassword: '', otp: '', error: null, prompt: null, result: null },
  states: {
    editing: {
      on: {
        'user.submit': [
          {
            guard: ({ event }) => !event.username.trim() || !event.password || !event.newPassword,
            actions: assign({ error: localAuthMessages.completeAllFields }),
          },
          {
            target: 'submitting',
            actions: assign({
              username: ({ event }) => event.username.trim(),
              password: ({ event }) => event.password,
              newPassword: ({ event }) => event.newPassword,
              otp: '',
              error: null,
            }),
          },
        ],
      },
    },
    otp: {
      on: {
        'user.submitCode': [
          {
            guard: ({ event }) => !event.otp.trim(),
            actions: assign({ error: localAuthMessages.completeAllFields }),
          },
          { target: 'submitting', actions: assign({ otp: ({ event }) => event.otp.trim(), error: null }) },
        ],
        'user.back': { target: 'editing', actions: assign({ otp: '', error: null, prompt: null }) },
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
            assign({ result: ({ event }) => event.output }),
            { type: 'completeChange', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: [
          {
            guard: codeIs(LOCAL_AUTH_CODES.otpRequired),
            target: 'otp',
            actions: assign({ otp: '', error: null, prompt: localAuthMessages.otpRequired }),
          },
          {
            guard: codeIs(LOCAL_AUTH_CODES.invalidOtp),
            target: 'otp',
            actions: assign({
              otp: '',
              error: localAuthMessages.invalidOtp,
              prompt: localAuthMessages.otpRequired,
            }),
          },
          {
            guard: codeIs(LOCAL_AUTH_CODES.invalidPassword),
            target: 'editing',
            actions: assign({ password: '', error: localAuthMessages.invalidPassword, prompt: null }),
          },
          {
            guard: codeIs(LOCAL_AUTH_CODES.samePassword),
            target: 'editing',
            actions: assign({ newPassword: '', error: localAuthMessages.samePassword, prompt: null }),
          },
          {
            guard: codeIs(LOCAL_AUTH_CODES.otpSecretMissing),
            target: 'editing',
            actions: assign({ error: localAuthMessages.otpSecretMissing, prompt: null }),
          },
          {
            guard: ({ event }) => localAuthCode(event.error) !== null,
            target: 'editing',
            actions: assign({ password: '', error: localAuthMessages.wrongCredentials, prompt: null }),
          },
          {
            target: 'editing',
            actions: [
              assign({ prompt: null }),
              { type: 'notifyError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    done: { tags: ['busy'] },
  },
});
