/** A labelled native select over §3 options (name, value); §5 invalid when required and empty. */
import { useState } from 'react';
import { Field, useServerFieldError } from '../Field';
import { isSelectValid } from '../../lib/validation';
import './Select.css';

/** §3 select option. */
export interface SelectOption {
  name: string;
  value: string;
  disabled?: boolean;
}

export const SELECT_REQUIRED_TEXT = 'Please select an option.';

export interface SelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** Text of the empty choice; shown for optional selects and for required ones with no value yet. */
  placeholder?: string;
  /** Show the verdict without waiting for the user to leave the field (e.g. after a submit attempt). */
  showValidation?: boolean;
  hint?: string;
  hideLabel?: boolean;
}

export function Select({
  label,
  value,
  options,
  onChange,
  name,
  required,
  disabled,
  placeholder = 'Select…',
  showValidation,
  hint,
  hideLabel,
}: SelectProps) {
  const [touched, setTouched] = useState(false);
  // A server-marked error (§4 forced-invalid) shows until the choice changes.
  const marked = useServerFieldError(name);
  const valid = isSelectValid(value, required);
  const error = marked.error ?? (!valid && (touched || showValidation) ? SELECT_REQUIRED_TEXT : undefined);
  return (
    <Field
      label={label}
      required={required}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      className="select"
    >
      {({ control, describedBy }) => (
        <select
          id={control}
          name={name}
          className="field__control select__control"
          value={value}
          aria-required={required || undefined}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(e) => {
            setTouched(true);
            marked.clear();
            onChange(e.target.value);
          }}
          onBlur={() => setTouched(true)}
        >
          {(!required || value === '') && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
