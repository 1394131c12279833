/**
 * The sticky error modal (spec §2, §8 `requiresConfirmation`): an error the user must acknowledge; 530 px wide,
 * no Escape, one OK button.
 */
import { useId, useRef } from 'react';
import { Modal } from '../Modal';

/** §2 sticky error modal width 530. */
export const STICKY_ERROR_MODAL_WIDTH_PX = 530;

export interface StickyErrorModalProps {
  open: boolean;
  title: string;
  message: string;
  onConfirm: () => void;
  confirmLabel?: string;
}

export function StickyErrorModal({
  open,
  title,
  message,
  onConfirm,
  confirmLabel = 'OK',
}: StickyErrorModalProps) {
  const messageId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      role="alertdialog"
      closable={false}
      width={STICKY_ERROR_MODAL_WIDTH_PX}
      describedBy={messageId}
      initialFocus={okRef}
      className="sticky-error"
      footer={
        <button ref={okRef} type="button" className="button button--primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      }
    >
      <p id={messageId} className="sticky-error__message">
        {message}
      </p>
    </Modal>
  );
}
