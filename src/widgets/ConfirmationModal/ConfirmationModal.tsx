/**
 * The confirmation modal (spec §2): a question answered Yes or No, optionally with a checkbox (for example "also
 * delete the keys") or an option select; Yes hands back the checkbox and option, No (or Escape) cancels.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from '../Modal';

export interface ConfirmationOption {
  name: string;
  value: string;
}

export interface ConfirmationResult {
  checked?: boolean;
  option?: string;
}

export interface ConfirmationModalProps {
  open: boolean;
  title: string;
  message: ReactNode;
  onConfirm: (result: ConfirmationResult) => void;
  onCancel: () => void;
  yesLabel?: string;
  noLabel?: string;
  checkbox?: { label: string; defaultChecked?: boolean };
  select?: { label: string; options: ConfirmationOption[]; defaultValue?: string };
  /** Disables the buttons while the confirmed action runs. */
  busy?: boolean;
  /** Fields under the question (a change's Reason), outside its description. */
  children?: ReactNode;
}

export function ConfirmationModal(props: ConfirmationModalProps) {
  // Mounted only while open, so every opening starts from the defaults rather than the last answer.
  return props.open ? <ConfirmationDialog {...props} /> : null;
}

function ConfirmationDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  yesLabel = 'Yes',
  noLabel = 'No',
  checkbox,
  select,
  busy,
  children,
}: ConfirmationModalProps) {
  const [checked, setChecked] = useState(checkbox?.defaultChecked ?? false);
  const [option, setOption] = useState(select?.defaultValue ?? select?.options[0]?.value ?? '');
  const messageId = useId();
  const selectId = useId();
  const noRef = useRef<HTMLButtonElement>(null);
  const result = (): ConfirmationResult => ({
    ...(checkbox ? { checked } : {}),
    ...(select ? { option } : {}),
  });
  return (
    <Modal
      open={open}
      title={title}
      role="alertdialog"
      describedBy={messageId}
      onClose={onCancel}
      closable={!busy}
      busy={busy}
      initialFocus={noRef}
      footer={
        <>
          <button ref={noRef} type="button" className="button" onClick={onCancel} disabled={busy}>
            {noLabel}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => onConfirm(result())}
            disabled={busy}
          >
            {yesLabel}
          </button>
        </>
      }
    >
      <div id={messageId} className="confirmation__message">
        {message}
      </div>
      {children}
      {checkbox && (
        <label className="confirmation__checkbox">
          <input
            type="checkbox"
            checked={checked}
            onChange={(e) => setChecked(e.target.checked)}
            disabled={busy}
          />{' '}
          {checkbox.label}
        </label>
      )}
      {select && (
        <div className="confirmation__select">
          <label htmlFor={selectId}>{select.label}</label>
          <select id={selectId} value={option} onChange={(e) => setOption(e.target.value)} disabled={busy}>
            {select.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </Modal>
  );
}
