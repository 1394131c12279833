/**
 * Runs a machine for inspection and keeps the history of its transitions, each with the persisted snapshot it
 * led to, so the actor can be stepped back: stepping back starts a fresh actor from the chosen snapshot.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  createActor,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
  type Snapshot,
} from 'xstate';
import { transitionId, type TransitionDefinition } from './model';

export interface HistoryEntry {
  /** The event that caused the step (`xstate.init` for the start). */
  event: EventObject;
  /** The state value after the step, as JSON. */
  value: string;
  /** The transitions the step took (ids as in the chart model). */
  transitions: string[];
  persisted: Snapshot<unknown>;
}

export const HISTORY_LIMIT = 50;

interface Run {
  actor: AnyActorRef;
  entries: HistoryEntry[];
}

function startRun(
  machine: AnyStateMachine,
  input: unknown,
  from: HistoryEntry[] | null,
  onStep: () => void,
): Run {
  const run: Run = { actor: null as unknown as AnyActorRef, entries: from ? [...from] : [] };
  let pending: { event: EventObject; transitions: string[] } | null = null;
  const inspect = (ev: InspectionEvent) => {
    if (ev.actorRef.sessionId !== ev.rootId) return;
    if (ev.type === '@xstate.microstep') {
      const taken = (ev._transitions as unknown as TransitionDefinition[]).map(transitionId);
      pending = {
        event: pending?.event ?? ev.event,
        transitions: [...(pending?.transitions ?? []), ...taken],
      };
    } else if (ev.type === '@xstate.snapshot') {
      const snap = ev.snapshot as Snapshot<unknown> & { value?: unknown };
      const step = pending ?? { event: ev.event, transitions: [] };
      pending = null;
      if (step.transitions.length === 0 && run.entries.length > 0) return;
      run.entries = [
        ...run.entries,
        {
          event: step.event,
          value: JSON.stringify(snap.value),
          transitions: step.transitions,
          persisted: run.actor.getPersistedSnapshot() as Snapshot<unknown>,
        },
      ].slice(-HISTORY_LIMIT);
      onStep();
    }
  };
  const last = from?.[from.length - 1];
  run.actor = createActor(machine, { input, inspect, ...(last ? { snapshot: last.persisted } : {}) });
  run.actor.start();
  return run;
}

export interface InspectedState {
  actor: AnyActorRef | null;
  snapshot: Snapshot<unknown> | null;
  history: HistoryEntry[];
}

/** One machine under inspection, as an external store: started and stopped with the component that shows it. */
export class InspectedMachine {
  private run: Run | null = null;
  private listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  state: InspectedState = { actor: null, snapshot: null, history: [] };

  constructor(
    private readonly machine: AnyStateMachine,
    private readonly input: unknown,
  ) {}

  private publish = () => {
    const run = this.run;
    this.state = {
      actor: run?.actor ?? null,
      snapshot: run?.actor.getSnapshot() ?? null,
      history: run?.entries ?? [],
    };
    this.listeners.forEach((l) => l());
  };

  private begin(from: HistoryEntry[] | null) {
    this.run = startRun(this.machine, this.input, from, this.publish);
    const sub = this.run.actor.subscribe({ next: this.publish, error: this.publish });
    this.unsubscribe = () => sub.unsubscribe();
    this.publish();
  }

  start = () => {
    this.begin(null);
    return () => this.stop();
  };

  stop() {
    this.unsubscribe?.();
    this.run?.actor.stop();
    this.run = null;
  }

  /** Back to the state after history entry `index`: the later entries are dropped and the actor restarts there. */
  stepBack = (index: number) => {
    const entries = this.run?.entries.slice(0, index + 1);
    if (!entries?.length) return;
    this.stop();
    this.begin(entries);
  };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = () => this.state;
}

export function useMachineHistory(machine: AnyStateMachine, input?: unknown) {
  // The input is read once per machine, like useMachine does.
  const [inspected] = useState(() => new InspectedMachine(machine, input));
  useEffect(() => inspected.start(), [inspected]);
  const state = useSyncExternalStore(inspected.subscribe, inspected.getState, inspected.getState);
  return { ...state, stepBack: inspected.stepBack };
}
