/**
 * The model of each machine for model-based tests and the transition-coverage script: the inputs and sample
 * events (payloads included) that reach every transition. Actor results are the events the invoked actors send.
 */
import type { AnyStateMachine } from 'xstate';
import { agreementMachine } from '../../../machines/agreement.machine';
import { backupRestoreMachine } from '../../../machines/backupRestore.machine';
import { changePasswordMachine } from '../../../machines/changePassword.machine';
import { flowErrorMachine } from '../../../machines/flowError.machine';
import { loginMachine } from '../../../machines/login.machine';
import { logoutMachine } from '../../../machines/logout.machine';
import { flowFormMachine, type FlowFormContext } from '../../../machines/flowForm.machine';
import { notificationMachine } from '../../../machines/notification.machine';
import { recoveryMachine } from '../../../machines/recovery.machine';
import { sessionMachine, type SessionStatus } from '../../../machines/session.machine';
import { settingsMachine } from '../../../machines/settings.machine';
import { signupMachine } from '../../../machines/signup.machine';
import { verificationMachine } from '../../../machines/verification.machine';
import { windowsMachine } from '../../../machines/windows.machine';
import { ApiError } from '../../../src/api/errors';
import { DEFAULT_SETUP, LOCAL_AUTH_CODES } from '../../../src/identity/localAuth';
import { SecurityKeyPromptError, securityKeyMessages } from '../../../src/identity/securityKeys';
import type { FlowKind } from '../../../src/identity/flow';
import { actorEvents, type MachineModel, type SampleEvent } from './coverage';

/** A 401 of the appliance's local login with a §8 code. */
export const unauthorized = (code: number) =>
  new ApiError({
    kind: 'bad_request',
    status: 401,
    data: { detail: { code } },
    message: '401',
    url: '/api/auth/login',
    method: 'POST',
  });

/** A 401 of the local login's second step: code 3 offering the key and the code, 8 a refused key; with a ceremony. */
export const keyStepAnswer = (code: number) =>
  new ApiError({
    kind: 'bad_request',
    status: 401,
    data: {
      detail: {
        code,
        message:
          code === 8 ? 'This security key is not registered for the account.' : 'Use your security key',
        second_factors: ['totp', 'webauthn'],
        webauthn: { ticket: `ticket-${code}`, publicKey: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' } },
      },
    },
    message: '401',
    url: '/api/auth/login',
    method: 'POST',
  });

/** An identity-service error answer (status and JSON body), as the identity actors reject with. */
export const identityError = (status: number, body: unknown = {}) => ({ status, body });

const on = (machine: AnyStateMachine, src: string) => actorEvents(machine, src);

const localAuthFailures = [
  unauthorized(LOCAL_AUTH_CODES.otpRequired),
  unauthorized(LOCAL_AUTH_CODES.invalidOtp),
  unauthorized(LOCAL_AUTH_CODES.otpSecretMissing),
  unauthorized(LOCAL_AUTH_CODES.invalidPassword),
  unauthorized(LOCAL_AUTH_CODES.samePassword),
  unauthorized(1),
  new Error('network down'),
];

/** Session statuses: far from its end, inside the warning time, over. */
const sessionStatuses: Record<'active' | 'warning' | 'ended', SessionStatus> = {
  active: { expiresInMs: 600_000, warnMs: 60_000, absolute: false },
  warning: { expiresInMs: 30_000, warnMs: 60_000, absolute: false },
  ended: { expiresInMs: 0, warnMs: 60_000, absolute: true },
};

/** A 403 of a sensitive change, a 401 of the status check and of a wrong password, as the API client rejects. */
const sessionErrors = {
  unauthenticated: new ApiError({
    kind: 'bad_request',
    status: 401,
    data: { detail: 'Not authenticated', code: 'session_timeout' },
    message: '401',
    url: '/api/auth/session',
    method: 'GET',
  }),
  wrongPassword: unauthorized(6),
  network: new Error('network down'),
};

/** A self-service flow as the identity service answers, in a given state. */
export const identityFlow = (state: string, extra: object = {}) => ({
  id: `flow-${state}`,
  state,
  ui: { action: '/self-service/x', method: 'POST', nodes: [], messages: [] },
  ...extra,
});

/** A flow form asking for a code. */
const codeUi = {
  action: '/self-service/verification',
  method: 'POST',
  messages: [],
  nodes: [
    {
      type: 'input',
      group: 'code',
      attributes: { name: 'code', type: 'text', node_type: 'input' },
      messages: [],
      meta: {},
    },
  ],
};

const inputNode = (name: string, group: string) => ({
  type: 'input',
  group,
  attributes: { name, type: 'submit', node_type: 'input' },
  messages: [],
  meta: {},
});
/** A settings form just after the first second factor was enrolled: recovery codes can be generated. */
const enrolledUi = {
  action: '/self-service/settings',
  method: 'POST',
  messages: [],
  nodes: [inputNode('totp_unlink', 'totp'), inputNode('lookup_secret_regenerate', 'lookup_secret')],
};

/** One identity error per way a failure is handled (§4, §8): redirect, a flow to show, restart, failed. */
const identityFailures = [
  identityError(400, { error: { id: 'session_already_available' } }),
  identityError(400, identityFlow('choose_method')),
  identityError(410, { error: { id: 'self_service_flow_expired' } }),
  identityError(500),
];

/** A flow form's state for the traversal: its value and what its guards read of the context. */
function flowStateKey({ value, context }: { value: unknown; context: unknown }): string {
  const c = context as FlowFormContext;
  return JSON.stringify([
    value,
    c.flow?.state ?? null,
    c.resendIn,
    c.restarts,
    c.failure?.type ?? null,
    Boolean(c.pending?.email),
    Boolean(c.pending?.code),
    Boolean(c.pending?.totp_code),
    c.flow?.ui.nodes.length ?? 0,
  ]);
}

/** The events every identity flow form machine answers to, plus the machine's own. */
function flowModel(
  name: string,
  machine: AnyStateMachine,
  kind: FlowKind,
  extra: SampleEvent[] = [],
  inputs: object[] = [{}],
): MachineModel {
  const load = on(machine, 'loadFlow');
  const submit = on(machine, 'submitFlow');
  return {
    name,
    machine,
    inputs: inputs.map((i) => ({ kind, ...i })),
    stateKey: flowStateKey,
    events: [
      { type: 'user.submit', values: { email: 'a@example.com' } },
      { type: 'user.submit', values: { email: 'a@example.com', code: '123456' } },
      { type: 'user.retry' },
      ...load.done(identityFlow('choose_method')),
      ...identityFailures.flatMap(load.error),
      ...submit.done({ type: 'flow', flow: identityFlow('choose_method') }),
      ...submit.done({ type: 'flow', flow: identityFlow('sent_email') }),
      ...submit.done({ type: 'flow', flow: identityFlow('passed_challenge') }),
      ...submit.done({ type: 'complete', completion: {} }),
      ...identityFailures.flatMap(submit.error),
      ...extra,
    ],
  };
}

/** A window to open: `stream` ones use the event stream (their number is limited). */
const openWindow = (id: string, stream = false) => ({
  type: 'window.open',
  window: {
    id,
    componentName: 'Demo',
    title: id,
    ...(stream ? { aspect: 'floating', usesEventsStream: true } : {}),
  },
});
const STREAM_WINDOWS = ['S1', 'S2', 'S3', 'S4', 'S5'];

/** A backup archive chosen on the Backups page, and the plan of what restoring it changes. */
const restoreArchive = new File([new Uint8Array([1, 2, 3])], 'rampart-backup-1.rbk');
const restorePlan = {
  manifest: {
    format: 'rampart-backup/1',
    format_version: 1,
    appliance_version: '1.0.0',
    created_at: '',
    members: [],
  },
  configuration: { format: 'rampart-config/1', changes: [], unknown_sections: [], missing_sections: [] },
  counts: [{ what: 'accounts', label: 'Accounts', now: 2, restored: 1 }],
};

export const machineModels: MachineModel[] = [
  {
    name: 'windows',
    machine: windowsMachine,
    // What the guards read: which windows are open (stream ones counted), and where window A is.
    stateKey: ({ value, context }) => {
      const ids = (context as { windows: Array<{ id: string }> }).windows.map((w) => w.id);
      const a = (context as { windows: Array<{ id: string; aspect: string }> }).windows.find(
        (w) => w.id === 'A',
      );
      const streams = ids.filter((id) => STREAM_WINDOWS.includes(id)).length;
      return JSON.stringify([value, a?.aspect ?? null, ids.includes('N'), streams]);
    },
    events: [
      openWindow('A'),
      { ...openWindow('N'), window: { ...openWindow('N').window, prefs: { allowIconization: false } } },
      ...STREAM_WINDOWS.map((id) => openWindow(id, true)),
      { type: 'window.close', id: 'A' },
      { type: 'window.close', id: 'N' },
      { type: 'window.focus', id: 'A' },
      { type: 'window.minimize', id: 'A' },
      { type: 'window.restore', id: 'A' },
      { type: 'window.setAspect', id: 'A', aspect: 'right' },
      { type: 'window.setAspect', id: 'A', aspect: 'floating' },
      { type: 'window.setAspect', id: 'A', aspect: 'iconized' },
      { type: 'window.move', id: 'A', position: { x: 10, y: 20 } },
      { type: 'window.toggleExtended', id: 'A' },
      { type: 'window.update', id: 'A', data: { follow: false } },
    ],
  },
  flowModel('flowForm', flowFormMachine, 'login'),
  flowModel('recovery', recoveryMachine, 'recovery', [{ type: 'user.continue' }]),
  flowModel(
    'settings',
    settingsMachine,
    'settings',
    [
      { type: 'user.continue' },
      { type: 'user.submit', values: { totp_code: '123456' } },
      ...on(settingsMachine, 'submitFlow').done({ type: 'flow', flow: identityFlow('success') }),
      ...on(settingsMachine, 'submitFlow').done({
        type: 'flow',
        flow: identityFlow('success', { ui: enrolledUi }),
      }),
      ...on(settingsMachine, 'loadFlow').done(identityFlow('show_form', { ui: enrolledUi })),
    ],
    [{}, { groups: ['totp'] }],
  ),
  flowModel('signup', signupMachine, 'registration', [
    ...on(signupMachine, 'submitFlow').done({
      type: 'complete',
      completion: { identity: { verifiable_addresses: [{ value: 'a@example.com', verified: false }] } },
    }),
  ]),
  flowModel(
    'verification',
    verificationMachine,
    'verification',
    on(verificationMachine, 'loadFlow').done(identityFlow('choose_method', { ui: { ...codeUi } })),
    [{}, { prefill: { code: '123456' } }],
  ),
  {
    name: 'agreement',
    machine: agreementMachine,
    events: [
      { type: 'user.toggleRead', checked: true },
      { type: 'user.accept' },
      { type: 'user.decline' },
      ...on(agreementMachine, 'acknowledge').done(undefined),
      ...on(agreementMachine, 'acknowledge').error(new Error('503')),
    ],
  },
  {
    name: 'notification',
    machine: notificationMachine,
    inputs: [{ duration: 5000 }, { duration: -1 }],
    events: [{ type: 'user.close' }],
  },
  {
    name: 'flowError',
    machine: flowErrorMachine,
    inputs: [{ id: 'e1' }, { id: null }],
    events: [
      { type: 'user.retry' },
      ...on(flowErrorMachine, 'loadFlowError').done({ id: 'e1', error: { code: 500 } }),
      ...on(flowErrorMachine, 'loadFlowError').error(identityError(404)),
      ...on(flowErrorMachine, 'loadFlowError').error(identityError(0)),
    ],
  },
  {
    name: 'logout',
    machine: logoutMachine,
    inputs: [{}, { segue: 'verification', email: 'a@example.com' }, { local: true }],
    events: [
      { type: 'user.retry' },
      ...on(logoutMachine, 'localLogout').done({ redirectUri: '/account/login' }),
      ...on(logoutMachine, 'localLogout').error(new Error('503')),
      ...on(logoutMachine, 'createLogout').done({ logout_url: '/self-service/logout?token=t' }),
      ...on(logoutMachine, 'createLogout').error(identityError(401, { error: { id: 'session_inactive' } })),
      ...on(logoutMachine, 'createLogout').error(identityError(500)),
    ],
  },
  {
    name: 'login',
    machine: loginMachine,
    inputs: [{ bearerMode: false }, { bearerMode: true }],
    events: [
      { type: 'user.next', username: ' ' },
      { type: 'user.next', username: 'admin' },
      { type: 'user.back' },
      { type: 'user.submit', password: 'secret' },
      { type: 'user.submit', otp: '123456' },
      ...on(loginMachine, 'loadSetup').done(DEFAULT_SETUP),
      ...on(loginMachine, 'loadSetup').error(new Error('503')),
      ...on(loginMachine, 'login').done({ token: 't' }),
      ...on(loginMachine, 'login').error(unauthorized(LOCAL_AUTH_CODES.otpRequired)),
      ...on(loginMachine, 'login').error(unauthorized(LOCAL_AUTH_CODES.invalidOtp)),
      ...on(loginMachine, 'login').error(unauthorized(LOCAL_AUTH_CODES.otpSecretMissing)),
      ...on(loginMachine, 'login').error(unauthorized(LOCAL_AUTH_CODES.invalidPassword)),
      ...on(loginMachine, 'login').error(new Error('network down')),
      // The security-key step.
      ...on(loginMachine, 'login').error(keyStepAnswer(LOCAL_AUTH_CODES.otpRequired)),
      { type: 'user.useKey' },
      ...on(loginMachine, 'useSecurityKey').done({ redirectUri: '/logs/overview', accessToken: null }),
      ...on(loginMachine, 'useSecurityKey').error(new SecurityKeyPromptError(securityKeyMessages.cancelled)),
      ...on(loginMachine, 'useSecurityKey').error(keyStepAnswer(LOCAL_AUTH_CODES.securityKeyRefused)),
      ...on(loginMachine, 'useSecurityKey').error(unauthorized(LOCAL_AUTH_CODES.securityKeyExpired)),
      ...on(loginMachine, 'useSecurityKey').error(unauthorized(1)),
      ...on(loginMachine, 'useSecurityKey').error(new Error('network down')),
    ],
  },
  {
    name: 'session',
    machine: sessionMachine,
    inputs: [{ heartbeatMs: 30_000 }],
    events: [
      ...Object.values(sessionStatuses).map((status) => ({ type: 'session.status', status })),
      { type: 'session.ended' },
      { type: 'user.extend' },
      { type: 'reauth.request' },
      { type: 'user.verify', password: '' },
      { type: 'user.verify', password: 'secret' },
      { type: 'user.verify', otp: '123456' },
      { type: 'user.cancel' },
      ...Object.values(sessionStatuses).flatMap((status) => on(sessionMachine, 'checkStatus').done(status)),
      ...on(sessionMachine, 'checkStatus').error(sessionErrors.unauthenticated),
      ...on(sessionMachine, 'checkStatus').error(sessionErrors.network),
      ...on(sessionMachine, 'extend').done(sessionStatuses.active),
      ...on(sessionMachine, 'extend').error(sessionErrors.unauthenticated),
      ...on(sessionMachine, 'extend').error(sessionErrors.network),
      ...on(sessionMachine, 'verify').done(sessionStatuses.active),
      ...on(sessionMachine, 'verify').error(sessionErrors.wrongPassword),
    ],
  },
  {
    name: 'changePassword',
    machine: changePasswordMachine,
    events: [
      { type: 'user.submit', username: 'admin', password: '', newPassword: '' },
      { type: 'user.submit', username: 'admin', password: 'old', newPassword: 'new' },
      { type: 'user.submitCode', otp: ' ' },
      { type: 'user.submitCode', otp: '123456' },
      { type: 'user.back' },
      ...on(changePasswordMachine, 'changePassword').done({}),
      ...localAuthFailures.flatMap((e) => on(changePasswordMachine, 'changePassword').error(e)),
    ],
  },
  {
    name: 'backupRestore',
    machine: backupRestoreMachine,
    events: [
      { type: 'user.chooseFile', file: restoreArchive },
      { type: 'user.chooseFile', file: null },
      { type: 'user.typePassphrase', passphrase: 'a long backup passphrase' },
      { type: 'user.typePassphrase', passphrase: '' },
      { type: 'user.showPlan' },
      { type: 'user.restore' },
      ...on(backupRestoreMachine, 'readArchive').done('AQID'),
      ...on(backupRestoreMachine, 'readArchive').error(new Error('the file could not be read')),
      ...on(backupRestoreMachine, 'planRestore').done(restorePlan),
      ...on(backupRestoreMachine, 'planRestore').error(new Error('422')),
      ...on(backupRestoreMachine, 'restore').done({ status: 'restored' }),
      ...on(backupRestoreMachine, 'restore').error(new Error('422')),
    ],
  },
];

/** The model of a machine, by the machine's file name without `.machine.ts`. */
export function machineModel(name: string): MachineModel {
  const model = machineModels.find((m) => m.name === name);
  if (!model) throw new Error(`no model for ${name}`);
  return model;
}
