/**
 * Runs an XState actor inside a saga: its snapshots (and anything the host's provided actions report) arrive on an
 * event channel; closing the channel stops the actor. Machines stay pure; the saga that owns the effect hosts them.
 */
import { eventChannel, buffers, type EventChannel } from 'redux-saga';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

export type ActorMessage<A extends AnyActorRef, R> =
  { kind: 'snapshot'; snapshot: SnapshotFrom<A> } | { kind: 'report'; report: R };

export interface HostedActor<A extends AnyActorRef, R> {
  channel: EventChannel<ActorMessage<A, R>>;
  /** Starts the actor (after the saga is ready to take from the channel). */
  start: () => void;
  /** Sends an event to the actor (ignored once the channel is closed). */
  send: (event: Parameters<A['send']>[0]) => void;
}

/**
 * `create(report)` builds the actor; its provided actions call `report` to hand work back to the saga (for
 * example an error for the error handler).
 */
export function hostActor<A extends AnyActorRef, R = never>(
  create: (report: (r: R) => void) => A,
): HostedActor<A, R> {
  let actor: A | undefined;
  let emitter: ((m: ActorMessage<A, R>) => void) | undefined;
  const pending: ActorMessage<A, R>[] = [];
  const emit = (m: ActorMessage<A, R>) => (emitter ? emitter(m) : pending.push(m));
  actor = create((report) => emit({ kind: 'report', report }));
  const channel = eventChannel<ActorMessage<A, R>>((e) => {
    emitter = e;
    const sub = actor!.subscribe({
      next: (snapshot) => emit({ kind: 'snapshot', snapshot: snapshot as SnapshotFrom<A> }),
      error: () => undefined,
    });
    for (const m of pending.splice(0)) e(m);
    return () => {
      sub.unsubscribe();
      actor?.stop();
      actor = undefined;
    };
  }, buffers.expanding<ActorMessage<A, R>>(8));
  return { channel, start: () => actor?.start(), send: (event) => actor?.send(event) };
}
