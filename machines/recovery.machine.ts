/**
 * Recovery by code (spec §2): the address is sent; on state sent_email a code-sent notice with Continue leads to
 * the code prompt, where the code can be resent after a visible cooldown (beyond the spec). passed_challenge
 * leaves for the settings flow the identity service opened, so the user can set a new password.
 */
import { assign } from 'xstate';
import type { IdentityFlow } from '../src/identity/flow';
import {
  failedState,
  flowSetup,
  handlingFailureState,
  initialContext,
  loadingState,
  outputFlow,
  codeReadyState,
  redirectingState,
  resultIsFlow,
  RESEND_COOLDOWN_S,
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
        guard: ({ event }) =>
          event.output.type === 'flow' &&
          (outputFlow(event).state === 'passed_challenge' ||
            Boolean(outputFlow(event).continue_with?.length)),
        target: 'redirecting',
        actions: [
          assign({ flow: ({ event }) => outputFlow(event) }),
          {
            type: 'redirect',
            params: ({ event }) => ({ to: settingsTarget(outputFlow(event)), fullLoad: true }),
          },
        ],
      },
      {
        // The address was just sent: show the notice first.
        guard: ({ context, event }) =>
          event.output.type === 'flow' &&
          outputFlow(event).state === 'sent_email' &&
          context.flow?.state !== 'sent_email',
        target: 'codeSent',
        actions: assign({ flow: ({ event }) => outputFlow(event), resendIn: RESEND_COOLDOWN_S }),
      },
      {
        // A resend: back to the prompt with a new cooldown.
        guard: ({ context, event }) =>
          event.output.type === 'flow' &&
          Boolean(context.pending?.email) &&
          !context.pending?.code &&
          outputFlow(event).state === 'sent_email',
        target: 'ready',
        actions: assign({ flow: ({ event }) => outputFlow(event), resendIn: RESEND_COOLDOWN_S }),
      },
      {
        guard: resultIsFlow,
        target: 'ready',
        actions: assign({ flow: ({ event }) => outputFlow(event) }),
      },
      { target: 'failed' },
    ]),
    codeSent: {
      after: {
        RESEND_TICK: {
          guard: 'coolingDown',
          target: 'codeSent',
          reenter: true,
          actions: assign({ resendIn: ({ context }) => context.resendIn - 1 }),
        },
      },
      on: { 'user.continue': { target: 'ready' } },
    },
    handlingFailure: handlingFailureState,
    failed: failedState,
    redirecting: redirectingState,
  },
});
