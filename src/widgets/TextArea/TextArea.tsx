/** A labelled multi-line text field with an optional maximum length and a live character count. */
import { useState } from 'react';
import { Field } from '../Field';
import { REQUIRED_TEXT } from '../TextInput';
import './TextArea.css';

export interface TextAreaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  /** Optional maximum length; typing stops there and a counter shows the room left. */
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  rows?: number;
  placeholder?: string;
  hint?: string;
  showValidation?: boolean;
}

export function TextArea({
  label,
  value,
  onChange,
  name,
  maxLength,
  required,
  disabled,
  rows = 4,
  placeholder,
  hint,
  showValidation,
}: TextAreaProps) {
  const [touched, setTouched] = useState(false);
  const error = required && value.trim() === '' && (touched || showValidation) ? REQUIRED_TEXT : undefined;
  const counter = maxLength !== undefined ? `${value.length} / ${maxLength} characters` : undefined;
  return (
    <Field
      label={label}
      required={required}
      error={error}
      hint={[hint, counter].filter(Boolean).join(' · ') || undefined}
      className="text-area"
    >
      {({ control, describedBy }) => (
        <textarea
          id={control}
          name={name}
          className="field__control text-area__control"
          value={value}
          rows={rows}
          maxLength={maxLength}
          aria-required={required || undefined}
          disabled={disabled}
          placeholder={placeholder}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          // Pasted text can exceed maxLength in some browsers; cut it so the value never does.
          onChange={(e) =>
            onChange(maxLength !== undefined ? e.target.value.slice(0, maxLength) : e.target.value)
          }
          onBlur={() => setTouched(true)}
        />
      )}
    </Field>
  );
}
