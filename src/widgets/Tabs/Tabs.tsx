/**
 * Tabs (§3 tab: id, name, showCompletionBull, isCompleted) following the WAI-ARIA tabs pattern: one tab stop, arrow
 * keys move between tabs (Home/End to the ends) and select them, the panel shows the active tab's content. A tab
 * may show a completion bullet, filled when the step is completed and announced in its name.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './Tabs.css';

/** §3 tab. */
export interface Tab {
  id: string;
  name: string;
  showCompletionBull?: boolean;
  isCompleted?: boolean;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: readonly Tab[];
  activeId: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Content of the active tab. */
  children?: ReactNode;
}

export function Tabs({ tabs, activeId, onChange, label, children }: TabsProps) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = tabs.filter((t) => !t.disabled);

  const move = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = enabled.findIndex((t) => t.id === activeId);
    let next: Tab | undefined;
    if (e.key === 'ArrowRight') next = enabled[(index + 1) % enabled.length];
    else if (e.key === 'ArrowLeft') next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (e.key === 'Home') next = enabled[0];
    else if (e.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    e.preventDefault();
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab) => {
          const selected = tab.id === activeId;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              disabled={tab.disabled}
              className={`tabs__tab${selected ? ' tabs__tab--active' : ''}`}
              onClick={() => onChange(tab.id)}
              onKeyDown={move}
            >
              {tab.showCompletionBull && (
                <span
                  className={`tabs__bull${tab.isCompleted ? ' tabs__bull--done' : ''}`}
                  aria-hidden="true"
                />
              )}
              {tab.name}
              {tab.showCompletionBull && (
                <span className="visually-hidden">
                  {tab.isCompleted ? ' (completed)' : ' (not completed)'}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${activeId}`}
        tabIndex={0}
        className="tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
