/**
 * Settings (spec §2, §4): profile, password, authenticator app (TOTP), security keys and backup recovery codes.
 * Success: when the screen is limited to the webauthn or totp groups the browser goes to `/`; otherwise a
 * settings-saved toast. Submitting a TOTP code or unlinking reloads the form configuration. When the first second
 * factor has just been enrolled, backup recovery codes are offered (beyond the spec).
 */
import { IDENTITY_TOAST_MS } from '../src/identity/flow';
import {
  failedState,
  failWithError,
  flowSetup,
  handlingFailureState,
  initialContext,
  loadInput,
  loadingState,
  onOutput,
  outputFlow,
  readyState,
  redirectingState,
  resultIsFlow,
  storeOutputFlow,
  submittingState,
} from './flowForm.machine';

export const SETTINGS_SAVED = 'Your settings have been saved.';

const savedToast = {
  type: 'notify',
  params: { level: 'success' as const, message: SETTINGS_SAVED, duration: IDENTITY_TOAST_MS.success },
} as const;

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
            guard: 'secondFactorScreen',
            target: 'redirecting',
            actions: { type: 'redirect', params: { to: '/', fullLoad: true } },
          },
          { actions: 'dismissRecoveryCodes' },
        ],
      },
    },
    submitting: submittingState([
      {
        guard: onOutput('totpChanged'),
        target: 'reloading',
        actions: savedToast,
      },
      {
        guard: onOutput('firstSecondFactor'),
        target: 'ready',
        actions: { type: 'offerRecoveryCodes', params: ({ event }) => ({ flow: outputFlow(event) }) },
      },
      {
        guard: onOutput('secondFactorSaved'),
        target: 'redirecting',
        actions: { type: 'redirect', params: { to: '/', fullLoad: true } },
      },
      {
        guard: onOutput('saved'),
        target: 'ready',
        actions: [storeOutputFlow, savedToast],
      },
      {
        guard: resultIsFlow,
        target: 'ready',
        actions: storeOutputFlow,
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
            guard: { type: 'secondFactorDone', params: ({ event }) => ({ flow: event.output }) },
            target: 'redirecting',
            actions: { type: 'redirect', params: { to: '/', fullLoad: true } },
          },
          {
            target: 'ready',
            actions: { type: 'storeReloadedFlow', params: ({ event }) => ({ flow: event.output }) },
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
