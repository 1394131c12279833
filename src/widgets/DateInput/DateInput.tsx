/**
 * A labelled date field whose value is a millisecond timestamp (§3); a newly picked day gets the default time 12:00,
 * a changed day keeps the time already set. Uses the native date control (keyboard and picker for free).
 */
import { useState } from 'react';
import { Field } from '../Field';
import { dayToTimestamp, timestampToDay } from '../../lib/validation';
import { REQUIRED_TEXT } from '../TextInput';
import './DateInput.css';

export interface DateInputProps {
  label: string;
  /** Millisecond timestamp, or null when empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  name?: string;
  /** Earliest and latest selectable days as timestamps. */
  min?: number;
  max?: number;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  showValidation?: boolean;
}

export function DateInput({
  label,
  value,
  onChange,
  name,
  min,
  max,
  required,
  disabled,
  hint,
  showValidation,
}: DateInputProps) {
  const [touched, setTouched] = useState(false);
  const error = required && value === null && (touched || showValidation) ? REQUIRED_TEXT : undefined;
  return (
    <Field label={label} required={required} error={error} hint={hint} className="date-input">
      {({ control, describedBy }) => (
        <input
          id={control}
          name={name}
          type="date"
          className="field__control date-input__control"
          value={timestampToDay(value)}
          min={min !== undefined ? timestampToDay(min) : undefined}
          max={max !== undefined ? timestampToDay(max) : undefined}
          aria-required={required || undefined}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value === '' ? null : dayToTimestamp(e.target.value, value))}
          onBlur={() => setTouched(true)}
        />
      )}
    </Field>
  );
}
