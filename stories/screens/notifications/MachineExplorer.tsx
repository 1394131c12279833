/**
 * A small statechart explorer for machine stories: the states (current one marked), the events the current state
 * accepts as buttons, and the context. `startWith` replays events so a story can open in any state.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { AnyStateMachine, EventObject } from 'xstate';

export interface ExplorerEvent {
  label: string;
  event: EventObject;
}

export function MachineExplorer({
  machine,
  events,
  startWith = [],
  input,
}: {
  machine: AnyStateMachine;
  events: ExplorerEvent[];
  startWith?: EventObject[];
  input?: unknown;
}) {
  const actor = useActorRef(machine, { input });
  const snapshot = useSelector(actor, (s) => s);
  const replayed = useRef(false);
  useEffect(() => {
    if (replayed.current) return;
    replayed.current = true;
    for (const e of startWith) actor.send(e);
  }, [actor, startWith]);
  const states = Object.keys(machine.root.states);
  const current = JSON.stringify(snapshot.value);
  return (
    <section style={{ padding: '1rem', fontFamily: 'var(--font)' }} aria-label={`${machine.id} machine`}>
      <h2>{machine.id}</h2>
      <ol style={{ display: 'flex', gap: '0.5rem', listStyle: 'none', padding: 0, flexWrap: 'wrap' }}>
        {states.map((s) => {
          const active = snapshot.matches(s);
          return (
            <li
              key={s}
              aria-current={active ? 'step' : undefined}
              style={{
                padding: '0.25rem 0.75rem',
                borderRadius: 6,
                border: '2px solid',
                borderColor: active ? 'var(--color-primary)' : 'var(--color-border)',
                fontWeight: active ? 700 : 400,
              }}
            >
              {s}
            </li>
          );
        })}
      </ol>
      <p>
        State: <code>{current}</code> · status: <code>{snapshot.status}</code>
      </p>
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        {events.map(({ label, event }) => (
          <button
            key={label}
            type="button"
            className="button"
            disabled={!snapshot.can(event)}
            onClick={() => actor.send(event)}
          >
            {label}
          </button>
        ))}
      </div>
      <h3>Context</h3>
      {/* Scrolls when long: focusable and labelled, so keyboard users can scroll it too. */}
      <pre
        style={{ background: 'var(--color-surface-2)', padding: '0.5rem', overflow: 'auto', maxHeight: 320 }}
        tabIndex={0}
        role="region"
        aria-label="Context as JSON"
      >
        {JSON.stringify(snapshot.context, null, 2)}
      </pre>
      {snapshot.output !== undefined && (
        <p>
          Output: <code>{JSON.stringify(snapshot.output)}</code>
        </p>
      )}
    </section>
  );
}
