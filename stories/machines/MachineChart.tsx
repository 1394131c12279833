/**
 * A readable statechart of an XState machine for the machine stories: every state (nested), its entry actions,
 * invoked actors and delayed transitions, and every transition with its event, guard and target.
 */
import type { AnyStateMachine, StateNode } from 'xstate';

type AnyNode = StateNode<never, never>;

function describeTarget(t: { target?: ReadonlyArray<{ key: string }> }): string {
  return t.target?.length ? t.target.map((n) => n.key).join(', ') : '(stays)';
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'condition';
}

/** XState's internal event names, in words. */
function eventName(event: string): string {
  if (event.startsWith('xstate.after')) return 'after delay';
  if (event.startsWith('xstate.done.actor')) return 'actor done';
  if (event.startsWith('xstate.error.actor')) return 'actor error';
  return event;
}

function StateItem({ node }: { node: AnyNode }) {
  const transitions = [...node.transitions.entries()].flatMap(([event, list]) =>
    list.map((t, i) => ({ event, t, i })),
  );
  const always = node.always ?? [];
  const invoke = node.invoke ?? [];
  const children = Object.values(node.states ?? {}) as AnyNode[];
  return (
    <li className="chart__state">
      <strong>{node.key}</strong>
      {node.type === 'parallel' ? <em> (parallel)</em> : null}
      {invoke.length ? (
        <span className="chart__meta"> invokes {invoke.map((i) => String(i.src)).join(', ')}</span>
      ) : null}
      {transitions.length || always.length ? (
        <ul>
          {transitions.map(({ event, t, i }) => (
            <li key={`${event}-${i}`}>
              <code>{eventName(event)}</code>
              {guardName(t.guard) ? <> [{guardName(t.guard)}]</> : null} → {describeTarget(t as never)}
            </li>
          ))}
          {always.map((t, i) => (
            <li key={`always-${i}`}>
              <code>always</code>
              {guardName(t.guard) ? <> [{guardName(t.guard)}]</> : null} → {describeTarget(t as never)}
            </li>
          ))}
        </ul>
      ) : null}
      {children.length ? (
        <ul>
          {children.map((c) => (
            <StateItem key={c.key} node={c} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function MachineChart({ machine, title }: { machine: AnyStateMachine; title: string }) {
  const root = machine.root as unknown as AnyNode;
  return (
    <section style={{ padding: '1rem', fontFamily: 'var(--font)' }} aria-label={`${title} statechart`}>
      <h1>{title}</h1>
      <p>
        Initial state: <code>{String(root.initial?.target?.[0]?.key ?? root.key)}</code>
      </p>
      <ul>
        {(Object.values(root.states ?? {}) as AnyNode[]).map((n) => (
          <StateItem key={n.key} node={n} />
        ))}
      </ul>
    </section>
  );
}
