/**
 * Replays the model-based paths of a machine through the screen it drives (Testing Library): the same shortest
 * paths the bare-actor tests run (graphPaths), with every user event turned into the user's interaction by the
 * screen's test, every `xstate.done.actor.*` / `xstate.error.actor.*` event turned into the answer of the call the
 * screen is waiting on, and delays into advanced time. After each step the screen's own actor (seen through the
 * screen's `inspect` option) must be in the state the graph predicted, and the screen must show it.
 *
 * The paths (replayPaths), the calls the screen waits on (PendingCalls), the screen's actor (actorProbe) and the
 * step-by-step replay (replay) serve every screen; identityScreenReplay.tsx drives the identity flow screens with
 * the same paths and calls.
 */
import { waitFor } from '@testing-library/react';
import { type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
import {
  declaredTransitions,
  delayEvents,
  graphPaths,
  runEvents,
  type GraphPath,
  type GraphState,
  type MachineModel,
} from './coverage';

/** A readable key of an event: type and payload, errors by their name, message, status and body. */
function eventKey(e: unknown): string {
  return JSON.stringify(e, (_k, v: unknown) =>
    v instanceof Error
      ? {
          error: v.name,
          message: v.message,
          status: (v as { status?: unknown }).status,
          data: (v as { data?: unknown }).data,
        }
      : v,
  );
}

/** What kind of step an event is for the screen: an invoked actor's answer, a delay, or the user's. */
export function stepKind(event: EventObject): 'done' | 'error' | 'delay' | 'user' {
  if (event.type.startsWith('xstate.done.actor.')) return 'done';
  if (event.type.startsWith('xstate.error.actor.')) return 'error';
  if (event.type.startsWith('xstate.after.')) return 'delay';
  return 'user';
}

/** A path's title for the test report: its input and event types (an actor's answer as `done(src)`). */
export function pathTitle(machine: AnyStateMachine, p: GraphPath): string {
  const events = p.steps.map((s) => {
    const a = actorAnswer(machine, s.event);
    return a
      ? `${a.done ? 'done' : 'error'}(${a.src})`
      : stepKind(s.event) === 'delay'
        ? 'after'
        : s.event.type;
  });
  return `${JSON.stringify(p.input ?? {})} ${events.join(' → ') || '(initial)'}`;
}

/**
 * A path of a model as a bare actor of the machine runs it: the state it starts in, the state after each event,
 * and the transitions it takes (chart ids, as the coverage gate counts them). `Input` is the model's input type.
 */
export interface ReplayPath<Input = unknown> extends GraphPath {
  input: Input;
  start: GraphState;
  transitions: Set<string>;
}

/** Which of a model's paths a screen replays (by default every shortest path, extended where needed). */
export interface PathChoice<Input = unknown> {
  /**
   * Only a set of the shortest paths that together take every transition (greedy: the path adding the most
   * transitions still missing, shortest first among equals), for machines with too many paths to replay each
   * through a screen in reasonable time (a cooldown counting down one state per second).
   */
  covering?: boolean;
  /** Whether the screen can replay a path (every user event has a way on the screen in the state it comes in). */
  replayable?: (p: ReplayPath<Input>) => boolean;
  /** The transitions the screen drives (all the machine declares by default). */
  drives?: (transition: string) => boolean;
}

/**
 * The paths of a model a screen replays: its shortest paths (shortestReplayPaths, or the covering set of them),
 * then the one-event extensions that take the transitions no chosen path takes (a refusal that returns to a state
 * already reached, a self-transition): each replayable path, shortest first, is tried with every model event from
 * a fresh actor restored at its end, as the coverage gate tries them, and kept extended by an event that takes a
 * transition still missing. Together they take every transition the screen drives; throws if one stays untaken.
 */
export function replayPaths<Input = unknown>(
  model: MachineModel,
  choice: PathChoice<Input> = {},
): ReplayPath<Input>[] {
  const replayable = choice.replayable ?? (() => true);
  const missing = new Set(declaredTransitions(model.machine).filter(choice.drives ?? (() => true)));
  const chosen: ReplayPath<Input>[] = [];
  const take = (p: ReplayPath<Input>) => {
    chosen.push(p);
    p.transitions.forEach((t) => missing.delete(t));
  };
  // Where each path ends, to be extended from.
  const ends = new Map<ReplayPath<Input>, unknown>();
  const candidates = runShortestPaths<Input>(model).flatMap(({ path, persisted }) => {
    if (!replayable(path)) return [];
    ends.set(path, persisted);
    return [path];
  });
  const byLength = [...candidates].sort((a, b) => a.steps.length - b.steps.length);
  if (choice.covering)
    for (;;) {
      let best: ReplayPath<Input> | null = null;
      let gain = 0;
      for (const p of byLength) {
        const g = [...p.transitions].filter((t) => missing.has(t)).length;
        if (g > gain) [best, gain] = [p, g];
      }
      if (!best) break;
      take(best);
    }
  else candidates.forEach(take);
  const events = [...model.events, ...delayEvents(model.machine)];
  for (const p of byLength) {
    if (!missing.size) break;
    for (const e of events) {
      if (!missing.size) break;
      const last = runEvents(model.machine, { input: p.input, snapshot: ends.get(p) }, [e]).steps.at(-1)!;
      const fresh = last.transitions.filter((t) => missing.has(t));
      if (!fresh.length || last.snapshot.status === 'error') continue;
      const extended = runPath<Input>(model, p.input, [...p.steps.map((s) => s.event), e]).path;
      if (!fresh.every((t) => extended.transitions.has(t)))
        throw new Error(`${model.name}: ${e.type} takes other transitions after a fresh start than restored`);
      if (replayable(extended)) take(extended);
    }
  }
  if (missing.size) throw new Error(`${model.name}: no path takes ${[...missing].join(', ')}`);
  return chosen;
}

/** Every shortest path of the model (identical ones, same input and events, once), as a bare actor runs it. */
export function shortestReplayPaths<Input = unknown>(model: MachineModel): ReplayPath<Input>[] {
  return runShortestPaths<Input>(model).map((r) => r.path);
}

function runShortestPaths<Input>(model: MachineModel) {
  const seen = new Set<string>();
  return graphPaths(model).flatMap((graph) => {
    const events = graph.steps.map((s) => s.event);
    const key = eventKey([graph.input, events]);
    if (seen.has(key)) return [];
    seen.add(key);
    const run = runPath<Input>(model, graph.input as Input, events);
    // Each step's state as the events of this path reach it: where a model's state key merges states (the order
    // windows were opened in), the graph's step state is whichever it met first, maybe by another path.
    [...run.path.steps, { event: null, state: run.path.state }].forEach((s, i) => {
      const predicted = i < graph.steps.length ? graph.steps[i].state : graph.state;
      if (JSON.stringify(s.state.value) !== JSON.stringify(predicted.value))
        throw new Error(
          `${model.name}: a bare actor leaves the graph's path at ${s.event?.type ?? 'its end'}`,
        );
    });
    return [run];
  });
}

/** A path run on a bare actor of the model's machine, and the actor's persisted snapshot at its end. */
function runPath<Input>(model: MachineModel, input: Input, events: EventObject[]) {
  const { steps, persisted } = runEvents(model.machine, { input }, events);
  const path: ReplayPath<Input> = {
    input,
    start: steps[0].snapshot,
    steps: events.map((event, i) => ({ event, state: steps[i + 1].snapshot })),
    state: steps[steps.length - 1].snapshot,
    transitions: new Set(steps.flatMap((s) => s.transitions)),
  };
  return { path, persisted };
}

/** The declared transitions the paths do not take (none, for the set replayPaths gives), each path run anew. */
export function untakenTransitions(model: MachineModel, paths: GraphPath[]): string[] {
  const taken = new Set<string>();
  for (const p of paths)
    runEvents(
      model.machine,
      { input: p.input },
      p.steps.map((s) => s.event),
    ).steps.forEach((r) => r.transitions.forEach((t) => taken.add(t)));
  return declaredTransitions(model.machine).filter((t) => !taken.has(t));
}

/** What a done/error event of an invoked actor says: which actor source, and its output or error. */
export type ActorAnswer =
  { src: string; done: true; output: unknown } | { src: string; done: false; error: unknown };

/** The invoked actor an `xstate.done.actor.<id>` / `xstate.error.actor.<id>` event is from, or null. */
export function actorAnswer(machine: AnyStateMachine, event: EventObject): ActorAnswer | null {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (!m) return null;
  let src: string | null = null;
  const visit = (node: AnyStateMachine['root']) => {
    for (const inv of node.invoke) if (inv.id === m[2]) src = String(inv.src);
    Object.values(node.states).forEach((c) => visit(c as AnyStateMachine['root']));
  };
  visit(machine.root);
  if (!src) throw new Error(`${machine.id} invokes no actor with id ${m[2]}`);
  const e = event as EventObject & { output?: unknown; error?: unknown };
  return m[1] === 'done' ? { src, done: true, output: e.output } : { src, done: false, error: e.error };
}

/** How a waiting call ends: resolved with a value or rejected with an error. */
type Outcome = { resolve: unknown } | { reject: unknown };

/**
 * Calls the screen made that wait for the path to answer them, per actor source: the screen's fake services (an API
 * client, identity actors) call `wait(src, input)` and get a promise the replay settles when the path's done/error
 * event comes. Every call is kept in `calls`, in the order made.
 */
export class PendingCalls {
  readonly calls: Array<{ src: string; input: unknown }> = [];
  private readonly queue: Array<{
    src: string;
    resolve: (v: unknown) => void;
    reject: (e: unknown) => void;
  }> = [];

  wait<T>(src: string, input?: unknown): Promise<T> {
    this.calls.push({ src, input });
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ src, resolve: resolve as (v: unknown) => void, reject });
    });
  }

  /** How many calls of `src` wait for an answer. */
  count(src: string): number {
    return this.queue.filter((c) => c.src === src).length;
  }

  /** Settles the oldest waiting call of `src` (it must have been made). */
  settle(src: string, outcome: Outcome) {
    const i = this.queue.findIndex((c) => c.src === src);
    if (i < 0) throw new Error(`the screen made no ${src} call to answer`);
    PendingCalls.answer(this.queue.splice(i, 1)[0], outcome);
  }

  /** Settles the one call waiting, whichever its source (for machines invoking one actor at a time). */
  settleOnly(outcome: Outcome) {
    if (this.queue.length !== 1)
      throw new Error(`expected one call waiting for an answer, found ${this.queue.length}`);
    PendingCalls.answer(this.queue.splice(0, 1)[0], outcome);
  }

  private static answer(call: { resolve: (v: unknown) => void; reject: (e: unknown) => void }, o: Outcome) {
    if ('resolve' in o) call.resolve(o.resolve);
    else call.reject(o.reject);
  }
}

/**
 * The screen's root actor as its `inspect` option reports it; `machineId` picks one machine's actor where the host
 * hands the same `inspect` to several (the sagas' saga context).
 */
export function actorProbe(machineId?: string) {
  let latest: { value: unknown; context: unknown; status: string } | null = null;
  const inspect = (e: InspectionEvent) => {
    const id = (e.actorRef as { logic?: { id?: string } }).logic?.id;
    if (machineId && id !== machineId) return;
    if (e.type === '@xstate.snapshot' && e.actorRef.sessionId === e.rootId)
      latest = e.snapshot as unknown as { value: unknown; context: unknown; status: string };
  };
  return {
    inspect,
    /** The latest snapshot, or null before the screen started its actor. */
    current: () => latest,
    snapshot: () => {
      if (!latest) throw new Error('the screen started no actor');
      return latest;
    },
  };
}

export interface ReplayDriver {
  /** The screen's actor. */
  probe: ReturnType<typeof actorProbe>;
  /** Answers a call the screen is waiting on, as the path's done/error event says. */
  answer: (a: ActorAnswer) => Promise<void>;
  /** Does on the screen what the user event means; throws for an event the screen has no way to do. */
  act: (event: EventObject, before: GraphState) => Promise<void>;
  /**
   * Why the user cannot cause this event in this state on the screen (the screen refuses what the machine would
   * take), or null. Such a step is tried with `refuse`: the screen must stop it and the actor must stay; the rest
   * of that path is then not replayable and ends there.
   */
  unreachable?: (event: EventObject, before: GraphState) => string | null;
  /** Does the closest thing the user can, which the screen must refuse (and asserts what the user sees). */
  refuse?: (event: EventObject, before: GraphState) => Promise<void>;
  /** Advances time for a delayed (`xstate.after.*`) event. */
  advance?: (event: EventObject, before: GraphState) => Promise<void>;
  /** Asserts what the user sees in the state reached. */
  see: (state: GraphState, event: EventObject | null) => void | Promise<void>;
}

/**
 * Replays one path through a rendered screen, step by step. Returns the reason the path stopped early (a step the
 * screen refuses by design), or null when it was replayed to its end.
 */
export async function replay(machine: AnyStateMachine, path: ReplayPath, driver: ReplayDriver) {
  // The state before the first event (eventless transitions taken), as a bare actor of the machine starts.
  const initial = path.start;
  const reached = async (state: GraphState) => {
    await waitFor(() => expect(driver.probe.snapshot().value).toEqual(state.value));
    expect(driver.probe.snapshot().status).not.toBe('error');
  };
  await reached(initial);
  await driver.see(initial, null);
  let before = initial;
  for (const { event, state } of path.steps) {
    const reason = driver.unreachable?.(event, before) ?? null;
    if (reason) {
      if (!driver.refuse) throw new Error(`${event.type} cannot be done on the screen: ${reason}`);
      await driver.refuse(event, before);
      await reached(before);
      return reason;
    }
    const answer = actorAnswer(machine, event);
    if (answer) await driver.answer(answer);
    else if (stepKind(event) === 'delay') {
      if (!driver.advance) throw new Error(`no way to advance time for ${event.type}`);
      await driver.advance(event, before);
    } else await driver.act(event, before);
    await reached(state);
    await driver.see(state, event);
    before = state;
  }
  return null;
}
