/**
 * Recovery by code (spec §2): the address is sent; on state sent_email a code-sent notice with Continue leads to
 * the code prompt, where the code can be resent after a visible cooldown (beyond the spec). passed_challenge
 * leaves for the settings flow the identity service opened, so the user can set a new password.
 */
import type { IdentityFlow } from '../src/identity/flow';
import {
  failedState,
  flowSetup,
  handlingFailureState,
  initialContext,
  loadingState,
  outputFlow,
  codeReadyState,
  onOutput,
  redirectingState,
  resultIsFlow,
  storeOutputFlow,
  submittingState,
} from './flowForm.machine';

/** The settings screen to continue at after a successful recovery (always the console's own screen). */
export function settingsTarget(flow: IdentityFlow): string {
  const next = flow.continue_with?.find((c) => c.action === 'show_settings_ui');
  return next?.flow?.id ? `/settings/?flow=${encodeURIComponent(next.flow.id)}` : '/settings/';
}

export const recoveryMachine = flowSetup.createMachine({
  id: 'recovery',
  initial: 'loading',
  context: initialContext,
  states: {
    loading: loadingState,
    ready: codeReadyState,
    submitting: submittingState([
      {
        guard: onOutput('recoveryPassed'),
        target: 'redirecting',
        actions: [
          storeOutputFlow,
          {
            type: 'redirect',
            params: ({ event }) => ({ to: settingsTarget(outputFlow(event)), fullLoad: true }),
          },
        ],
      },
      {
        // The address was just sent: show the notice first.
        guard: onOutput('codeJustSent'),
        target: 'codeSent',
        actions: [storeOutputFlow, 'startCooldown'],
      },
      {
        // A resend: back to the prompt with a new cooldown.
        guard: onOutput('codeResent'),
        target: 'ready',
        actions: [storeOutputFlow, 'startCooldown'],
      },
      {
        guard: resultIsFlow,
        target: 'ready',
        actions: storeOutputFlow,
      },
      { target: 'failed' },
    ]),
    codeSent: {
      after: {
        RESEND_TICK: {
          guard: 'coolingDown',
          target: 'codeSent',
          reenter: true,
          actions: 'tickCooldown',
        },
      },
      on: { 'user.continue': { target: 'ready' } },
    },
    handlingFailure: handlingFailureState,
    failed: failedState,
    redirecting: redirectingState,
  },
});
