/**
 * Replays the model-based paths of a machine through the screen it drives (Testing Library): the same shortest
 * paths the bare-actor tests run (graphPaths), with every user event turned into the user's interaction by the
 * screen's test, every `xstate.done.actor.*` / `xstate.error.actor.*` event turned into the answer of the call the
 * screen is waiting on, and delays into advanced time. After each step the screen's own actor (seen through the
 * screen's `inspect` option) must be in the state the graph predicted, and the screen must show it.
 */
import { waitFor } from '@testing-library/react';
import { createActor, type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
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

/** A path's title for the test report: its input and event types (an actor's answer as `done(src)`). */
export function pathTitle(machine: AnyStateMachine, p: GraphPath): string {
  const events = p.steps.map((s) => {
    const a = actorAnswer(machine, s.event);
    return a
      ? `${a.done ? 'done' : 'error'}(${a.src})`
      : s.event.type.replace(/^xstate\.after\..*$/, 'after');
  });
  return `${JSON.stringify(p.input ?? {})} ${events.join(' → ') || '(initial)'}`;
}

/**
 * The graph paths of a model (identical ones, same input and events, once), then the fewest one-event extensions
 * of them that take the transitions no shortest path takes (a refusal that returns to a state already reached, a
 * self-transition): together they take every transition the machine declares, as the coverage gate counts them.
 */
export function replayPaths(model: MachineModel): GraphPath[] {
  const seen = new Set<string>();
  const shortest = graphPaths(model).filter((p) => {
    const key = eventKey([p.input, p.steps.map((s) => s.event)]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // Each step's state as the events of this path reach it: where a model's state key merges states (the order
  // windows were opened in), the graph's step state is whichever it met first, maybe by another path.
  const covered = new Set<string>();
  const replayed = shortest.map((p): GraphPath => {
    const results = runEvents(
      model.machine,
      p.input,
      p.steps.map((s) => s.event),
    );
    results.forEach((r) => r.transitions.forEach((t) => covered.add(t)));
    const steps = p.steps.map((s, i) => ({ event: s.event, state: results[i + 1].snapshot }));
    steps.forEach((s, i) => {
      if (JSON.stringify(s.state.value) !== JSON.stringify(p.steps[i].state.value))
        throw new Error(`${model.name}: a bare actor leaves the graph's path at ${s.event.type}`);
    });
    return { input: p.input, steps, state: results[results.length - 1].snapshot };
  });
  const extensions: GraphPath[] = [];
  for (const p of replayed) {
    for (const e of [...model.events, ...delayEvents(model.machine)]) {
      const events = [...p.steps.map((s) => s.event), e];
      const results = runEvents(model.machine, p.input, events);
      const last = results[results.length - 1];
      const fresh = last.transitions.filter((t) => !covered.has(t));
      if (!fresh.length || last.snapshot.status === 'error') continue;
      fresh.forEach((t) => covered.add(t));
      extensions.push({
        input: p.input,
        steps: events.map((event, i) => ({ event, state: results[i + 1].snapshot })),
        state: last.snapshot,
      });
    }
  }
  return [...replayed, ...extensions];
}

/** The declared transitions the paths do not take (none, for the set replayPaths gives). */
export function untakenTransitions(model: MachineModel, paths: GraphPath[]): string[] {
  const taken = new Set<string>();
  for (const p of paths)
    runEvents(
      model.machine,
      p.input,
      p.steps.map((s) => s.event),
    ).forEach((r) => r.transitions.forEach((t) => taken.add(t)));
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

/**
 * Calls the screen made that wait for the path to answer them, per actor source: the screen's fake services
 * call `wait(src)` and get a promise the replay settles when the path's done/error event comes.
 */
export class PendingCalls {
  private readonly queues = new Map<
    string,
    Array<{ resolve: (v: unknown) => void; reject: (e: unknown) => void }>
  >();

  wait<T>(src: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const q = this.queues.get(src) ?? [];
      q.push({ resolve: resolve as (v: unknown) => void, reject });
      this.queues.set(src, q);
    });
  }

  count(src: string): number {
    return this.queues.get(src)?.length ?? 0;
  }

  /** Settles the oldest call of `src` (it must have been made). */
  settle(src: string, outcome: { resolve: unknown } | { reject: unknown }) {
    const call = this.queues.get(src)?.shift();
    if (!call) throw new Error(`the screen made no ${src} call to answer`);
    if ('resolve' in outcome) call.resolve(outcome.resolve);
    else call.reject(outcome.reject);
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
export async function replay(machine: AnyStateMachine, path: GraphPath, driver: ReplayDriver) {
  // The state before the first event (eventless transitions taken), as a bare actor of the machine starts.
  const initial = createActor(machine, { input: path.input } as never).getSnapshot() as GraphState;
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
    else if (event.type.startsWith('xstate.after.')) {
      if (!driver.advance) throw new Error(`no way to advance time for ${event.type}`);
      await driver.advance(event, before);
    } else await driver.act(event, before);
    await reached(state);
    await driver.see(state, event);
    before = state;
  }
  return null;
}
