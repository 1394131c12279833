/**
 * The optional Reason of a change (issue 29): a field in save and apply dialogs whose text travels as the
 * `X-Change-Reason` header (`changeReasonHeaders`) and is shown with the change's revision in History.
 */
import { useState } from 'react';
import { CHANGE_REASON_MAX, changeReasonHeaders } from '../../../../shared/contracts/revisions';
import { TextInput } from '../../../../widgets/TextInput';

export function ReasonField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <TextInput
      label="Reason (optional)"
      name="change_reason"
      value={value}
      onChange={onChange}
      max={CHANGE_REASON_MAX}
      disabled={disabled}
      autoComplete="off"
      info="Why you make this change: shown with it in History."
    />
  );
}

/** A form's reason: its text, and the headers of the save; cleared once the save is done. */
export function useChangeReason(status: string | null | undefined) {
  const [reason, setReason] = useState('');
  // Adjusted while rendering when the save's status changes (no effect, no second render pass).
  const [seen, setSeen] = useState(status);
  if (status !== seen) {
    setSeen(status);
    if (status === 'done') setReason('');
  }
  return { reason, setReason, headers: changeReasonHeaders(reason) };
}
