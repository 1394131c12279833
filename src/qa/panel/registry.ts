/**
 * The running actors of the page, from XState's inspection events: each actor with its latest snapshot and its
 * recent steps (event, state reached, transitions taken). Stopped actors leave the list. A store for React
 * (`subscribe` / `getVersion`), used by the QA panel and by the screen stories' live charts.
 */
import type { AnyActorRef, AnyStateMachine, EventObject, InspectionEvent, Snapshot } from 'xstate';
import { transitionId, type TransitionDefinition } from '../StatechartView/model';
import type { HistoryEntry } from '../StatechartView/useMachineHistory';

/** Steps kept per actor. */
export const RECENT_STEPS = 20;

export interface InspectedActor {
  ref: AnyActorRef;
  /** The machine, when the actor runs one (promise and callback actors have no chart). */
  machine: AnyStateMachine | null;
  /** The parent's session id, or null for an actor the page created itself. */
  parentId: string | null;
  steps: HistoryEntry[];
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  !!logic && typeof logic === 'object' && 'root' in logic && 'config' in logic;

export class ActorRegistry {
  private actors = new Map<string, InspectedActor>();
  private pending = new Map<string, { event: EventObject; transitions: string[] }>();
  private listeners = new Set<() => void>();
  private version = 0;

  /** The `inspect` option to hand to actors (or to `connectInspector`). */
  inspect = (ev: InspectionEvent) => {
    const id = ev.actorRef.sessionId;
    if (ev.type === '@xstate.actor') {
      const logic = (ev.actorRef as { logic?: unknown }).logic;
      const parent = (ev.actorRef as { _parent?: AnyActorRef })._parent;
      this.actors.set(id, {
        ref: ev.actorRef as AnyActorRef,
        machine: isMachine(logic) ? logic : null,
        parentId: parent?.sessionId ?? null,
        steps: [],
      });
    } else if (ev.type === '@xstate.microstep') {
      const taken = (ev._transitions as unknown as TransitionDefinition[]).map(transitionId);
      const before = this.pending.get(id);
      this.pending.set(id, {
        event: before?.event ?? ev.event,
        transitions: [...(before?.transitions ?? []), ...taken],
      });
      return;
    } else if (ev.type === '@xstate.snapshot') {
      const actor = this.actors.get(id);
      if (!actor) return;
      const step = this.pending.get(id) ?? { event: ev.event, transitions: [] };
      this.pending.delete(id);
      const snap = ev.snapshot as Snapshot<unknown> & { value?: unknown };
      actor.steps = [
        ...actor.steps,
        {
          event: step.event,
          value: JSON.stringify(snap.value ?? snap.status),
          transitions: step.transitions,
          persisted: snap,
        },
      ].slice(-RECENT_STEPS);
    } else return;
    this.version++;
    this.listeners.forEach((l) => l());
  };

  /**
   * The actors of the page: stopped ones (a screen that was left) and finished invoked ones (a promise that
   * settled) are forgotten; a machine the page created stays while it is in its final state.
   */
  list(): InspectedActor[] {
    for (const [id, a] of this.actors) {
      const status = a.ref.getSnapshot().status;
      if (status === 'stopped' || (status === 'done' && a.parentId)) this.actors.delete(id);
    }
    return [...this.actors.values()];
  }

  get(sessionId: string): InspectedActor | undefined {
    return this.actors.get(sessionId);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Changes with every recorded step (for useSyncExternalStore). */
  getVersion = () => this.version;
}
