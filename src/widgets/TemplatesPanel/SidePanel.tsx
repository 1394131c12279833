/**
 * The side panel shell of the customise panels: a modal dialog on the right with Close (also Escape and a click
 * outside), Discard changes and Save and close. Focus moves in on open, stays inside, and returns on close.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../Modal/useFocusTrap';
import { CloseIcon } from '../icons';

export interface SidePanelProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
  onDiscard: () => void;
  onSave: () => void;
  dirty: boolean;
}

export function SidePanel({ title, children, onClose, onDiscard, onSave, dirty }: SidePanelProps) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useFocusTrap(ref, true);
  // Escape closes even when focus fell to the page (e.g. the button just used was removed).
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div
      className="side-panel__backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <aside ref={ref} className="side-panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="side-panel__header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="icon-button side-panel__close"
            aria-label="Close"
            title="Close without saving"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="side-panel__body">{children}</div>
        <footer className="side-panel__footer">
          <button type="button" className="button" onClick={onDiscard} disabled={!dirty}>
            Discard changes
          </button>
          <button type="button" className="button button--primary side-panel__save" onClick={onSave}>
            Save and close
          </button>
        </footer>
      </aside>
    </div>,
    document.body,
  );
}
