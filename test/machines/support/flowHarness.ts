/** Fake identity actors for the flow machines: scripted answers, recorded calls. */
import type { UiNode } from '@ory/client-fetch';
import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine } from 'xstate';
import type { FlowFormInput, LoadFlowInput, SubmitFlowInput } from '../../../machines/flowForm.machine';
import type { IdentityFlow, SubmitResult } from '../../../src/identity/flow';

export const input = (
  name: string,
  type: string,
  extra: Record<string, unknown> = {},
  group = 'default',
): UiNode =>
  ({
    type: 'input',
    group,
    attributes: { node_type: 'input', name, type, disabled: false, ...extra },
    messages: [],
    meta: {},
  }) as unknown as UiNode;

export const makeFlow = (id: string, nodes: UiNode[], extra: Partial<IdentityFlow> = {}): IdentityFlow => ({
  id,
  ui: {
    action: `/identity/self-service/x?flow=${id}`,
    method: 'POST',
    nodes: [input('csrf_token', 'hidden', { value: 'csrf' }), ...nodes],
    messages: [],
  },
  ...extra,
});

/** Actors the file's tests started: stopped after each test, so no resend countdown outlives its test. */
const started: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
});

export type Answer<T> = T | { status: number; body: unknown };
const isError = (a: unknown): a is { status: number; body: unknown } =>
  Boolean(a) && typeof a === 'object' && 'status' in (a as object) && 'body' in (a as object);

export function startFlow<M extends AnyStateMachine>(
  machine: M,
  flowInput: FlowFormInput,
  script: { loads: Array<Answer<IdentityFlow>>; submits?: Array<Answer<SubmitResult>> },
) {
  const loads: LoadFlowInput[] = [];
  const submits: SubmitFlowInput[] = [];
  const redirect = jest.fn();
  const notify = jest.fn();
  const loadQueue = [...script.loads];
  const submitQueue = [...(script.submits ?? [])];
  const provided = (machine as AnyStateMachine).provide({
    actors: {
      loadFlow: fromPromise<IdentityFlow, LoadFlowInput>(async ({ input: i }) => {
        loads.push(i);
        const a = loadQueue.shift();
        if (!a) throw new Error('unexpected load');
        if (isError(a)) throw a;
        return a;
      }),
      submitFlow: fromPromise<SubmitResult, SubmitFlowInput>(async ({ input: i }) => {
        submits.push(i);
        const a = submitQueue.shift();
        if (!a) throw new Error('unexpected submit');
        if (isError(a)) throw a;
        return a;
      }),
    },
    actions: {
      redirect: (_: unknown, p: { to: string; fullLoad?: boolean }) => redirect(p),
      notify: (_: unknown, p: unknown) => notify(p),
    },
  });
  const actor = createActor(provided, { input: flowInput }).start();
  started.push(actor);
  return { actor, loads, submits, redirect, notify };
}
