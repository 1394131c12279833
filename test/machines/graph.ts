/** Helpers for machine tests: the edges (from state, event, to state) that generated paths walk. */
import type { StatePath } from '@xstate/graph';
import type { AnyStateMachine, EventObject, Snapshot } from 'xstate';

type AnyPath = StatePath<Snapshot<unknown> & { value?: unknown }, EventObject>;

export const valueOf = (s: { value?: unknown }) => JSON.stringify(s.value);

/** Every `from --event--> to` step of the paths (the `xstate.init` step excluded). */
export function edgesOf(paths: AnyPath[]): Set<string> {
  const edges = new Set<string>();
  for (const p of paths) {
    for (let i = 1; i < p.steps.length; i++) {
      const from = p.steps[i - 1].state as { value?: unknown };
      const step = p.steps[i];
      edges.add(`${valueOf(from)} --${step.event.type}--> ${valueOf(step.state as { value?: unknown })}`);
    }
  }
  return edges;
}

/** The (state, event type) pairs a machine declares, delayed transitions included. */
export function declaredTriggers(machine: AnyStateMachine): Set<string> {
  const out = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const [eventType] of node.transitions) out.add(`${JSON.stringify(node.key)} ${eventType}`);
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  for (const child of Object.values(machine.root.states)) visit(child as AnyStateMachine['root']);
  return out;
}

export const triggersOf = (edges: Set<string>) =>
  new Set(
    [...edges].map((e) => {
      const [, from, event] = /^(\S+) --(\S+)-->/.exec(e)!;
      return `${from} ${event}`;
    }),
  );

/**
 * Every edge of the machine's reachable graph (adjacency map), as `from --event--> to`; events a state ignores
 * (the map lists them as self-loops) are left out.
 */
export function adjacencyEdges(
  adjacency: Record<
    string,
    { state: unknown; transitions: Record<string, { event: EventObject; state: unknown }> }
  >,
) {
  const edges = new Set<string>();
  for (const { state, transitions } of Object.values(adjacency)) {
    const snapshot = state as { value?: unknown; can: (e: EventObject) => boolean };
    for (const t of Object.values(transitions)) {
      if (!snapshot.can(t.event)) continue;
      edges.add(
        `${valueOf(state as { value?: unknown })} --${t.event.type}--> ${valueOf(t.state as { value?: unknown })}`,
      );
    }
  }
  return edges;
}

type TransitionDef = { source: { key: string; transitions: Map<string, unknown[]> }; eventType: string };

/** Every transition the machine declares, one per guarded branch: `state event #branch`. */
export function declaredTransitions(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const [eventType, defs] of node.transitions)
      defs.forEach((_d: unknown, i: number) => out.push(`${node.key} ${eventType} #${i}`));
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  for (const child of Object.values(machine.root.states)) visit(child as AnyStateMachine['root']);
  return out.sort();
}

/** The transitions (with their branch) the graph's edges take. */
export function takenTransitions(
  machine: AnyStateMachine,
  adjacency: Record<string, { state: unknown; transitions: Record<string, { event: EventObject }> }>,
): string[] {
  const out = new Set<string>();
  for (const { state, transitions } of Object.values(adjacency)) {
    for (const t of Object.values(transitions)) {
      const defs = machine.getTransitionData(state as never, t.event as never) as unknown as TransitionDef[];
      for (const d of defs ?? []) {
        const branch = d.source.transitions.get(d.eventType)?.indexOf(d) ?? -1;
        out.add(`${d.source.key} ${d.eventType} #${branch}`);
      }
    }
  }
  return [...out].sort();
}
