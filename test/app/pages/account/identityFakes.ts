/** Scripted identity actors for the identity screens: answers in order, calls recorded. */
import type { UiNode } from '@ory/client-fetch';
import { fromPromise } from 'xstate';
import type { FlowErrorContainer } from '../../../../machines/flowError.machine';
import type { LoadFlowInput, SubmitFlowInput } from '../../../../machines/flowForm.machine';
import type { IdentityFlow, SubmitResult } from '../../../../src/identity/flow';
import type { IdentityActors } from '../../../../src/app/pages/account/identity/useFlowImplementations';

type Answer<T> = T | { status: number; body: unknown };
const isError = (a: unknown): a is { status: number; body: unknown } =>
  Boolean(a) && typeof a === 'object' && 'status' in (a as object) && 'body' in (a as object);

export const node = (
  name: string,
  type: string,
  extra: Record<string, unknown> = {},
  group = 'default',
  label?: { id: number; text: string },
): UiNode =>
  ({
    type: 'input',
    group,
    attributes: { node_type: 'input', name, type, disabled: false, ...extra },
    messages: [],
    meta: label ? { label: { ...label, type: 'info' } } : {},
  }) as unknown as UiNode;

export const flowOf = (id: string, nodes: UiNode[], extra: Partial<IdentityFlow> = {}): IdentityFlow => ({
  id,
  ui: {
    action: `/identity/self-service/x?flow=${id}`,
    method: 'POST',
    nodes: [node('csrf_token', 'hidden', { value: 'csrf' }), ...nodes],
    messages: [],
  },
  ...extra,
});

export function fakeActors(script: {
  loads?: Array<Answer<IdentityFlow>>;
  submits?: Array<Answer<SubmitResult>>;
  logout?: Answer<{ logout_url: string }>;
  flowError?: Answer<FlowErrorContainer>;
}) {
  const loads: LoadFlowInput[] = [];
  const errorLoads: string[] = [];
  const submits: SubmitFlowInput[] = [];
  const loadQueue = [...(script.loads ?? [])];
  const submitQueue = [...(script.submits ?? [])];
  const actors: IdentityActors = {
    loadFlow: fromPromise<IdentityFlow, LoadFlowInput>(async ({ input }) => {
      loads.push(input);
      const a = loadQueue.shift();
      if (!a || isError(a)) throw a ?? { status: 0, body: null };
      return a;
    }),
    submitFlow: fromPromise<SubmitResult, SubmitFlowInput>(async ({ input }) => {
      submits.push(input);
      const a = submitQueue.shift();
      if (!a || isError(a)) throw a ?? { status: 0, body: null };
      return a;
    }),
    createLogout: fromPromise<{ logout_url: string }, { returnTo?: string }>(async () => {
      const a = script.logout;
      if (!a || isError(a)) throw a ?? { status: 0, body: null };
      return a;
    }),
    loadFlowError: fromPromise<FlowErrorContainer, { id: string }>(async ({ input }) => {
      errorLoads.push(input.id);
      const a = script.flowError;
      if (!a || isError(a)) throw a ?? { status: 0, body: null };
      return a;
    }),
  };
  return { actors, loads, submits, errorLoads };
}
