/**
 * The QA panel (Ctrl+Alt+Q): the running actors of the page with their current state and recent events; "Chart"
 * opens the live statechart of one of them. A non-modal dialog over the page, closed with Escape, the shortcut again
 * or Close.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { LiveActorChart } from './LiveActorChart';
import type { ActorRegistry, InspectedActor } from './registry';
import './qaPanel.css';

/** The keyboard shortcut that opens and closes the panel (README "QA panel"). */
export const QA_PANEL_SHORTCUT = { ctrlKey: true, altKey: true, code: 'KeyQ', label: 'Ctrl+Alt+Q' } as const;

const stateText = (a: InspectedActor) => {
  const snap = a.ref.getSnapshot() as { value?: unknown; status?: string };
  return snap.value !== undefined ? JSON.stringify(snap.value) : (snap.status ?? '');
};
/** A machine by its id (`login`), an invoked actor by its invoke id, under its parent. */
const actorName = (a: InspectedActor) => `${a.parentId ? '↳ ' : ''}${a.machine?.id ?? a.ref.id}`;

export function QaPanel({ registry, onClose }: { registry: ActorRegistry; onClose: () => void }) {
  useSyncExternalStore(registry.subscribe, registry.getVersion, registry.getVersion);
  const [openId, setOpenId] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const actors = registry.list();
  const open = openId ? actors.find((a) => a.ref.sessionId === openId) : undefined;
  return (
    <div className="qa-panel" role="dialog" aria-labelledby="qa-panel-title">
      <header className="qa-panel__header">
        <h2 id="qa-panel-title" tabIndex={-1} ref={heading}>
          Running actors
        </h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      {actors.length === 0 ? <p>No actor is running on this page.</p> : null}
      <table className="qa-panel__actors">
        <thead>
          <tr>
            <th scope="col">Actor</th>
            <th scope="col">State</th>
            <th scope="col">Recent events</th>
            <th scope="col">
              <span className="qa-panel__hidden">Chart</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {actors.map((a) => (
            <tr key={a.ref.sessionId} data-actor={a.machine?.id ?? a.ref.id}>
              <th scope="row">{actorName(a)}</th>
              <td>
                <code>{stateText(a)}</code>
              </td>
              <td>
                {a.steps
                  .slice(-5)
                  .map((s) => s.event.type)
                  .join(', ')}
              </td>
              <td>
                {a.machine ? (
                  <button
                    type="button"
                    aria-pressed={openId === a.ref.sessionId}
                    aria-label={`Chart of ${actorName(a)}`}
                    onClick={() => setOpenId(openId === a.ref.sessionId ? null : a.ref.sessionId)}
                  >
                    Chart
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open ? <LiveActorChart key={open.ref.sessionId} registry={registry} actor={open} /> : null}
    </div>
  );
}
