import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import { createActor, type EventObject } from 'xstate';
import { windowsMachine, type WindowsEvent } from '../../machines/windows.machine';
import type { AppWindow, WindowSpec } from '../../src/windows/types';
import { MAX_EVENT_STREAM_WINDOWS } from '../../src/windows/types';
import { ActorRegistry } from '../../src/qa/panel/registry';
import { windowsSaga } from '../../sagas/windows.saga';
import { EVENT_STREAM_REFUSAL } from '../../src/windows/types';
import { windowsEventSent, type WindowsState } from '../../src/store/slices/windows.slice';
import { fakeApi, makeTestStore } from '../sagas/fakes';
import { declaredTransitions, takenTransitions } from './graph';

const spec = (id: string, patch: Partial<WindowSpec> = {}): WindowSpec => ({
  id,
  componentName: 'Demo',
  title: id.toUpperCase(),
  ...patch,
});

const events: WindowsEvent[] = [
  { type: 'window.open', window: spec('a') },
  { type: 'window.open', window: spec('b', { aspect: 'floating', prefs: { allowIconization: false } }) },
  { type: 'window.open', window: spec('s', { usesEventsStream: true }) },
  { type: 'window.close', id: 'a' },
  { type: 'window.close', id: 'b' },
  { type: 'window.focus', id: 'ghost' },
  { type: 'window.setAspect', id: 'ghost', aspect: 'right' },
  { type: 'window.focus', id: 'a' },
  { type: 'window.minimize', id: 'a' },
  { type: 'window.minimize', id: 'b' },
  { type: 'window.restore', id: 'a' },
  { type: 'window.setAspect', id: 'a', aspect: 'right' },
  { type: 'window.setAspect', id: 'a', aspect: 'floating' },
  { type: 'window.setAspect', id: 'a', aspect: 'iconized' },
  { type: 'window.move', id: 'a', position: { x: 5, y: 6 } },
  { type: 'window.toggleExtended', id: 'a' },
  { type: 'window.update', id: 'a', title: 'A, following' },
];

/** Stacking order as ranks, so the graph is finite (zIndex grows with every focus). */
const serializeState = (s: {
  value: unknown;
  context: { windows: AppWindow[]; activeId: string | null; refusals: number };
}) => {
  const ranked = [...s.context.windows]
    .sort((x, y) => x.zIndex - y.zIndex)
    .map((w) => [w.id, w.aspect, w.isExtended, !!w.position]);
  // Refusals only matter as "none yet" or "some" (the counter would make the graph infinite).
  return JSON.stringify([s.value, ranked, s.context.activeId, Math.min(1, s.context.refusals)]);
};

/** Four stream windows already open: the starting point for the refusal branches. */
function withStreams(n: number) {
  const actor = createActor(windowsMachine).start();
  for (let i = 0; i < n; i++)
    actor.send({
      type: 'window.open',
      window: spec(`live${i}`, { usesEventsStream: true, aspect: 'floating' }),
    });
  return actor.getSnapshot();
}

describe('windows machine graph', () => {
  const options = { events: events as EventObject[], serializeState: serializeState as never, limit: 20_000 };

  it('takes every declared transition, each guarded branch included', () => {
    const taken = new Set(
      takenTransitions(windowsMachine, getAdjacencyMap(windowsMachine, options as never) as never),
    );
    // The refusal branches need four stream windows open first.
    const full = withStreams(MAX_EVENT_STREAM_WINDOWS);
    const fullOptions = { ...options, events: events.slice(0, 4) as EventObject[], fromState: full };
    for (const t of takenTransitions(
      windowsMachine,
      getAdjacencyMap(windowsMachine, fullOptions as never) as never,
    ))
      taken.add(t);
    const declared = declaredTransitions(windowsMachine);
    expect(declared.length).toBeGreaterThan(12);
    expect([...taken].sort()).toEqual(declared);
  });

  it('every shortest path keeps the invariants: one right window at most, the active window exists', () => {
    const paths = getShortestPaths(windowsMachine, options as never);
    expect(paths.length).toBeGreaterThan(20);
    for (const p of paths) {
      const { windows, activeId } = p.state.context;
      expect(windows.filter((w) => w.aspect === 'right').length).toBeLessThanOrEqual(1);
      if (activeId !== null && !windows.some((w) => w.id === activeId))
        throw new Error(
          `stale active window after ${p.steps.map((x) => JSON.stringify(x.event)).join(' > ')}`,
        );
      expect(p.state.value).toBe(windows.length ? 'open' : 'empty');
      expect(new Set(windows.map((w) => w.zIndex)).size).toBe(windows.length);
    }
  });
});

describe('windows rules (spec §4)', () => {
  // Through the page's path: the windows saga's actor steps, the store mirrors it.
  function host(state?: WindowsState) {
    const registry = new ActorRegistry();
    const store = makeTestStore({
      api: fakeApi({}).api,
      state: state ? { windows: state } : {},
      context: { inspect: registry.inspect },
    });
    const task = store.runSaga(windowsSaga);
    const send = (...evs: WindowsEvent[]) => {
      for (const e of evs) store.dispatch(windowsEventSent(e));
      return store.getState().windows;
    };
    return { store, registry, task, send };
  }
  const run = (...evs: WindowsEvent[]) => host().send(...evs);
  const byId = (s: WindowsState, id: string) => s.context.windows.find((w) => w.id === id)!;

  it('a new right window iconizes any other right window', () => {
    const s = run({ type: 'window.open', window: spec('a') }, { type: 'window.open', window: spec('b') });
    expect([byId(s, 'a').aspect, byId(s, 'b').aspect]).toEqual(['iconized', 'right']);
    expect(s.context.activeId).toBe('b');
  });
  it('setting a window to right iconizes the existing one', () => {
    const s = run(
      { type: 'window.open', window: spec('a') },
      { type: 'window.open', window: spec('b', { aspect: 'floating' }) },
      { type: 'window.setAspect', id: 'b', aspect: 'right' },
    );
    expect([byId(s, 'a').aspect, byId(s, 'b').aspect]).toEqual(['iconized', 'right']);
  });
  it('an iconized window restores to right on click', () => {
    const s = run(
      { type: 'window.open', window: spec('a') },
      { type: 'window.open', window: spec('b') },
      { type: 'window.restore', id: 'a' },
    );
    expect([byId(s, 'a').aspect, byId(s, 'b').aspect]).toEqual(['right', 'iconized']);
    expect(s.context.activeId).toBe('a');
  });
  it('closing the active window activates the highest stacking order', () => {
    const s = run(
      { type: 'window.open', window: spec('a', { aspect: 'floating' }) },
      { type: 'window.open', window: spec('b', { aspect: 'floating' }) },
      { type: 'window.open', window: spec('c', { aspect: 'floating' }) },
      { type: 'window.focus', id: 'a' },
      { type: 'window.close', id: 'a' },
    );
    expect(s.context.activeId).toBe('c');
  });
  it('minimising activates the top remaining non-iconized window', () => {
    const s = run(
      { type: 'window.open', window: spec('a', { aspect: 'floating' }) },
      { type: 'window.open', window: spec('b') },
      { type: 'window.open', window: spec('c', { aspect: 'floating' }) },
      { type: 'window.minimize', id: 'c' },
    );
    // b (right) was iconized? No: c is floating, so b stays right and is the top non-iconized window.
    expect(byId(s, 'c').aspect).toBe('iconized');
    expect(s.context.activeId).toBe('b');
  });
  it('a window that does not allow iconization cannot be minimised', () => {
    const s = run(
      { type: 'window.open', window: spec('a', { prefs: { allowIconization: false } }) },
      { type: 'window.minimize', id: 'a' },
    );
    expect(byId(s, 'a').aspect).toBe('right');
  });
  it(`at most ${MAX_EVENT_STREAM_WINDOWS} event-stream windows: a fifth is refused and counted`, () => {
    const opens = Array.from({ length: 5 }, (_v, i): WindowsEvent => ({
      type: 'window.open',
      window: spec(`s${i}`, { usesEventsStream: true }),
    }));
    const s = run(...opens, { type: 'window.open', window: spec('plain') });
    expect(s.context.windows.map((w) => w.id)).toEqual(['s0', 's1', 's2', 's3', 'plain']);
    expect(s.context.refusals).toBe(1);
    const after = host(s).send({ type: 'window.close', id: 's0' }, opens[4]);
    expect(after.context.windows.some((w) => w.id === 's4')).toBe(true);
  });
  it('a refused opening becomes a notice, and only that opening', () => {
    const { store, send } = host();
    send(
      ...Array.from({ length: MAX_EVENT_STREAM_WINDOWS }, (_v, i): WindowsEvent => ({
        type: 'window.open',
        window: spec(`s${i}`, { usesEventsStream: true }),
      })),
    );
    const toasts = () => store.getState().notifications.toasts.map((t) => [t.level, t.message]);
    expect(toasts()).toEqual([]);
    send({ type: 'window.open', window: spec('s9', { usesEventsStream: true }) });
    expect(toasts()).toEqual([['warning', EVENT_STREAM_REFUSAL]]);
    send({ type: 'window.open', window: spec('plain') });
    expect(toasts()).toHaveLength(1);
    // The machine itself emits the refusal to whoever hosts it.
    const full = createActor(windowsMachine).start();
    for (let i = 0; i < MAX_EVENT_STREAM_WINDOWS; i++)
      full.send({ type: 'window.open', window: spec(`s${i}`, { usesEventsStream: true }) });
    const heard: unknown[] = [];
    full.on('windows.refused', (e) => heard.push(e));
    full.send({ type: 'window.open', window: spec('s9', { usesEventsStream: true }) });
    expect(heard).toEqual([{ type: 'windows.refused', id: 's9' }]);
  });
  it('the windows state lives in one inspected actor: the QA panel lists it, and events sent to it reach the store', () => {
    const { store, registry, task, send } = host();
    const listed = registry.list().filter((a) => a.machine?.id === 'windows');
    expect(listed).toHaveLength(1);
    send({ type: 'window.open', window: spec('a') });
    expect(listed[0].ref.getSnapshot().context.windows.map((w: AppWindow) => w.id)).toEqual(['a']);
    // What the chart's buttons do: send straight to the actor. The screen (the store) follows.
    listed[0].ref.send({ type: 'window.open', window: spec('b', { aspect: 'floating' }) });
    expect(store.getState().windows.context.windows.map((w) => w.id)).toEqual(['a', 'b']);
    expect(store.getState().windows.context.activeId).toBe('b');
    // The saga's end stops its actor: the panel no longer lists it.
    task.cancel();
    expect(registry.list().filter((a) => a.machine?.id === 'windows')).toHaveLength(0);
  });
  it('starts from the stored state (a server-rendered or preloaded one)', () => {
    const s = run({ type: 'window.open', window: spec('a') }, { type: 'window.open', window: spec('b') });
    const again = host(s).send({ type: 'window.restore', id: 'a' });
    expect(again.context.windows.map((w) => [w.id, w.aspect])).toEqual([
      ['a', 'right'],
      ['b', 'iconized'],
    ]);
  });
  it('opening an open window focuses it (and brings an iconized one back to the right)', () => {
    const s = run(
      { type: 'window.open', window: spec('a') },
      { type: 'window.open', window: spec('b') },
      { type: 'window.open', window: spec('a') },
    );
    expect(s.context.windows).toHaveLength(2);
    expect(byId(s, 'a').aspect).toBe('right');
    expect(s.context.activeId).toBe('a');
  });
  it('closing the last window empties the manager', () => {
    const s = run({ type: 'window.open', window: spec('a') }, { type: 'window.close', id: 'a' });
    expect(s).toEqual({ value: 'empty', context: { windows: [], activeId: null, refusals: 0 } });
  });
  it('moves and extends a window', () => {
    const s = run(
      { type: 'window.open', window: spec('a', { aspect: 'floating' }) },
      { type: 'window.move', id: 'a', position: { x: 40, y: 50 } },
      { type: 'window.toggleExtended', id: 'a' },
    );
    expect(byId(s, 'a')).toMatchObject({ position: { x: 40, y: 50 }, isExtended: true });
  });
});
