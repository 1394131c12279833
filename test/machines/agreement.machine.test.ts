import { getAdjacencyMap, getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { agreementMachine } from '../../machines/agreement.machine';
import { AGREEMENT_APPEAR_DELAY_MS } from '../../src/notifications/constants';
import { adjacencyEdges, declaredTransitions, declaredTriggers, takenTransitions, triggersOf } from './graph';

const userEvents: EventObject[] = [
  { type: 'xstate.after.appearDelay.agreement.hidden' },
  { type: 'user.toggleRead', checked: true } as EventObject,
  { type: 'user.toggleRead', checked: false } as EventObject,
  { type: 'user.accept' },
  { type: 'user.decline' },
];
// The acknowledge actor's answers exist only while it runs (an unhandled actor error would fail the machine).
const ackEvents: EventObject[] = [
  { type: 'xstate.done.actor.acknowledge', output: undefined } as EventObject,
  { type: 'xstate.error.actor.acknowledge', error: new Error('ack failed') } as EventObject,
];
const events = (s: { value: unknown }) =>
  s.value === 'accepting' ? [...userEvents, ...ackEvents] : userEvents;
const serializeState = (s: { value: unknown; context: { read: boolean } }) =>
  JSON.stringify([s.value, s.context.read]);

describe('agreement machine graph', () => {
  // Simple paths over (state, ticked) so the accept guard is exercised both ways.
  const options = { events: events as never, serializeState: serializeState as never };
  const paths = getSimplePaths(agreementMachine, options);
  const edges = adjacencyEdges(getAdjacencyMap(agreementMachine, options) as never);

  it('takes every declared transition, each guarded branch included', () => {
    expect(takenTransitions(agreementMachine, getAdjacencyMap(agreementMachine, options) as never)).toEqual(
      declaredTransitions(agreementMachine),
    );
  });

  it('walks every declared transition', () => {
    expect([...triggersOf(edges)].sort()).toEqual([...declaredTriggers(agreementMachine)].sort());
  });

  it('has exactly the expected edges', () => {
    expect([...edges].sort()).toEqual(
      [
        '"hidden" --xstate.after.appearDelay.agreement.hidden--> "visible"',
        '"visible" --user.toggleRead--> "visible"',
        '"visible" --user.accept--> "accepting"',
        '"visible" --user.decline--> "declined"',
        '"accepting" --xstate.done.actor.acknowledge--> "accepted"',
        '"accepting" --xstate.error.actor.acknowledge--> "visible"',
      ].sort(),
    );
  });

  it('accept is only possible once "I read all terms" is ticked', () => {
    for (const p of paths) {
      p.steps.forEach((step, i) => {
        if (step.event.type !== 'user.accept' || i === 0) return;
        const before = p.steps[i - 1].state;
        expect(step.state.value).toBe(before.context.read ? 'accepting' : 'visible');
      });
    }
  });

  it('the final states report their result', () => {
    const finals = getShortestPaths(agreementMachine, options).filter((p) => p.state.status === 'done');
    const results = new Set(finals.map((p) => JSON.stringify([p.state.value, p.state.output])));
    expect([...results].sort()).toEqual([
      '["accepted",{"result":"accepted"}]',
      '["declined",{"result":"declined"}]',
    ]);
  });
});

describe('agreement machine with its actors', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is hidden for 100 ms, then acknowledges on accept', async () => {
    const acknowledge = jest.fn(async (): Promise<void> => undefined);
    const actor = createActor(
      agreementMachine.provide({ actors: { acknowledge: fromPromise(acknowledge) } }),
    ).start();
    expect(actor.getSnapshot().value).toBe('hidden');
    jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('hidden');
    jest.advanceTimersByTime(1);
    actor.send({ type: 'user.toggleRead', checked: true });
    actor.send({ type: 'user.accept' });
    expect(actor.getSnapshot().value).toBe('accepting');
    await Promise.resolve();
    await Promise.resolve();
    expect(acknowledge).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('accepted');
  });

  it('a failed acknowledge reports the error and returns to the visible modal with the box still ticked', async () => {
    const reported: unknown[] = [];
    const failure = new Error('no');
    const actor = createActor(
      agreementMachine.provide({
        actors: { acknowledge: fromPromise(async () => Promise.reject(failure)) },
        actions: { reportError: (_a, p: { error: unknown }) => void reported.push(p.error) },
      }),
    ).start();
    jest.advanceTimersByTime(AGREEMENT_APPEAR_DELAY_MS);
    actor.send({ type: 'user.toggleRead', checked: true });
    actor.send({ type: 'user.accept' });
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('visible');
    expect(actor.getSnapshot().context.read).toBe(true);
    expect(reported).toEqual([failure]);
  });
});
