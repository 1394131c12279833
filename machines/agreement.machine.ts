/**
 * The agreement modal (spec §4): hidden, visible after about 100 ms; Accept is possible once "I read all terms"
 * is ticked; accepting acknowledges the agreement (the `acknowledge` actor, supplied by whoever runs the machine)
 * and ends `accepted`; a failed acknowledge reports the error and the modal stays. Declining ends `declined`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { AGREEMENT_APPEAR_DELAY_MS } from '../src/notifications/constants';

export type AgreementMachineEvent =
  { type: 'user.toggleRead'; checked: boolean } | { type: 'user.accept' } | { type: 'user.decline' };

export interface AgreementMachineOutput {
  result: 'accepted' | 'declined';
}

export const agreementMachine = setup({
  types: {
    context: {} as { read: boolean; result: 'accepted' | 'declined' | null },
    events: {} as AgreementMachineEvent,
    output: {} as AgreementMachineOutput,
  },
  delays: { appearDelay: AGREEMENT_APPEAR_DELAY_MS },
  guards: { hasRead: ({ context }) => context.read },
  actors: {
    // Replaced with machine.provide(...) by the code that runs the machine.
    acknowledge: fromPromise<void>(async () => {
      throw new Error('acknowledge actor not provided');
    }),
  },
  actions: {
    // Replaced by the host: sends the failure to the error handler.
    reportError: (_args, _params: { error: unknown }) => {},
    setRead: assign((_, params: { checked: boolean }) => ({ read: params.checked })),
    markAccepted: assign({ result: 'accepted' as const }),
    markDeclined: assign({ result: 'declined' as const }),
  },
}).createMachine({
  id: 'agreement',
  context: { read: false, result: null },
  initial: 'hidden',
  states: {
    hidden: {
      after: { appearDelay: 'visible' },
    },
    visible: {
      on: {
        'user.toggleRead': {
          actions: { type: 'setRead', params: ({ event }) => ({ checked: event.checked }) },
        },
        'user.accept': { guard: 'hasRead', target: 'accepting' },
        'user.decline': 'declined',
      },
    },
    accepting: {
      invoke: {
        id: 'acknowledge',
        src: 'acknowledge',
        onDone: 'accepted',
        onError: {
          target: 'visible',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    accepted: { type: 'final', entry: 'markAccepted' },
    declined: { type: 'final', entry: 'markDeclined' },
  },
  output: ({ context }) => ({ result: context.result ?? 'declined' }),
});
