/**
 * The identity flow form (spec §2 "Identity flow form view", §4 flow form, §8 identity flow failure): loads a
 * self-service flow, submits it, and handles failures: session_already_available → /, session_inactive → /login/
 * (logout) or /logout/, AAL2 / refresh / location change → the given address, an expired flow or CSRF failure →
 * a fresh flow, validation errors → back to the form, anything else → the failure state.
 *
 * `flowSetup` and its shared states are reused by the sign-up, recovery, verification and settings machines, so
 * every flow handles failures the same way. Effects (`redirect`, `notify`) and actors are provided by the view.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  classifyFailure,
  failureOf,
  completionTarget,
  firstMessage,
  hasInput,
  IDENTITY_TOAST_MS,
  shouldOfferRecoveryCodes,
} from '../src/identity/flow';
import type {
  FlowCompletion,
  FlowFailure,
  FlowKind,
  FormValues,
  IdentityFlow,
  LoadFlowInput,
  SubmitFlowInput,
  SubmitResult,
} from '../src/identity/flow';

/** Beyond the spec: seconds before a code can be sent again (recovery, verification). */
export const RESEND_COOLDOWN_S = 30;
/** Fresh flows started in a row without the user acting (expired, CSRF, unknown flow); then the failure state. */
export const MAX_RESTARTS = 2;
const START_FAILED = 'The identity service could not start this form. Please try again later.';

export interface FlowFormInput {
  kind: FlowKind;
  flowId?: string;
  returnTo?: string;
  /** Settings: the groups the screen is limited to (e.g. totp, webauthn). */
  groups?: string[];
  /** Verification: prefilled e-mail or code (auto-submitted) and skip_send. */
  prefill?: { email?: string; code?: string };
  skipSend?: boolean;
  /** Spec §7: the page's `token` query parameter, sent as a bearer authorization when the flow loads. */
  token?: string;
}

export interface FlowFormContext {
  kind: FlowKind;
  flowId: string | undefined;
  returnTo: string | undefined;
  groups: string[];
  prefill: { email?: string; code?: string };
  skipSend: boolean;
  token: string | undefined;
  flow: IdentityFlow | null;
  /** The values being submitted. */
  pending: FormValues | null;
  failure: FlowFailure | null;
  completion: FlowCompletion | null;
  /** Seconds until a code may be resent; 0 = now. */
  resendIn: number;
  /** Settings: offer backup recovery codes (the first second factor was just enrolled). */
  offerRecoveryCodes: boolean;
  /** Sign-up: the address the account was created with. */
  email: string;
  /** Automatic restarts since the user last acted (see MAX_RESTARTS). */
  restarts: number;
}

export type FlowFormEvent =
  { type: 'user.submit'; values: FormValues } | { type: 'user.continue' } | { type: 'user.retry' };

export type { LoadFlowInput, SubmitFlowInput };

/** Sign-up: the first address the new account still has to verify, if any. */
export function unverifiedAddress(completion: FlowCompletion | null): string | null {
  return completion?.identity?.verifiable_addresses?.find((a) => !a.verified)?.value ?? null;
}

/** Verification: values submitted automatically after loading, or null when the user has to act (spec §4). */
export function autoSubmitValues(
  context: Pick<FlowFormContext, 'prefill' | 'skipSend'>,
  flow: IdentityFlow,
): Record<string, string> | null {
  const { code, email } = context.prefill;
  // The code alone: in sent_email the address is the resend button, and sending it would ask for a new code.
  if (code && hasInput(flow.ui, 'code')) return { method: 'code', code };
  if (email && !context.skipSend && flow.state !== 'sent_email' && hasInput(flow.ui, 'email'))
    return { method: 'code', email };
  return null;
}

const isSecondFactorScreen = (context: FlowFormContext) =>
  context.groups.includes('webauthn') || context.groups.includes('totp');
const isTotpChange = (values: FormValues | null) =>
  Boolean(values && (values.totp_code || values.totp_unlink));
const succeeded = (output: SubmitResult) => output.type === 'flow' && output.flow.state === 'success';

export { failureOf };

export const flowSetup = setup({
  types: {
    context: {} as FlowFormContext,
    events: {} as FlowFormEvent,
    input: {} as FlowFormInput,
  },
  actors: {
    loadFlow: fromPromise<IdentityFlow, LoadFlowInput>(async () => {
      throw new Error('loadFlow actor not provided');
    }),
    submitFlow: fromPromise<SubmitResult, SubmitFlowInput>(async () => {
      throw new Error('submitFlow actor not provided');
    }),
  },
  actions: {
    /** Navigates (same origin) or loads the page (`fullLoad`, or another allowed origin); the view checks the target. */
    redirect: (_, _params: { to: string; fullLoad?: boolean }) => {},
    notify: (_, _params: { level: 'success' | 'info' | 'error'; message: string; duration: number }) => {},
    /** Classifies the error of the actor that just failed (§4, §8). */
    assignFailure: assign({
      failure: ({ context }, params: { error: unknown }) => classifyFailure(params.error, context.kind),
    }),
    /** A flow just loaded: it is shown, and its id kept for reloads. */
    storeLoadedFlow: assign((_, params: { flow: IdentityFlow }) => ({
      flow: params.flow,
      flowId: params.flow.id,
    })),
    /** The flow the identity service answered with (validation errors or a new state). */
    storeFlow: assign((_, params: { flow: IdentityFlow }) => ({ flow: params.flow })),
    /** What a submit that ended the flow returned. */
    storeCompletion: assign((_, params: { completion: FlowCompletion }) => ({
      completion: params.completion,
    })),
    /** The user submitted: the values are kept for the submit, and the user acting resets the restarts. */
    storePending: assign((_, params: { values: FormValues }) => ({
      pending: params.values,
      failure: null,
      restarts: 0,
    })),
    /** A code was (re)sent: a new resend cooldown starts. */
    startCooldown: assign({ resendIn: RESEND_COOLDOWN_S }),
    tickCooldown: assign({ resendIn: ({ context }) => context.resendIn - 1 }),
    /** A failure that answered a flow (validation errors): that flow is shown. */
    showFailureFlow: assign({ flow: ({ context }) => failureOf(context.failure, 'flow').flow }),
    /** A fresh flow is started (the old one expired, CSRF, unknown id); counted against MAX_RESTARTS. */
    countRestart: assign({
      flowId: ({ context }) => failureOf(context.failure, 'restart').flowId,
      flow: null,
      restarts: ({ context }) => context.restarts + 1,
    }),
    /** Restarting kept failing: the form cannot start. */
    giveUpRestarting: assign({
      failure: { type: 'failed', message: START_FAILED, duration: IDENTITY_TOAST_MS.error },
    }),
    /** Verification: the prefilled values submitted right after loading (the user has not acted). */
    storeAutoSubmit: assign(({ context }, params: { flow: IdentityFlow }) => ({
      flow: params.flow,
      flowId: params.flow.id,
      pending: autoSubmitValues(context, params.flow),
    })),
    /** Sign-up: the new account, what the submit returned and the address to verify. */
    storeNewAccount: assign((_, params: { completion: FlowCompletion }) => ({
      completion: params.completion,
      email: unverifiedAddress(params.completion) ?? '',
    })),
    /** Settings: backup recovery codes are offered with the flow the submit answered. */
    offerRecoveryCodes: assign((_, params: { flow: IdentityFlow }) => ({
      flow: params.flow,
      offerRecoveryCodes: true,
    })),
    dismissRecoveryCodes: assign({ offerRecoveryCodes: false }),
    /** Settings: the reloaded form; recovery codes offered when the first second factor was just enrolled. */
    storeReloadedFlow: assign(({ context }, params: { flow: IdentityFlow }) => ({
      flow: params.flow,
      offerRecoveryCodes: shouldOfferRecoveryCodes(context.flow?.ui, params.flow.ui),
    })),
    /** Retry after a failure: everything about the old flow is forgotten. */
    resetFlow: assign({ flowId: undefined, flow: null, failure: null, restarts: 0 }),
  },
  delays: {
    RESEND_TICK: 1000,
  },
  guards: {
    failureIs: ({ context }, params: { type: FlowFailure['type'] }) => context.failure?.type === params.type,
    resultIsFlow: (_, params: { output: SubmitResult }) => params.output.type === 'flow',
    coolingDown: ({ context }) => context.resendIn > 0,
    canRestart: ({ context }) => context.failure?.type === 'restart' && context.restarts < MAX_RESTARTS,
    /** Sign-up: the account was created with an address it still has to verify. */
    needsVerification: (_, params: { output: SubmitResult }) =>
      params.output.type === 'complete' && unverifiedAddress(params.output.completion) !== null,
    /** Recovery: the code was accepted; the identity service continues with its settings flow. */
    recoveryPassed: (_, params: { output: SubmitResult }) =>
      params.output.type === 'flow' &&
      (params.output.flow.state === 'passed_challenge' || Boolean(params.output.flow.continue_with?.length)),
    /** Verification: the code was accepted. */
    challengePassed: (_, params: { output: SubmitResult }) =>
      params.output.type === 'flow' && params.output.flow.state === 'passed_challenge',
    /** The address was just sent (the flow was not waiting for a code before). */
    codeJustSent: ({ context }, params: { output: SubmitResult }) =>
      params.output.type === 'flow' &&
      params.output.flow.state === 'sent_email' &&
      context.flow?.state !== 'sent_email',
    /** The address was sent again while the flow waited for the code. */
    codeResent: ({ context }, params: { output: SubmitResult }) =>
      params.output.type === 'flow' &&
      params.output.flow.state === 'sent_email' &&
      Boolean(context.pending?.email) &&
      !context.pending?.code,
    /** Verification: the loaded flow is submitted at once with the prefilled code or address. */
    autoSubmits: ({ context }, params: { flow: IdentityFlow }) =>
      autoSubmitValues(context, params.flow) !== null,
    /** Settings: the screen is limited to the second factor (webauthn or totp groups). */
    secondFactorScreen: ({ context }) => isSecondFactorScreen(context),
    /** Settings: the submit succeeded. */
    saved: (_, params: { output: SubmitResult }) => succeeded(params.output),
    /** Settings: an authenticator app was enrolled or unlinked. */
    totpChanged: ({ context }, params: { output: SubmitResult }) =>
      succeeded(params.output) && isTotpChange(context.pending),
    /** Settings: a second-factor screen saved and nothing is left to offer. */
    secondFactorSaved: ({ context }, params: { output: SubmitResult }) =>
      succeeded(params.output) && isSecondFactorScreen(context),
    /** Settings: the first second factor was just enrolled on a second-factor screen: offer recovery codes. */
    firstSecondFactor: ({ context }, params: { output: SubmitResult }) =>
      succeeded(params.output) &&
      isSecondFactorScreen(context) &&
      params.output.type === 'flow' &&
      shouldOfferRecoveryCodes(context.flow?.ui, params.output.flow.ui),
    /** Settings, after a reload: a second-factor screen with nothing to offer is done. */
    secondFactorDone: ({ context }, params: { flow: IdentityFlow }) =>
      isSecondFactorScreen(context) && !shouldOfferRecoveryCodes(context.flow?.ui, params.flow.ui),
    resendDuringCooldown: ({ context, event }) =>
      event.type === 'user.submit' && context.resendIn > 0 && isResend(context, event.values),
  },
});

export const initialContext = ({ input }: { input: FlowFormInput }): FlowFormContext => ({
  kind: input.kind,
  flowId: input.flowId,
  returnTo: input.returnTo,
  groups: input.groups ?? [],
  prefill: input.prefill ?? {},
  skipSend: input.skipSend ?? false,
  token: input.token,
  flow: null,
  pending: null,
  failure: null,
  completion: null,
  resendIn: 0,
  offerRecoveryCodes: false,
  email: '',
  restarts: 0,
});

/** The flow a submit answered with (validation errors or a new state); only where the result is a flow. */
export function outputFlow({ output }: { output: SubmitResult }): IdentityFlow {
  if (output.type !== 'flow') throw new Error('the submit ended the flow instead of answering one');
  return output.flow;
}
/** What a submit that ended the flow returned; only where the result is not a flow. */
export function outputCompletion({ output }: { output: SubmitResult }): FlowCompletion {
  if (output.type !== 'complete') throw new Error('the submit answered a flow instead of ending it');
  return output.completion;
}

/** `onError` of any flow actor: the error is classified, then handled (§4, §8). */
export const failWithError = {
  type: 'assignFailure',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/** Guard of a submit's `onDone`: the identity service answered with a flow (validation errors or a new state). */
export const resultIsFlow = {
  type: 'resultIsFlow',
  params: ({ event }: { event: { output: SubmitResult } }) => ({ output: event.output }),
} as const;

/** A guard on a submit's answer (`{ type, params: { output } }`). */
export const onOutput = <T extends string>(type: T) =>
  ({ type, params: ({ event }: { event: { output: SubmitResult } }) => ({ output: event.output }) }) as const;

/** Keeps the flow a submit answered with (only where `resultIsFlow` held). */
export const storeOutputFlow = {
  type: 'storeFlow',
  params: ({ event }: { event: { output: SubmitResult } }) => ({ flow: outputFlow(event) }),
} as const;

/** Keeps what a submit that ended the flow returned. */
export const storeOutputCompletion = {
  type: 'storeCompletion',
  params: ({ event }: { event: { output: SubmitResult } }) => ({ completion: outputCompletion(event) }),
} as const;

/** What loading a flow needs: its kind, its id (or none for a fresh one), the return address and the bearer token. */
export const loadInput = ({ context }: { context: FlowFormContext }): LoadFlowInput => ({
  kind: context.kind,
  flowId: context.flowId,
  returnTo: context.returnTo,
  ...(context.token ? { token: context.token } : {}),
});

/** Loading: fetch the flow by id or create one; failures are classified. */
export const loadingState = flowSetup.createStateConfig({
  invoke: {
    src: 'loadFlow',
    input: loadInput,
    onDone: {
      target: 'ready',
      actions: { type: 'storeLoadedFlow', params: ({ event }) => ({ flow: event.output }) },
    },
    onError: { target: 'handlingFailure', actions: failWithError },
  },
  tags: ['loading'],
});

/** §4 and §8: what a failure leads to. */
export const handlingFailureState = flowSetup.createStateConfig({
  tags: ['loading'],
  always: [
    {
      guard: { type: 'failureIs', params: { type: 'redirect' } },
      target: 'redirecting',
      actions: {
        type: 'redirect',
        params: ({ context }) => ({ to: failureOf(context.failure, 'redirect').to, fullLoad: true }),
      },
    },
    {
      guard: { type: 'failureIs', params: { type: 'flow' } },
      target: 'ready',
      actions: [
        'showFailureFlow',
        {
          type: 'notify',
          params: ({ context }) => ({
            level: 'error' as const,
            message: firstMessage(failureOf(context.failure, 'flow').flow) ?? 'Please check the form.',
            duration: IDENTITY_TOAST_MS.error,
          }),
        },
      ],
    },
    {
      // A fresh flow, unless that already failed MAX_RESTARTS times in a row (e.g. the service answers 404).
      guard: 'canRestart',
      target: 'loading',
      actions: [
        {
          type: 'notify',
          params: ({ context }) => ({
            level: 'info' as const,
            message: failureOf(context.failure, 'restart').message,
            duration: IDENTITY_TOAST_MS.info,
          }),
        },
        'countRestart',
      ],
    },
    {
      guard: { type: 'failureIs', params: { type: 'restart' } },
      target: 'failed',
      actions: [
        'giveUpRestarting',
        {
          type: 'notify',
          params: {
            level: 'error' as const,
            message: START_FAILED,
            duration: IDENTITY_TOAST_MS.error,
          },
        },
      ],
    },
    {
      target: 'failed',
      actions: {
        type: 'notify',
        params: ({ context }) => {
          const f = failureOf(context.failure, 'failed');
          return { level: 'error' as const, message: f.message, duration: f.duration };
        },
      },
    },
  ],
});

export const failedState = flowSetup.createStateConfig({
  tags: ['failed'],
  on: {
    'user.retry': {
      target: 'loading',
      actions: 'resetFlow',
    },
  },
});

/** Navigation is under way: nothing more happens here. */
export const redirectingState = flowSetup.createStateConfig({ tags: ['redirecting'] });

/** Ready: the form is shown; a submit sends its values. */
export const readyState = flowSetup.createStateConfig({
  on: {
    'user.submit': {
      target: 'submitting',
      actions: { type: 'storePending', params: ({ event }) => ({ values: event.values }) },
    },
  },
});

/**
 * Ready in a flow that mails codes (recovery, verification): the resend cooldown counts down each second, and a
 * resend during it is ignored.
 */
export const codeReadyState = flowSetup.createStateConfig({
  after: {
    RESEND_TICK: {
      guard: 'coolingDown',
      target: 'ready',
      reenter: true,
      actions: 'tickCooldown',
    },
  },
  on: {
    'user.submit': [
      { guard: 'resendDuringCooldown' },
      {
        target: 'submitting',
        actions: { type: 'storePending', params: ({ event }) => ({ values: event.values }) },
      },
    ],
  },
});

/** A resend is a submit of the address again while the flow waits for the code. */
export function isResend(context: FlowFormContext, values: FormValues): boolean {
  return (
    context.flow?.state === 'sent_email' &&
    typeof values.email === 'string' &&
    values.email !== '' &&
    !values.code
  );
}

export const submitInput = ({ context }: { context: FlowFormContext }): SubmitFlowInput => {
  // Submitting is entered from `ready`, which only exists once a flow is loaded.
  if (!context.flow) throw new Error('submitting without a flow');
  return { kind: context.kind, flow: context.flow, values: context.pending ?? {} };
};

export const submitError = { target: 'handlingFailure', actions: failWithError } as const;

type FlowStateConfig = Parameters<typeof flowSetup.createStateConfig>[0];
type SubmitInvoke = Extract<NonNullable<FlowStateConfig['invoke']>, { src: 'submitFlow' }>;
/** What a machine does once the identity service answered a submit. */
export type SubmitDone = SubmitInvoke['onDone'];

/**
 * The building block every flow's `submitting` state shares (sign-up, recovery, verification, settings, the
 * generic form): busy, submits the pending values, failures classified; each machine says what an answer means.
 */
export const submittingState = (onDone: SubmitDone) =>
  flowSetup.createStateConfig({
    tags: ['busy'],
    invoke: { src: 'submitFlow', input: submitInput, onDone, onError: submitError },
  });

/** The generic flow form (login and any other self-service flow): success leaves for the return address. */
export const flowFormMachine = flowSetup.createMachine({
  id: 'flowForm',
  initial: 'loading',
  context: initialContext,
  states: {
    loading: loadingState,
    ready: readyState,
    submitting: submittingState([
      {
        guard: resultIsFlow,
        target: 'ready',
        actions: storeOutputFlow,
      },
      {
        target: 'redirecting',
        actions: [
          storeOutputCompletion,
          {
            type: 'redirect',
            params: ({ context }) => ({
              to: completionTarget(context.completion, context.flow, context.returnTo),
              fullLoad: true,
            }),
          },
        ],
      },
    ]),
    handlingFailure: handlingFailureState,
    failed: failedState,
    redirecting: redirectingState,
  },
});
