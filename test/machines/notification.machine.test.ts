import { getAdjacencyMap, getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor, type EventObject } from 'xstate';
import {
  notificationMachine,
  phaseOf,
  type NotificationMachineEvent,
} from '../../machines/notification.machine';
import {
  NOTIFICATION_APPEAR_DELAY_MS,
  NOTIFICATION_REMOVE_AFTER_MS,
} from '../../src/notifications/constants';
import {
  adjacencyEdges,
  declaredTransitions,
  declaredTriggers,
  takenTransitions,
  edgesOf,
  triggersOf,
} from './graph';

// Delayed transitions are driven by their internal `xstate.after.*` events, which the machine's event type omits.
const events = [
  { type: 'user.close' },
  { type: 'xstate.after.appearDelay.notification.pending' },
  { type: 'xstate.after.duration.notification.timed' },
  { type: 'xstate.after.removeAfter.notification.closing' },
] as EventObject[] as unknown as NotificationMachineEvent[];

describe.each([
  ['timed', 3000],
  ['persistent', -1],
])('notification machine graph (%s)', (_name, duration) => {
  const simple = getSimplePaths(notificationMachine, { events, input: { duration } });
  const edges = adjacencyEdges(
    getAdjacencyMap(notificationMachine, { events, input: { duration } }) as never,
  );

  it('the simple paths walk every edge of the graph', () => {
    expect([...edgesOf(simple)].sort()).toEqual([...edges].sort());
  });

  it('walks every declared transition of the reachable states', () => {
    const reachable = declaredTriggers(notificationMachine);
    const target = duration > 0 ? 'timed' : 'persistent';
    const expected = [...reachable].filter(
      (t) => !t.startsWith(`"${target === 'timed' ? 'persistent' : 'timed'}"`),
    );
    expect([...triggersOf(edges)].sort()).toEqual(expected.sort());
  });

  it('has exactly the expected edges', () => {
    const shown = duration > 0 ? '"timed"' : '"persistent"';
    const expected = [
      `"pending" --xstate.after.appearDelay.notification.pending--> ${shown}`,
      '"pending" --user.close--> "closing"',
      `${shown} --user.close--> "closing"`,
      '"closing" --xstate.after.removeAfter.notification.closing--> "done"',
      ...(duration > 0 ? ['"timed" --xstate.after.duration.notification.timed--> "closing"'] : []),
    ];
    expect([...edges].sort()).toEqual(expected.sort());
  });

  it('every shortest path ends in a state whose output says who closed it', () => {
    for (const p of getShortestPaths(notificationMachine, { events, input: { duration } })) {
      if (p.state.status !== 'done') continue;
      const byUser = p.steps.some((s) => s.event.type === 'user.close');
      expect(p.state.output).toEqual({ closedByUser: byUser });
    }
  });
});

it('the timed and persistent graphs together take every declared transition, each guarded branch included', () => {
  const taken = new Set<string>();
  for (const duration of [3000, -1]) {
    for (const t of takenTransitions(
      notificationMachine,
      getAdjacencyMap(notificationMachine, { events, input: { duration } }) as never,
    ))
      taken.add(t);
  }
  expect(declaredTransitions(notificationMachine)).toHaveLength(7);
  expect([...taken].sort()).toEqual(declaredTransitions(notificationMachine));
});

describe('notification machine in time', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('appears after 100 ms, auto-closes after its duration and is done after twice the fade', () => {
    const actor = createActor(notificationMachine, { input: { duration: 2000 } }).start();
    jest.advanceTimersByTime(NOTIFICATION_APPEAR_DELAY_MS);
    expect(actor.getSnapshot().value).toBe('timed');
    jest.advanceTimersByTime(2000);
    expect(actor.getSnapshot().value).toBe('closing');
    jest.advanceTimersByTime(NOTIFICATION_REMOVE_AFTER_MS);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ closedByUser: false });
  });

  it('a persistent one never closes by itself', () => {
    const actor = createActor(notificationMachine, { input: { duration: -1 } }).start();
    jest.advanceTimersByTime(24 * 3600 * 1000);
    expect(actor.getSnapshot().value).toBe('persistent');
  });

  it.each([
    ['pending', 'pending'],
    ['timed', 'visible'],
    ['persistent', 'visible'],
    ['closing', 'closing'],
    ['done', 'closing'],
  ])('state %s is phase %s', (value, phase) => {
    expect(phaseOf(value)).toBe(phase);
  });
});
