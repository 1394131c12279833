/**
 * The life of one toast or banner (spec §4 notifications): it appears after 100 ms, fades in, closes on the user's
 * request or after its duration (unless persistent), fades out, and is done after twice the fade time. The
 * notification saga runs one actor per notification and mirrors its phase into the store.
 */
import { assign, setup } from 'xstate';
import { NOTIFICATION_APPEAR_DELAY_MS, NOTIFICATION_REMOVE_AFTER_MS } from '../src/notifications/constants';

export interface NotificationMachineInput {
  /** Milliseconds; zero or negative = persistent. */
  duration: number;
}

export type NotificationMachineEvent = { type: 'user.close' };

export interface NotificationMachineOutput {
  /** True when the user closed it (a server message is then acknowledged). */
  closedByUser: boolean;
}

export const notificationMachine = setup({
  types: {
    context: {} as { duration: number; closedByUser: boolean },
    input: {} as NotificationMachineInput,
    events: {} as NotificationMachineEvent,
    output: {} as NotificationMachineOutput,
  },
  delays: {
    appearDelay: NOTIFICATION_APPEAR_DELAY_MS,
    duration: ({ context }) => context.duration,
    removeAfter: NOTIFICATION_REMOVE_AFTER_MS,
  },
  guards: {
    persistent: ({ context }) => !(context.duration > 0),
  },
  actions: {
    markClosedByUser: assign({ closedByUser: true }),
  },
}).createMachine({
  id: 'notification',
  context: ({ input }) => ({ duration: input.duration, closedByUser: false }),
  initial: 'pending',
  states: {
    pending: {
      after: { appearDelay: [{ guard: 'persistent', target: 'persistent' }, { target: 'timed' }] },
      on: { 'user.close': { target: 'closing', actions: 'markClosedByUser' } },
    },
    /** Shown until the user closes it. */
    persistent: {
      on: { 'user.close': { target: 'closing', actions: 'markClosedByUser' } },
    },
    /** Shown, closes by itself after its duration. */
    timed: {
      after: { duration: 'closing' },
      on: { 'user.close': { target: 'closing', actions: 'markClosedByUser' } },
    },
    /** Fading out; removed after twice the fade time. */
    closing: {
      after: { removeAfter: 'done' },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ closedByUser: context.closedByUser }),
});

/** The store's phase for a machine state. */
export function phaseOf(value: string): 'pending' | 'visible' | 'closing' {
  if (value === 'pending') return 'pending';
  if (value === 'persistent' || value === 'timed') return 'visible';
  return 'closing';
}
