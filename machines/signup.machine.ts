/**
 * Sign-up (spec §2): the registration flow. Success with an e-mail that still needs verifying shows the
 * account-created screen (click the link to activate; send-link-again goes to verification); success with a
 * verified or session-holding account leaves for the return address. Failures as in the flow form.
 */
import { assign } from 'xstate';
import { completionTarget } from '../src/identity/flow';
import type { FlowCompletion } from '../src/identity/flow';
import {
  failedState,
  flowSetup,
  handlingFailureState,
  initialContext,
  loadingState,
  outputCompletion,
  outputFlow,
  readyState,
  redirectingState,
  resultIsFlow,
  submittingState,
} from './flowForm.machine';

/** The first address the new account still has to verify, if any. */
export function unverifiedAddress(completion: FlowCompletion | null): string | null {
  return completion?.identity?.verifiable_addresses?.find((a) => !a.verified)?.value ?? null;
}

export const signupMachine = flowSetup.createMachine({
  id: 'signup',
  initial: 'loading',
  context: initialContext,
  states: {
    loading: loadingState,
    ready: readyState,
    submitting: submittingState([
      {
        guard: resultIsFlow,
        target: 'ready',
        actions: assign({ flow: ({ event }) => outputFlow(event) }),
      },
      {
        guard: ({ event }) => unverifiedAddress(outputCompletion(event)) !== null,
        target: 'accountCreated',
        actions: assign({
          completion: ({ event }) => outputCompletion(event),
          email: ({ event }) => unverifiedAddress(outputCompletion(event)) ?? '',
        }),
      },
      {
        target: 'redirecting',
        actions: [
          assign({ completion: ({ event }) => outputCompletion(event) }),
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
    accountCreated: {},
    handlingFailure: handlingFailureState,
    failed: failedState,
    redirecting: redirectingState,
  },
});
