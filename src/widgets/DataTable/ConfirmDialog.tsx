/**
 * The bulk-action confirmation: a small modal alert dialog with Yes and No. Escape or No cancels; focus starts on
 * No (the safe answer), stays inside while open and returns to the bulk action button afterwards.
 */
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../Modal/useFocusTrap';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, message, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  useFocusTrap(ref, true, noRef);
  return createPortal(
    <div className="data-table__backdrop">
      <div
        ref={ref}
        className="data-table__confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onCancel();
          }
        }}
      >
        <h2 id={titleId} className="data-table__confirm-title">
          {title}
        </h2>
        <p id={messageId}>{message}</p>
        <div className="data-table__confirm-buttons">
          <button type="button" className="button button--primary" onClick={onConfirm}>
            Yes
          </button>
          <button type="button" className="button" ref={noRef} onClick={onCancel}>
            No
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
