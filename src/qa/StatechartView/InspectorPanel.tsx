/**
 * The interactive side of a statechart: the current state, a button per event the active states accept (with a
 * JSON payload editor for events that carry data), the recent transitions with step back, and the context.
 */
import { useId, useState } from 'react';
import type { EventObject } from 'xstate';
import type { ChartModel } from './model';
import type { HistoryEntry } from './useMachineHistory';

/** The events the active states declare, in the order the chart lists them; XState's internal ones excluded. */
export function enabledEvents(model: ChartModel, active: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const t of model.transitions)
    if (active.has(t.source) && t.eventType !== '' && !t.eventType.startsWith('xstate.'))
      out.add(t.eventType);
  return [...out];
}

/** The payload editor's text as an event's extra fields; a clear message when it is not a JSON object. */
export function parsePayload(
  text: string,
): { ok: true; payload: Record<string, unknown> } | { ok: false; error: string } {
  if (!text.trim()) return { ok: true, payload: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return { ok: false, error: 'The payload must be a JSON object, like {"username": "admin"}.' };
    if ('type' in value)
      return { ok: false, error: 'The payload must not set "type": the button chooses the event.' };
    return { ok: true, payload: value as Record<string, unknown> };
  } catch (e) {
    return { ok: false, error: `The payload is not valid JSON: ${(e as Error).message}` };
  }
}

/** The context as JSON; actors and functions inside it are named, not expanded. */
export function contextJson(context: unknown): string {
  return JSON.stringify(
    context,
    (_key, value: unknown) => {
      if (typeof value === 'function') return '[function]';
      if (value && typeof value === 'object' && 'sessionId' in value && 'send' in value)
        return `[actor ${(value as unknown as { id: string }).id}]`;
      if (value instanceof Error) return `${value.name}: ${value.message}`;
      return value;
    },
    2,
  );
}

export interface InspectorPanelProps {
  model: ChartModel;
  active: ReadonlySet<string>;
  value: unknown;
  status: string;
  context: unknown;
  send: (event: EventObject) => void;
  history: HistoryEntry[];
  /** Absent when the actor cannot be rewound (a live actor of the page). */
  onStepBack?: (index: number) => void;
}

export function InspectorPanel({
  model,
  active,
  value,
  status,
  context,
  send,
  history,
  onStepBack,
}: InspectorPanelProps) {
  const [payload, setPayload] = useState('');
  const [error, setError] = useState<string | null>(null);
  const payloadId = useId();
  const errorId = useId();
  const events = enabledEvents(model, active);
  const sendEvent = (type: string) => {
    const parsed = parsePayload(payload);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    send({ ...parsed.payload, type });
  };
  return (
    <div className="statechart-inspector">
      <section aria-label="Current state">
        <h2>State</h2>
        <p>
          <code>{JSON.stringify(value)}</code>{' '}
          <span className="statechart-inspector__status">({status})</span>
        </p>
      </section>
      <section aria-label="Events">
        <h2>Events</h2>
        {events.length ? (
          <div className="statechart-inspector__events">
            {events.map((type) => (
              <button key={type} type="button" onClick={() => sendEvent(type)} disabled={status !== 'active'}>
                {type}
              </button>
            ))}
          </div>
        ) : (
          <p>No event is accepted in this state.</p>
        )}
        <label htmlFor={payloadId}>Event payload (JSON object, optional)</label>
        <textarea
          id={payloadId}
          rows={3}
          spellCheck={false}
          value={payload}
          placeholder='{"username": "admin"}'
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setPayload(e.target.value)}
        />
        {error ? (
          <p id={errorId} role="alert" className="statechart-inspector__error">
            {error}
          </p>
        ) : null}
      </section>
      <section aria-label="History">
        <h2>History</h2>
        {/* Scrolls when long: focusable, so keyboard users can scroll it when it holds no button to tab to. */}
        <ol className="statechart-inspector__history" tabIndex={0} aria-label="Transitions, oldest first">
          {history.map((h, i) => (
            <li key={i}>
              <code>{h.event.type}</code> → <code>{h.value}</code>
              {onStepBack && i < history.length - 1 ? (
                <button
                  type="button"
                  onClick={() => onStepBack(i)}
                  aria-label={`Step back to ${h.value} (step ${i + 1})`}
                >
                  Back here
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <section aria-label="Context">
        <h2>Context</h2>
        {/* Scrolls when long: focusable and labelled, so keyboard users can scroll it too. */}
        <pre
          className="statechart-inspector__context"
          tabIndex={0}
          role="region"
          aria-label="Context as JSON"
        >
          {contextJson(context)}
        </pre>
      </section>
    </div>
  );
}
