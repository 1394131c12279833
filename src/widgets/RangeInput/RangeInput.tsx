/** A labelled slider (native range: arrows, Home/End, PageUp/PageDown); §5 clamps to min and max, defaults 0 and 10. */
import { Field } from '../Field';
import { clamp, RANGE_DEFAULT_MAX, RANGE_DEFAULT_MIN } from '../../lib/validation';
import './RangeInput.css';

export interface RangeInputProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  name?: string;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  unit?: string;
  hint?: string;
}

export function RangeInput({
  label,
  value,
  onChange,
  name,
  min = RANGE_DEFAULT_MIN,
  max = RANGE_DEFAULT_MAX,
  step = 1,
  disabled,
  unit,
  hint,
}: RangeInputProps) {
  const current = clamp(value, min, max);
  const percent = max > min ? ((current - min) / (max - min)) * 100 : 0;
  return (
    <Field label={label} hint={hint} className="range-input">
      {({ control, describedBy }) => (
        <div className="range-input__row">
          <input
            id={control}
            name={name}
            type="range"
            className="range-input__control"
            min={min}
            max={max}
            step={step}
            value={current}
            disabled={disabled}
            aria-describedby={describedBy}
            aria-valuetext={unit ? `${current} ${unit}` : undefined}
            style={{ '--range-fill': `${percent}%` } as React.CSSProperties}
            onChange={(e) => onChange(clamp(Number(e.target.value), min, max))}
          />
          <output htmlFor={control} className="range-input__value" aria-hidden="true">
            {current}
            {unit ? ` ${unit}` : ''}
          </output>
        </div>
      )}
    </Field>
  );
}
