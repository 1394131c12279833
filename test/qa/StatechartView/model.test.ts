import { assign, fromPromise, setup } from 'xstate';
import { elkGraph, layoutChart } from '../../../src/qa/StatechartView/layout';
import {
  activeStateIds,
  allStates,
  anonymousParts,
  chartModel,
  transitionLabel,
} from '../../../src/qa/StatechartView/model';

const door = setup({
  types: {
    context: {} as { opens: number },
    events: {} as { type: 'open' } | { type: 'close' } | { type: 'lock'; code: string },
  },
  guards: { hasOpened: ({ context }) => context.opens > 0 },
  actions: { countOpen: assign({ opens: ({ context }) => context.opens + 1 }) },
  delays: { autoClose: 500 },
  actors: { alarm: fromPromise(async () => 'rang') },
}).createMachine({
  id: 'door',
  context: { opens: 0 },
  type: 'parallel',
  states: {
    leaf: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            open: { target: 'open', actions: 'countOpen' },
            lock: { guard: ({ event }) => event.code === '1234', target: 'locked' },
          },
        },
        open: { after: { autoClose: 'closed', 2000: { target: 'closed', guard: 'hasOpened' } } },
        locked: { invoke: { src: 'alarm', onDone: 'gone' } },
        gone: { type: 'final', entry: () => undefined },
      },
    },
    light: {
      initial: 'off',
      states: {
        off: { on: { open: { target: 'on', actions: assign({ opens: 0 }) } } },
        on: { on: { close: { actions: 'countOpen' } } },
      },
    },
  },
});

describe('chart model of a machine', () => {
  const model = chartModel(door);

  it('keeps the nesting, the state types and the initial children', () => {
    expect(model.root.type).toBe('parallel');
    expect(model.root.children.map((c) => c.key)).toEqual(['leaf', 'light']);
    const leaf = model.root.children[0];
    expect(leaf.initial).toBe('door.leaf.closed');
    expect(leaf.children.map((c) => [c.key, c.type])).toEqual([
      ['closed', 'atomic'],
      ['open', 'atomic'],
      ['locked', 'atomic'],
      ['gone', 'final'],
    ]);
    expect(leaf.children[2].invokes).toEqual(['alarm']);
    expect(allStates(model)).toHaveLength(9);
  });

  it('labels each transition with its event, named guard, delay and actions', () => {
    const labels = model.transitions.map(
      (t) => `${t.source} ${transitionLabel(t)} → ${t.targets.join(',') || '-'}`,
    );
    expect(labels).toEqual(
      expect.arrayContaining([
        'door.leaf.closed open / countOpen → door.leaf.open',
        'door.leaf.closed lock [guard] → door.leaf.locked',
        'door.leaf.open after autoClose → door.leaf.closed',
        'door.leaf.open after 2000 ms [hasOpened] → door.leaf.closed',
        'door.leaf.locked done: alarm → door.leaf.gone',
        'door.light.on close / countOpen → -',
      ]),
    );
    expect(model.transitions).toHaveLength(7);
  });

  it('lists what the machine leaves unnamed', () => {
    expect(anonymousParts(model)).toEqual([
      'door.leaf.closed: lock guard',
      'door.light.off: open assign',
      'door.leaf.gone: entry action',
    ]);
  });

  it("leaves out XState's own timers of delayed transitions (they are the `after` arrows)", () => {
    const open = model.root.children[0].children[1];
    expect(open.entry).toEqual([]);
    expect(open.exit).toEqual([]);
  });

  it('turns a snapshot value into the ids of the active states', () => {
    expect([...activeStateIds('door', { leaf: 'open', light: 'off' })].sort()).toEqual([
      'door',
      'door.leaf',
      'door.leaf.open',
      'door.light',
      'door.light.off',
    ]);
    expect([...activeStateIds('m', 'idle')]).toEqual(['m', 'm.idle']);
  });
});

describe('chart layout', () => {
  it('gives ELK a node per state, an initial marker per compound state and an edge per transition', () => {
    const graph = elkGraph(chartModel(door));
    expect(graph.children?.map((c) => c.id)).toEqual(['door.leaf', 'door.light']);
    expect(graph.children?.[0].children?.[0].id).toBe('door.leaf.__initial');
    expect(graph.edges).toHaveLength(7 + 2);
    // A targetless transition loops on its own state.
    const loop = graph.edges?.find((e) => e.id.startsWith('door.light.on:close'));
    expect(loop?.targets).toEqual(['door.light.on']);
  });

  it('lays every state out inside its parent, in absolute coordinates', async () => {
    const layout = await layoutChart(chartModel(door));
    const box = new Map(layout.states.map((s) => [s.state.id, s]));
    expect(box.size).toBe(9);
    for (const s of layout.states) {
      const parentId = s.state.id.slice(0, s.state.id.lastIndexOf('.'));
      const parent = box.get(parentId);
      if (!parent) continue;
      expect(s.x).toBeGreaterThanOrEqual(parent.x);
      expect(s.y).toBeGreaterThanOrEqual(parent.y);
      expect(s.x + s.width).toBeLessThanOrEqual(parent.x + parent.width);
      expect(s.y + s.height).toBeLessThanOrEqual(parent.y + parent.height);
    }
    expect(layout.markers).toHaveLength(2);
    for (const e of layout.edges) expect(e.points.length).toBeGreaterThanOrEqual(2);
    const labelled = layout.edges.filter((e) => e.label).map((e) => e.label!.text);
    expect(labelled).toContain('after 2000 ms [hasOpened]');
  });
});
