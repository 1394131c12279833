/** A labelled checkbox (native input, so Space toggles and forms see it), with optional description. */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './Checkbox.css';

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  disabled?: boolean;
  /** Shown as mixed (e.g. a "select all" with some rows selected). */
  indeterminate?: boolean;
  description?: ReactNode;
  required?: boolean;
}

export function Checkbox({
  label,
  checked,
  onChange,
  name,
  disabled,
  indeterminate = false,
  description,
  required,
}: CheckboxProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <div className={`checkbox${disabled ? ' checkbox--disabled' : ''}`}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="checkbox__input"
        name={name}
        checked={checked}
        disabled={disabled}
        required={required}
        aria-describedby={description ? `${id}-desc` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
      {description && (
        <p id={`${id}-desc`} className="checkbox__description">
          {description}
        </p>
      )}
    </div>
  );
}
