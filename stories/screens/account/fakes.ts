/**
 * Canned data for the account stories: a local-auth API client with scripted answers, scripted identity actors and
 * sample flows shaped like the identity service's. Stories never reach a network, and never leave the page.
 */
import type { UiNode } from '@ory/client-fetch';
import { fromPromise } from 'xstate';
import type { FlowErrorContainer } from '../../../machines/flowError.machine';
import type { LoadFlowInput, SubmitFlowInput } from '../../../machines/flowForm.machine';
import { withCall, type ApiClient, type ApiResponse } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { pageLoader } from '../../../src/app/pages/account/useAccountEffects';
import { logger } from '../../../src/lib/logger';
import type { IdentityActors } from '../../../src/app/pages/account/identity/useFlowImplementations';
import type { IdentityFlow, SubmitResult } from '../../../src/identity/flow';

// A story must not navigate the preview away: full page loads are only reported.
pageLoader.assign = (url: string) => logger.info('story page load', url);

export const unauthorized = (code: number) =>
  new ApiError({
    kind: 'bad_request',
    status: 401,
    data: { detail: { code } },
    message: 'Request failed with status code 401',
    url: '/api/auth/login',
    method: 'POST',
  });

/** A local-auth client: GET answers the setup, each POST takes the next scripted answer (an Error is thrown). */
export function localAuthApi(setup: unknown, answers: Array<unknown> = []): ApiClient {
  const queue = [...answers];
  const ok = <T>(data: T): ApiResponse<T> => ({ status: 200, data, headers: new Headers() });
  const never = () => Promise.reject(new Error('not used in this story'));
  const get = (async () => ok(setup)) as ApiClient['get'];
  const post = (async () => {
    const a = queue.length > 1 ? queue.shift() : queue[0];
    if (a instanceof Error) throw a;
    // Without an answer the request never settles, so the story stays in its busy state.
    if (a === undefined) return new Promise(() => {});
    return ok(a);
  }) as ApiClient['post'];
  return withCall({
    // The screens call their endpoints (`api.call`): a GET is the setup, a POST the next answer.
    request: ((url: string, o?: { method?: string }) =>
      o?.method === 'POST'
        ? post(url)
        : o?.method === undefined || o.method === 'GET'
          ? get(url)
          : never()) as ApiClient['request'],
    get,
    post,
    put: never,
    patch: never,
    delete: never,
  });
}

type Answer<T> = T | { status: number; body: unknown } | 'pending';
const isError = (a: unknown): a is { status: number; body: unknown } =>
  Boolean(a) && typeof a === 'object' && 'status' in (a as object) && 'body' in (a as object);
function settle<T>(a: Answer<T> | undefined): Promise<T> {
  if (a === undefined || a === 'pending') return new Promise(() => {});
  if (isError(a)) return Promise.reject(a);
  return Promise.resolve(a);
}

export function identityActors(script: {
  loads?: Array<Answer<IdentityFlow>>;
  submits?: Array<Answer<SubmitResult>>;
  logout?: Answer<{ logout_url: string }>;
  flowError?: Answer<FlowErrorContainer>;
}): IdentityActors {
  const loads = [...(script.loads ?? [])];
  const submits = [...(script.submits ?? [])];
  return {
    loadFlow: fromPromise<IdentityFlow, LoadFlowInput>(() =>
      settle(loads.length > 1 ? loads.shift() : loads[0]),
    ),
    submitFlow: fromPromise<SubmitResult, SubmitFlowInput>(() =>
      settle(submits.length > 1 ? submits.shift() : submits[0]),
    ),
    createLogout: fromPromise<{ logout_url: string }, { returnTo?: string }>(() => settle(script.logout)),
    loadFlowError: fromPromise<FlowErrorContainer, { id: string }>(() => settle(script.flowError)),
  };
}

const label = (id: number, text: string, context?: object) => ({
  label: { id, text, type: 'info' as const, ...(context ? { context } : {}) },
});
export const input = (
  name: string,
  type: string,
  group: string,
  meta: object = {},
  extra: Record<string, unknown> = {},
): UiNode =>
  ({
    type: 'input',
    group,
    attributes: { node_type: 'input', name, type, disabled: false, ...extra },
    messages: [],
    meta,
  }) as unknown as UiNode;
const csrf = input('csrf_token', 'hidden', 'default', {}, { value: 'csrf-token', required: true });
const flow = (id: string, nodes: UiNode[], extra: Partial<IdentityFlow> = {}): IdentityFlow => ({
  id,
  ui: {
    action: `/identity/self-service/x?flow=${id}`,
    method: 'POST',
    nodes: [csrf, ...nodes],
    messages: [],
  },
  ...extra,
});

export const loginFlow = flow('login-1', [
  input('identifier', 'text', 'default', label(1070004, 'ID'), { required: true, autocomplete: 'username' }),
  input('password', 'password', 'password', label(1070001, 'Password'), {
    required: true,
    autocomplete: 'current-password',
  }),
  input('method', 'submit', 'password', label(1010022, 'Sign in with password'), { value: 'password' }),
  input('provider', 'submit', 'oidc', label(1010002, 'Sign in with github', { provider: 'GitHub' }), {
    value: 'github',
  }),
  input('provider', 'submit', 'oidc', label(1010002, 'Sign in with azure', { provider: 'Entra ID' }), {
    value: 'azure',
  }),
]);

export const secondFactorLogin = flow('login-2', [
  input('totp_code', 'text', 'totp', label(1010006, 'Authentication code'), {
    required: true,
    autocomplete: 'one-time-code',
  }),
  input('method', 'submit', 'totp', label(1010009, 'Use Authenticator'), { value: 'totp' }),
  input('lookup_secret', 'text', 'lookup_secret', label(1010007, 'Backup recovery code'), {}),
  input('method', 'submit', 'lookup_secret', label(1010010, 'Use backup recovery code'), {
    value: 'lookup_secret',
  }),
]);
secondFactorLogin.ui.messages = [
  { id: 1010004, text: 'Please complete the second authentication challenge.', type: 'info' },
];

export const registrationFlow = flow('reg-1', [
  input('traits.email', 'email', 'default', label(1070007, 'E-Mail'), {
    required: true,
    autocomplete: 'email',
  }),
  input('password', 'password', 'password', label(1070001, 'Password'), {
    required: true,
    autocomplete: 'new-password',
  }),
  input('method', 'submit', 'password', label(1040001, 'Sign up'), { value: 'password' }),
]);

export const recoveryChoose = flow(
  'rec-1',
  [
    input('email', 'email', 'code', label(1070007, 'Email'), { required: true, autocomplete: 'email' }),
    input('method', 'submit', 'code', label(1070009, 'Continue'), { value: 'code' }),
  ],
  { state: 'choose_method' },
);
recoveryChoose.ui.messages = [{ id: 1060005, text: 'Recover access to your account', type: 'info' }];

export const codeFlow = (kind: 'recovery' | 'verification'): IdentityFlow => {
  const f = flow(
    `${kind}-2`,
    [
      input(
        'code',
        'text',
        'code',
        kind === 'recovery' ? label(1070010, 'Recovery code') : label(1070011, 'Verification code'),
        { required: true, autocomplete: 'one-time-code', pattern: '[0-9]+', maxlength: 6 },
      ),
      input('method', 'hidden', 'code', {}, { value: 'code' }),
      input('method', 'submit', 'code', label(1070009, 'Continue'), { value: 'code' }),
      input('email', 'submit', 'code', label(1070008, 'Resend code'), { value: 'ann@example.com' }),
    ],
    { state: 'sent_email' },
  );
  f.ui.messages = [
    {
      id: kind === 'recovery' ? 1060003 : 1080003,
      text: 'An email containing a code has been sent.',
      type: 'info',
    },
  ];
  return f;
};

const qr =
  'data:image/svg+xml;base64,' +
  btoaSafe(
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="#fff"/><rect x="10" y="10" width="40" height="40"/><rect x="110" y="10" width="40" height="40"/><rect x="10" y="110" width="40" height="40"/><rect x="70" y="70" width="20" height="20"/></svg>',
  );
function btoaSafe(s: string) {
  return typeof btoa === 'function' ? btoa(s) : Buffer.from(s).toString('base64');
}

export const settingsFlow = flow('set-1', [
  input('traits.email', 'email', 'profile', label(1070007, 'E-Mail'), {
    value: 'ann@example.com',
    required: true,
  }),
  input('method', 'submit', 'profile', label(1070003, 'Save'), { value: 'profile' }),
  input('password', 'password', 'password', label(1070001, 'Password'), {
    required: true,
    autocomplete: 'new-password',
  }),
  input('method', 'submit', 'password', label(1070003, 'Save'), { value: 'password' }),
  {
    type: 'img',
    group: 'totp',
    attributes: { node_type: 'img', src: qr, id: 'totp_qr', width: 160, height: 160 },
    messages: [],
    meta: label(1050005, 'Authenticator app QR code'),
  } as unknown as UiNode,
  {
    type: 'text',
    group: 'totp',
    attributes: {
      node_type: 'text',
      id: 'totp_secret_key',
      text: { id: 1050006, text: 'JBSWY3DPEHPK3PXP', type: 'info' },
    },
    messages: [],
    meta: label(1050017, 'This is your authenticator app secret.'),
  } as unknown as UiNode,
  input('totp_code', 'text', 'totp', label(1070006, 'Verify code'), {
    required: true,
    autocomplete: 'one-time-code',
  }),
  input('method', 'submit', 'totp', label(1070003, 'Save'), { value: 'totp' }),
  input(
    'lookup_secret_regenerate',
    'submit',
    'lookup_secret',
    label(1050008, 'Generate new backup recovery codes'),
    { value: true },
  ),
]);

export const settingsWithCodes = flow('set-1', [
  input('totp_unlink', 'submit', 'totp', label(1050004, 'Unlink TOTP Authenticator App'), { value: true }),
  {
    type: 'text',
    group: 'lookup_secret',
    attributes: {
      node_type: 'text',
      id: 'lookup_secret_codes',
      text: {
        id: 1050015,
        text: '…',
        type: 'info',
        context: {
          secrets: ['7hq2-kd93', 'p0x1-mm4z', 'c8rt-2vbn', 'w3ls-q9ea'].map((t) => ({
            id: 1050009,
            text: t,
            type: 'info',
          })),
        },
      },
    },
    messages: [],
    meta: label(1050010, 'These are your back up recovery codes.'),
  } as unknown as UiNode,
  input('lookup_secret_confirm', 'submit', 'lookup_secret', label(1050011, 'Confirm backup recovery codes'), {
    value: true,
  }),
]);
