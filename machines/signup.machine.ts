/**
 * Sign-up (spec §2): the registration flow. Success with an e-mail that still needs verifying shows the
 * account-created screen (click the link to activate; send-link-again goes to verification); success with a
 * verified or session-holding account leaves for the return address. Failures as in the flow form.
 */
import { completionTarget } from '../src/identity/flow';
import {
  failedState,
  flowSetup,
  handlingFailureState,
  initialContext,
  loadingState,
  onOutput,
  outputCompletion,
  readyState,
  redirectingState,
  resultIsFlow,
  storeOutputCompletion,
  storeOutputFlow,
  submittingState,
} from './flowForm.machine';

export { unverifiedAddress } from './flowForm.machine';

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
        actions: storeOutputFlow,
      },
      {
        guard: onOutput('needsVerification'),
        target: 'accountCreated',
        actions: {
          type: 'storeNewAccount',
          params: ({ event }) => ({ completion: outputCompletion(event) }),
        },
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
    accountCreated: {},
    handlingFailure: handlingFailureState,
    failed: failedState,
    redirecting: redirectingState,
  },
});
