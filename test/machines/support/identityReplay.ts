/**
 * Replays the model-based paths of the identity flow machines (paths.model.test.ts) through the screens they
 * drive: the same @xstate/graph shortest paths, the invoked identity actors answering exactly as each path's
 * `xstate.done.actor.*` / `xstate.error.actor.*` events say, and the machine each step predicts on a bare actor.
 */
import type { UiNode } from '@ory/client-fetch';
import {
  createActor,
  fromPromise,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import type { FlowErrorContainer } from '../../../machines/flowError.machine';
import type { LoadFlowInput, SubmitFlowInput } from '../../../machines/flowForm.machine';
import type { IdentityActors } from '../../../src/app/pages/account/identity/useFlowImplementations';
import type { IdentityFlow, SubmitResult } from '../../../src/identity/flow';
import { transitionId, type TransitionDefinition } from '../../../src/qa/StatechartView/model';
import { declaredTransitions, delayEvents, graphPaths, runEvents } from './coverage';
import { machineModels } from './models';

export interface ReplayStep {
  event: EventObject;
  /** The state a bare actor of the machine is in after the event. */
  value: unknown;
  context: Record<string, unknown>;
}

export interface ReplayPath {
  input: Record<string, unknown>;
  /** The steps after the machine started (the first path step is its start). */
  steps: ReplayStep[];
  /** The machine's transitions the path takes (chart ids, as the coverage gate counts them). */
  transitions: Set<string>;
  /** Where the machine starts, before any step. */
  start: { value: unknown; context: Record<string, unknown> };
}

/** Every shortest path of a machine's model (the same `graphPaths` paths.model.test.ts runs), with each step's state. */
export function modelPaths(name: string): ReplayPath[] {
  const model = machineModels.find((m) => m.name === name);
  if (!model) throw new Error(`no model for ${name}`);
  const out: ReplayPath[] = [];
  for (const p of graphPaths(model)) {
    const input = p.input;
    // What the machine predicts after each step, from a bare actor.
    const transitions = new Set<string>();
    const inspect = (ev: InspectionEvent) => {
      if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId)
        for (const t of ev._transitions as unknown as TransitionDefinition[])
          transitions.add(transitionId(t));
    };
    const actor = createActor(model.machine, { input, inspect } as never);
    actor.subscribe({ error: () => {} });
    actor.start();
    const snap = () => {
      const s = actor.getSnapshot() as { value: unknown; context: Record<string, unknown> };
      return { value: s.value, context: s.context };
    };
    const start = snap();
    const steps = p.steps.map(({ event }) => {
      actor.send(event);
      return { event, ...snap() };
    });
    actor.stop();
    const last = steps.length ? steps[steps.length - 1].value : start.value;
    if (JSON.stringify(last) !== JSON.stringify(p.state.value))
      throw new Error(`${name}: the bare actor does not reach the path's state`);
    out.push({ input: (input ?? {}) as Record<string, unknown>, steps, start, transitions });
  }
  return out;
}

/** What kind of step an event is for the screen. */
export function stepKind(event: EventObject): 'done' | 'error' | 'delay' | 'user' {
  if (event.type.startsWith('xstate.done.actor.')) return 'done';
  if (event.type.startsWith('xstate.error.actor.')) return 'error';
  if (event.type.startsWith('xstate.after.')) return 'delay';
  return 'user';
}

type Src = 'loadFlow' | 'submitFlow' | 'createLogout' | 'loadFlowError';
interface PendingCall {
  src: Src;
  input: unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Identity actors whose calls wait until the replay answers them: each call is kept until `answer` settles it with
 * the output or error of the path's actor event (after `shape` made the flow a screen can show).
 */
export function deferredActors() {
  const pending: PendingCall[] = [];
  const calls: Array<{ src: Src; input: unknown }> = [];
  const deferred = <O, I>(src: Src) =>
    fromPromise<O, I>(
      ({ input }) =>
        new Promise<O>((resolve, reject) => {
          calls.push({ src, input });
          pending.push({ src, input, resolve: resolve as (v: unknown) => void, reject });
        }),
    );
  const actors: IdentityActors = {
    loadFlow: deferred<IdentityFlow, LoadFlowInput>('loadFlow'),
    submitFlow: deferred<SubmitResult, SubmitFlowInput>('submitFlow'),
    createLogout: deferred<{ logout_url: string }, { returnTo?: string }>('createLogout'),
    loadFlowError: deferred<FlowErrorContainer, { id: string }>('loadFlowError'),
  };
  return {
    actors,
    calls,
    pending,
    /** Settles the one call under way (the machine invokes one actor at a time). */
    answer(event: EventObject, shape: (output: unknown) => unknown = (o) => o) {
      if (pending.length !== 1)
        throw new Error(`expected one identity call under way for ${event.type}, found ${pending.length}`);
      const call = pending.shift() as PendingCall;
      if (stepKind(event) === 'done') call.resolve(shape((event as { output?: unknown }).output));
      else call.reject((event as { error?: unknown }).error);
      return call;
    },
  };
}

/** Records the snapshots of the screen's own actor (the root of the inspection events). */
export function rootSnapshots() {
  let latest: { value: unknown; context: Record<string, unknown>; status: string } | null = null;
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.snapshot' && e.actorRef.sessionId === e.rootId)
      latest = e.snapshot as unknown as typeof latest;
  };
  return { inspect, current: () => latest };
}

const input = (name: string, type: string, group: string, label: string, extra: object = {}): UiNode =>
  ({
    type: 'input',
    group,
    attributes: { node_type: 'input', name, type, disabled: false, ...extra },
    messages: [],
    meta: { label: { id: 0, text: label, type: 'info' } },
  }) as unknown as UiNode;

/** The fields and buttons replays fill and press (labels as the screens show them), in a group of the flow. */
export const replayNodes = {
  email: (group = 'code') => input('email', 'email', group, 'E-mail'),
  code: (group = 'code') => input('code', 'text', group, 'Code'),
  totp: () => input('totp_code', 'text', 'totp', 'Authenticator code'),
  send: (group = 'code') => input('method', 'submit', group, 'Send', { value: 'code' }),
  totpSave: () => input('method', 'submit', 'totp', 'Save authenticator', { value: 'totp' }),
};

const nameOf = (n: UiNode) => (n.attributes as { name?: string }).name;

/**
 * The model's flows carry only what the machines' guards read (their state and a few named nodes); a screen needs
 * fields to fill. The nodes given are added after the flow's own, unless the flow has a node of that name: the
 * guards reading nodes see the same ones.
 */
export function withFields(flow: IdentityFlow, nodes: UiNode[]): IdentityFlow {
  const own = new Set(flow.ui.nodes.map(nameOf));
  // Several submit buttons named `method` (one per group) may be added; the flow's own are kept as they are.
  const added = nodes.filter((n) => !own.has(nameOf(n)));
  return { ...flow, ui: { ...flow.ui, nodes: [...flow.ui.nodes, ...added] } };
}

/**
 * Shapes what an identity actor answers for a screen: a loaded flow, the flow of a submit's answer and the flow in
 * an error's body get the nodes; completions are kept as they are.
 */
export function shapeFlows(nodes: () => UiNode[]) {
  return (o: unknown): unknown => {
    const r = o as { ui?: unknown; type?: string; flow?: IdentityFlow };
    if (r && typeof r === 'object' && 'ui' in r) return withFields(o as IdentityFlow, nodes());
    if (r && typeof r === 'object' && r.type === 'flow' && r.flow)
      return { ...r, flow: withFields(r.flow, nodes()) };
    return o;
  };
}

/**
 * For machines with too many paths to replay through a screen in reasonable time (the resend cooldown counts down
 * one state per second): a smallest-first greedy choice of paths that together take every transition the machine
 * declares. Transitions no shortest path takes (self-loops, ignored events) come from a path extended by one
 * declared event, as the coverage gate finds them (coverage.ts). Throws if a transition stays untaken.
 */
export function coveringPaths(
  name: string,
  paths: ReplayPath[] = modelPaths(name),
  /** Whether a screen can replay a path (every user event has a way on the screen in the state it comes in). */
  replayable: (p: ReplayPath) => boolean = () => true,
  /** The transitions the screen drives (all the machine declares by default). */
  drives: (transition: string) => boolean = () => true,
): ReplayPath[] {
  const model = machineModels.find((m) => m.name === name);
  if (!model) throw new Error(`no model for ${name}`);
  const declared = new Set(declaredTransitions(model.machine).filter(drives));
  const missing = new Set(declared);
  const chosen: ReplayPath[] = [];
  const take = (p: ReplayPath, ts: Set<string>) => {
    chosen.push(p);
    ts.forEach((t) => missing.delete(t));
  };
  const taken = (input: unknown, events: EventObject[]) =>
    new Set(
      runEvents(model.machine, input, events)
        .flatMap((r) => r.transitions)
        .filter((t) => declared.has(t)),
    );
  const byLength = paths.filter(replayable).sort((a, b) => a.steps.length - b.steps.length);
  // Greedy: the path adding the most transitions still missing, shortest first among equals.
  for (;;) {
    let best: ReplayPath | null = null;
    let gain = 0;
    for (const p of byLength) {
      const g = [...p.transitions].filter((t) => missing.has(t)).length;
      if (g > gain) [best, gain] = [p, g];
    }
    if (!best) break;
    take(best, best.transitions);
  }
  const events = [...model.events, ...delayEvents(model.machine)];
  for (const t of [...missing]) {
    // `machine.state:event:branch`: a path ending in that state, extended by that event.
    const [source, type] = t.split(':');
    const state = source.split('.').slice(1).join('.');
    for (const p of byLength) {
      if (!missing.has(t)) break;
      const last = p.steps.length ? p.steps[p.steps.length - 1].value : p.start.value;
      if (last !== state) continue;
      for (const e of events.filter((ev) => ev.type === type)) {
        const input = inputOf(p, model.inputs);
        const ts = taken(input, [...p.steps.map((s) => s.event), e]);
        const extended = { ...extend(model.machine, input, p, e), transitions: ts };
        if (ts.has(t) && replayable(extended)) {
          take(extended, ts);
          break;
        }
      }
    }
  }
  if (missing.size) throw new Error(`${name}: no path takes ${[...missing].join(', ')}`);
  return chosen;
}

/** The model input a path was computed with (modelPaths keeps `{}` for an undefined one). */
const inputOf = (p: ReplayPath, inputs: unknown[] | undefined) =>
  (inputs ?? [undefined]).find((i) => JSON.stringify(i ?? {}) === JSON.stringify(p.input));

function extend(machine: AnyStateMachine, input: unknown, p: ReplayPath, e: EventObject): ReplayPath {
  const actor = createActor(machine, { input } as never);
  actor.subscribe({ error: () => {} });
  actor.start();
  for (const s of p.steps) actor.send(s.event);
  actor.send(e);
  const s = actor.getSnapshot() as { value: unknown; context: Record<string, unknown> };
  actor.stop();
  return { ...p, steps: [...p.steps, { event: e, value: s.value, context: s.context }] };
}
