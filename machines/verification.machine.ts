/**
 * Verification by code (spec §2, §4): a prefilled code or e-mail is submitted automatically (skip_send keeps the
 * e-mail from being sent again and shows the code prompt); the code can be resent after a visible cooldown
 * (beyond the spec); passed_challenge shows its messages and goes to `/`.
 */
import { IDENTITY_TOAST_MS } from '../src/identity/flow';
import { identityText } from '../src/identity/messages';
import {
  failedState,
  failWithError,
  flowSetup,
  handlingFailureState,
  initialContext,
  loadInput,
  codeReadyState,
  onOutput,
  redirectingState,
  resultIsFlow,
  storeOutputFlow,
  submittingState,
} from './flowForm.machine';
import type { IdentityFlow } from '../src/identity/flow';

export { autoSubmitValues } from './flowForm.machine';

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
            guard: { type: 'autoSubmits', params: ({ event }) => ({ flow: event.output }) },
            target: 'submitting',
            actions: { type: 'storeAutoSubmit', params: ({ event }) => ({ flow: event.output }) },
          },
          {
            target: 'ready',
            actions: { type: 'storeLoadedFlow', params: ({ event }) => ({ flow: event.output }) },
          },
        ],
        onError: { target: 'handlingFailure', actions: failWithError },
      },
    },
    ready: codeReadyState,
    submitting: submittingState([
      {
        guard: onOutput('challengePassed'),
        target: 'passed',
        actions: storeOutputFlow,
      },
      {
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
