/**
 * The bulk-action confirmation: a small modal alert dialog. Escape or the cancel button cancels; focus starts on
 * cancel (the safe answer), stays inside while open and returns to the bulk action button afterwards.
 *
 * With `confirmationMessage` (the old form) it asks a Yes / No question. With `confirm` it names the action and
 * the count ("Delete 3 users") in the title and on the confirm button, shows the detail and up to 5 of the selected
 * rows' names ("and 7 more"), and offers Cancel; a destructive verb gets the danger button.
 */
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../Modal/useFocusTrap';

export const NAMES_SHOWN = 5;

export interface ConfirmDialogProps {
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Confirm button text (default "Yes"). */
  confirmLabel?: string;
  /** Cancel button text (default "No"). */
  cancelLabel?: string;
  danger?: boolean;
  /** Names of the rows the action applies to; the first 5 are listed. */
  names?: readonly string[];
}

export function ConfirmDialog({
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  danger = false,
  names,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  useFocusTrap(ref, true, noRef);
  const shown = names?.slice(0, NAMES_SHOWN) ?? [];
  const more = (names?.length ?? 0) - shown.length;
  return createPortal(
    <div className="data-table__backdrop">
      <div
        ref={ref}
        className="data-table__confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
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
        {message ? <p id={messageId}>{message}</p> : null}
        {shown.length > 0 ? (
          <ul className="data-table__confirm-names" aria-label="Selected">
            {shown.map((name, i) => (
              <li key={`${name}-${i}`}>{name}</li>
            ))}
            {more > 0 ? <li className="data-table__confirm-more">and {more} more</li> : null}
          </ul>
        ) : null}
        <div className="data-table__confirm-buttons">
          <button
            type="button"
            className={danger ? 'button data-table__danger' : 'button button--primary'}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
          <button type="button" className="button" ref={noRef} onClick={onCancel}>
            {cancelLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
