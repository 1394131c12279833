/**
 * Verification by code (spec §2, §4): a prefilled code or e-mail is submitted automatically (skip_send keeps the
 * e-mail from being sent again and shows the code prompt); the code can be resent after a visible cooldown
 * (beyond the spec); passed_challenge shows its messages and goes to `/`.
 */
import { assign } from 'xstate';
import { hasInput, IDENTITY_TOAST_MS } from '../src/identity/flow';
import { identityText } from '../src/identity/messages';
import type { FlowFormContext } from './flowForm.machine';
import {
  failedState,
  failWithError,
  flowSetup,
  handlingFailureState,
  initialContext,
  loadInput,
  outputFlow,
  codeReadyState,
  redirectingState,
  resultIsFlow,
  RESEND_COOLDOWN_S,
  submittingState,
} from './flowForm.machine';
import type { IdentityFlow } from '../src/identity/flow';

/** Values submitted automatically after loading, or null when the user has to act (spec §4). */
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

const successMessages = (flow: IdentityFlow) => (flow.ui.messages ?? []).map(identityText);

export const verificationMachine = flowSetup.createMachine({
  id: 'verification',
  initial: 'loading',
  context: initialContext,
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadFlow',
        input: loadInput,
        onDone: [
          {
            guard: ({ context, event }) => autoSubmitValues(context, event.output) !== null,
            target: 'submitting',
            actions: assign({
              flow: ({ event }) => event.output,
              flowId: ({ event }) => event.output.id,
              pending: ({ context, event }) => autoSubmitValues(context, event.output),
            }),
          },
          {
            target: 'ready',
            actions: assign({ flow: ({ event }) => event.output, flowId: ({ event }) => event.output.id }),
          },
        ],
        onError: { target: 'handlingFailure', actions: failWithError },
      },
    },
    ready: codeReadyState,
    submitting: submittingState([
      {
        guard: ({ event }) => event.output.type === 'flow' && outputFlow(event).state === 'passed_challenge',
        target: 'passed',
        actions: assign({ flow: ({ event }) => outputFlow(event) }),
      },
      {
        guard: ({ context, event }) =>
          event.output.type === 'flow' &&
          outputFlow(event).state === 'sent_email' &&
          Boolean(context.pending?.email) &&
          !context.pending?.code,
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
    passed: {
      entry: [
        {
          type: 'notify',
          params: ({ context }) => ({
            level: 'success' as const,
            message:
              (context.flow ? successMessages(context.flow).join(' ') : '') || 'Your account is verified.',
            duration: IDENTITY_TOAST_MS.success,
          }),
        },
        { type: 'redirect', params: { to: '/' } },
      ],
    },
    handlingFailure: handlingFailureState,
    failed: failedState,
    redirecting: redirectingState,
  },
});
