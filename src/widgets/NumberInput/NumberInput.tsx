/**
 * A whole-number input (§5): caps at max, blocks e, +, /, \, = and the decimal point; ArrowUp/ArrowDown step by
 * `step`; the value is clamped to min when the field is left.
 */
import { useState, type KeyboardEvent } from 'react';
import { Field, useServerFieldError } from '../Field';
import { BLOCKED_NUMBER_KEYS, boundsText, clamp, sanitiseNumberText } from '../../lib/validation';
import { REQUIRED_TEXT } from '../TextInput';
import './NumberInput.css';

export interface NumberInputProps {
  label: string;
  /** null when empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  name?: string;
  min?: number;
  max?: number;
  step?: number;
  required?: boolean;
  disabled?: boolean;
  unit?: string;
  hint?: string;
  showValidation?: boolean;
}

export function NumberInput({
  label,
  value,
  onChange,
  name,
  min,
  max,
  step = 1,
  required,
  disabled,
  unit,
  hint,
  showValidation,
}: NumberInputProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [touched, setTouched] = useState(false);
  // Follow outside changes of the value without fighting the user's partial text (e.g. a lone "-").
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== (text === '' || text === '-' ? null : Number(text)))
      setText(value === null ? '' : String(value));
  }
  // A server-marked error (§4 forced-invalid) shows until the value changes.
  const marked = useServerFieldError(name);
  const error =
    marked.error ?? (required && value === null && (touched || showValidation) ? REQUIRED_TEXT : undefined);
  const bounds = boundsText({ min, max });

  const commit = (next: string) => {
    const clean = sanitiseNumberText(next, { min, max });
    setText(clean);
    const n = clean === '' || clean === '-' ? null : Number(clean);
    setLastValue(n);
    if (n !== value) marked.clear();
    onChange(n);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (BLOCKED_NUMBER_KEYS.has(e.key)) {
      e.preventDefault();
      return;
    }
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      const base = value ?? min ?? 0;
      const next = clamp(base + (e.key === 'ArrowUp' ? step : -step), min ?? -Infinity, max ?? Infinity);
      commit(String(next));
    }
  };

  return (
    <Field
      label={label}
      required={required}
      error={error}
      hint={[hint, bounds].filter(Boolean).join(' · ') || undefined}
      className="number-input"
    >
      {({ control, describedBy }) => (
        <div className="number-input__row">
          <input
            id={control}
            name={name}
            type="text"
            inputMode="numeric"
            role="spinbutton"
            aria-valuenow={value ?? undefined}
            aria-valuemin={min}
            aria-valuemax={max}
            className="field__control number-input__control"
            value={text}
            disabled={disabled}
            aria-required={required || undefined}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy}
            onKeyDown={onKeyDown}
            onChange={(e) => commit(e.target.value)}
            onBlur={() => {
              setTouched(true);
              if (value !== null && min !== undefined && value < min) commit(String(min));
            }}
          />
          {unit && <span className="number-input__unit">{unit}</span>}
        </div>
      )}
    </Field>
  );
}
