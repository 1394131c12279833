/**
 * Transition coverage of a machine by model-based paths: @xstate/graph finds the shortest path to every state
 * reachable with the events a machine model declares; each path is executed on a real actor, then every declared
 * event is tried from its end. The transitions the actor takes (inspected microsteps, eventless and delayed ones
 * included) are compared with every transition the machine declares, one per guarded branch.
 */
import { getShortestPaths } from '@xstate/graph';
import { createActor, type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
import { chartModel, transitionId, type TransitionDefinition } from '../../../src/qa/StatechartView/model';

/** An event with its payload fields. */
export type SampleEvent = { type: string; [field: string]: unknown };

export interface MachineModel {
  /** The machine's file name without `.machine.ts`. */
  name: string;
  /** The machine with its actions provided as no-ops where the default would leave the test. */
  machine: AnyStateMachine;
  /** One run per input (context-based guards need more than one). */
  inputs?: unknown[];
  /** Sample events, payloads included: user events, `xstate.done.actor.*` / `xstate.error.actor.*`, delays. */
  events: SampleEvent[];
  /**
   * What makes two snapshots the same state for the traversal (default: value and whole context). Machines whose
   * context grows with each step (counters, timers) name the parts their guards read, so the graph stays finite.
   */
  stateKey?: (snapshot: { value: unknown; context: unknown }) => string;
}

export interface StepResult {
  transitions: string[];
  snapshot: { value: unknown; context: unknown; status: string };
}

/** Every transition the machine declares, as chart ids (`source:event:branch`). */
export function declaredTransitions(machine: AnyStateMachine): string[] {
  return chartModel(machine)
    .transitions.map((t) => t.id)
    .sort();
}

/** The delayed events a machine declares, so models need not spell their generated types. */
export function delayEvents(machine: AnyStateMachine): EventObject[] {
  return [
    ...new Set(
      chartModel(machine)
        .transitions.filter((t) => t.delay !== null)
        .map((t) => t.eventType),
    ),
  ].map((type) => ({ type }));
}

/** What one run of events on an actor gives. */
export interface Run {
  /** The state before the first event (transitions taken on start), then after each event. */
  steps: StepResult[];
  /** The actor's persisted snapshot after the last event: another run can be restored there. */
  persisted: unknown;
}

/**
 * Runs events on a fresh actor, started from the machine's start with the input or restored from a persisted
 * snapshot; returns the transitions each event took and the snapshot after it.
 */
export function runEvents(
  machine: AnyStateMachine,
  from: { input: unknown; snapshot?: unknown },
  events: EventObject[],
): Run {
  let taken: string[] = [];
  const inspect = (ev: InspectionEvent) => {
    // The machine's own steps (not its children's); the first ones run before createActor returns.
    if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId)
      taken.push(...(ev._transitions as unknown as TransitionDefinition[]).map(transitionId));
  };
  const actor = createActor(machine, { ...from, inspect } as never);
  // An actor that fails (a guard throwing on a missing field) must not throw out of the run.
  actor.subscribe({ error: () => {} });
  actor.start();
  const steps: StepResult[] = [];
  const record = () => {
    const s = actor.getSnapshot() as { value: unknown; context: unknown; status: string };
    steps.push({ transitions: taken, snapshot: { value: s.value, context: s.context, status: s.status } });
    taken = [];
  };
  record();
  for (const e of events) {
    actor.send(e);
    record();
  }
  const persisted = actor.getPersistedSnapshot();
  actor.stop();
  return { steps, persisted };
}

export interface Coverage {
  name: string;
  declared: string[];
  covered: string[];
  missing: string[];
}

/**
 * Every transition the model's paths take: each shortest path is executed once, then every declared event is
 * tried from a fresh actor restored at the path's end.
 */
export function coveredTransitions(model: MachineModel): Set<string> {
  const covered = new Set<string>();
  const events = [...model.events, ...delayEvents(model.machine)];
  for (const input of model.inputs ?? [undefined]) {
    for (const prefix of shortestPaths(model, input, events)) {
      const run = runEvents(model.machine, { input }, prefix);
      const add = (r: Run) => r.steps.forEach((s) => s.transitions.forEach((t) => covered.add(t)));
      add(run);
      for (const e of events) add(runEvents(model.machine, { input, snapshot: run.persisted }, [e]));
    }
  }
  return covered;
}

function shortestPaths(model: MachineModel, input: unknown, events: EventObject[]): EventObject[][] {
  return graphPathsFor(model, input, events).map((p) => p.steps.map((s) => s.event));
}

/** A snapshot as the graph predicts it. */
export interface GraphState {
  value: unknown;
  context: unknown;
}

/** One shortest path of the model's graph: the events after `xstate.init`, each with the state it leads to. */
export interface GraphPath {
  input: unknown;
  steps: Array<{ event: EventObject; state: GraphState }>;
  /** The state at the end of the path. */
  state: GraphState;
}

/** The graph of a model per input, found once per process: the path tests and the coverage both walk it. */
const pathsFound = new WeakMap<MachineModel, Map<unknown, GraphPath[]>>();

function graphPathsFor(model: MachineModel, input: unknown, events: EventObject[]): GraphPath[] {
  const byInput = pathsFound.get(model) ?? new Map<unknown, GraphPath[]>();
  pathsFound.set(model, byInput);
  const known = byInput.get(input);
  if (known) return known;
  const found = searchGraph(model, input, events);
  byInput.set(input, found);
  return found;
}

function searchGraph(model: MachineModel, input: unknown, events: EventObject[]): GraphPath[] {
  const paths = getShortestPaths(model.machine, {
    events,
    input,
    limit: 200_000,
    ...(model.stateKey ? { serializeState: model.stateKey } : {}),
  } as never) as unknown as Array<{
    state: GraphState;
    steps: Array<{ event: EventObject; state: GraphState }>;
  }>;
  return paths.map((p) => ({ input, steps: p.steps.slice(1), state: p.state }));
}

/**
 * The shortest path @xstate/graph finds to every state reachable with the model's events (delays included), per
 * input: what the model-based tests run on a bare actor and the screen replays run through the screens.
 */
export function graphPaths(model: MachineModel): GraphPath[] {
  const events = [...model.events, ...delayEvents(model.machine)];
  return (model.inputs ?? [undefined]).flatMap((input) => graphPathsFor(model, input, events));
}

export function transitionCoverage(model: MachineModel): Coverage {
  const covered = coveredTransitions(model);
  const declared = declaredTransitions(model.machine);
  return {
    name: model.name,
    declared,
    covered: declared.filter((t) => covered.has(t)),
    missing: declared.filter((t) => !covered.has(t)),
  };
}

/** The ids of the invocations of actor source `src` (XState generates them when the machine gives none). */
function invokeIds(machine: AnyStateMachine, src: string): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const inv of node.invoke) if (inv.src === src) ids.push(inv.id);
    Object.values(node.states).forEach((c) => visit(c as AnyStateMachine['root']));
  };
  visit(machine.root);
  if (!ids.length) throw new Error(`${machine.id} invokes no actor "${src}"`);
  return ids;
}

/** The events an invoked actor sends its machine when it finishes: `done` with an output, `error` with an error. */
export function actorEvents(machine: AnyStateMachine, src: string) {
  const ids = invokeIds(machine, src);
  return {
    done: (output: unknown): EventObject[] => ids.map((id) => ({ type: `xstate.done.actor.${id}`, output })),
    error: (error: unknown): EventObject[] => ids.map((id) => ({ type: `xstate.error.actor.${id}`, error })),
  };
}
