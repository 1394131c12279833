/**
 * The identity error page (Kratos user-facing errors): a browser flow that failed is sent to `/error/?id=`; the page
 * reads the stored error by id and shows it. No id or an id the service does not know is `missing`; no answer from
 * the service is `failed`, with a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import { isIdentityApiError, type FlowErrorContainer } from '../src/identity/flow';

export type { FlowErrorContainer };

export interface FlowErrorInput {
  id: string | null;
}

export interface FlowErrorContext {
  id: string | null;
  container: FlowErrorContainer | null;
}

export type FlowErrorEvent = { type: 'user.retry' };

export const flowErrorMachine = setup({
  types: { context: {} as FlowErrorContext, events: {} as FlowErrorEvent, input: {} as FlowErrorInput },
  actors: {
    loadFlowError: fromPromise<FlowErrorContainer, { id: string }>(async () => {
      throw new Error('loadFlowError actor not provided');
    }),
  },
  guards: {
    hasId: ({ context }) => Boolean(context.id),
    // The service answered, but not with an error it knows (404 unknown id, 400 malformed id, 403 not this browser's).
    serviceAnswered: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return isIdentityApiError(error) && error.status >= 400 && error.status < 500;
    },
  },
  actions: {
    storeError: assign((_, params: { container: FlowErrorContainer }) => ({ container: params.container })),
  },
}).createMachine({
  id: 'flowError',
  initial: 'start',
  context: ({ input }) => ({ id: input.id?.trim() || null, container: null }),
  states: {
    start: { always: [{ guard: 'hasId', target: 'loading' }, { target: 'missing' }] },
    loading: {
      invoke: {
        src: 'loadFlowError',
        input: ({ context }) => ({ id: context.id ?? '' }),
        onDone: {
          target: 'shown',
          actions: { type: 'storeError', params: ({ event }) => ({ container: event.output }) },
        },
        onError: [{ guard: 'serviceAnswered', target: 'missing' }, { target: 'failed' }],
      },
    },
    shown: { type: 'final' },
    missing: { type: 'final' },
    failed: { on: { 'user.retry': 'loading' } },
  },
});
