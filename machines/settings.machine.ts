/**
 * Settings (spec §2, §4): profile, password, authenticator app (TOTP), security keys and backup recovery codes.
 * Success: when the screen is limited to the webauthn or totp groups the browser goes to `/`; otherwise a
 * settings-saved toast. Submitting a TOTP code or unlinking reloads the form configuration. When the first second
 * factor has just been enrolled, backup recovery codes are offered (beyond the spec).
 */
import { assign } from 'xstate';
import { IDENTITY_TOAST_MS, shouldOfferRecoveryCodes } from '../src/identity/flow';
import type { FormValues, SubmitResult } from '../src/identity/flow';
import type { FlowFormContext } from './flowForm.machine';
import {
  failedState,
  failWithError,
  flowSetup,
  handlingFailureState,
  initialContext,
  loadInput,
  loadingState,
  outputFlow,
  readyState,
  redirectingState,
  resultIsFlow,
  submittingState,
} from './flowForm.machine';

export const SETTINGS_SAVED = 'Your settings have been saved.';

const isSecondFactorScreen = (context: FlowFormContext) =>
  context.groups.includes('webauthn') || context.groups.includes('totp');
const isTotpChange = (values: FormValues | null) =>
  Boolean(values && (values.totp_code || values.totp_unlink));
const succeeded = ({ output }: { output: SubmitResult }) =>
  output.type === 'flow' && output.flow.state === 'success';

export const settingsMachine = flowSetup.createMachine({
  id: 'settings',
  initial: 'loading',
  context: initialContext,
  states: {
    loading: loadingState,
    ready: {
      ...readyState,
      on: {
        ...readyState.on,
        // Dismisses the recovery-codes offer (or finishes a second-factor screen).
        'user.continue': [
          {
            guard: ({ context }) => isSecondFactorScreen(context),
            target: 'redirecting',
            actions: { type: 'redirect', params: { to: '/', fullLoad: true } },
          },
          { actions: assign({ offerRecoveryCodes: false }) },
        ],
      },
    },
    submitting: submittingState([
      {
        guard: ({ context, event }) => succeeded(event) && isTotpChange(context.pending),
        target: 'reloading',
        actions: {
          type: 'notify',
          params: {
            level: 'success' as const,
            message: SETTINGS_SAVED,
            duration: IDENTITY_TOAST_MS.success,
          },
        },
      },
      {
        guard: ({ context, event }) =>
          succeeded(event) &&
          isSecondFactorScreen(context) &&
          shouldOfferRecoveryCodes(context.flow?.ui, outputFlow(event).ui),
        target: 'ready',
        actions: assign({ flow: ({ event }) => outputFlow(event), offerRecoveryCodes: true }),
      },
      {
        guard: ({ context, event }) => succeeded(event) && isSecondFactorScreen(context),
        target: 'redirecting',
        actions: { type: 'redirect', params: { to: '/', fullLoad: true } },
      },
      {
        guard: ({ event }) => succeeded(event),
        target: 'ready',
        actions: [
          assign({ flow: ({ event }) => outputFlow(event) }),
          {
            type: 'notify',
            params: {
              level: 'success' as const,
              message: SETTINGS_SAVED,
              duration: IDENTITY_TOAST_MS.success,
            },
          },
        ],
      },
      {
        guard: resultIsFlow,
        target: 'ready',
        actions: assign({ flow: ({ event }) => outputFlow(event) }),
      },
      { target: 'failed' },
    ]),
    /** TOTP enrolled or unlinked: the form is loaded again so the QR code, secret and unlink button are current. */
    reloading: {
      tags: ['busy'],
      invoke: {
        src: 'loadFlow',
        input: loadInput,
        onDone: [
          {
            guard: ({ context, event }) =>
              isSecondFactorScreen(context) && !shouldOfferRecoveryCodes(context.flow?.ui, event.output.ui),
            target: 'redirecting',
            actions: { type: 'redirect', params: { to: '/', fullLoad: true } },
          },
          {
            target: 'ready',
            actions: assign({
              offerRecoveryCodes: ({ context, event }) =>
                shouldOfferRecoveryCodes(context.flow?.ui, event.output.ui),
              flow: ({ event }) => event.output,
            }),
          },
        ],
        onError: { target: 'handlingFailure', actions: failWithError },
      },
    },
    handlingFailure: handlingFailureState,
    failed: failedState,
    redirecting: redirectingState,
  },
});
