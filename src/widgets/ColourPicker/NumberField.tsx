/**
 * A number field that lets the user type freely (an empty or partial entry is kept while editing) and commits every
 * usable number clamped to 0–max; leaving the field shows the committed value.
 */
import { useState } from 'react';
import { clamp } from '../../lib/validation';

export interface NumberFieldProps {
  label?: string;
  value: number;
  max: number;
  step?: number;
  onCommit: (n: number) => void;
}

export function NumberField({ label, value, max, step = 1, onCommit }: NumberFieldProps) {
  const [text, setText] = useState<string | null>(null);
  return (
    <input
      type="number"
      className="field__control"
      aria-label={label}
      min={0}
      max={max}
      step={step}
      value={text ?? String(value)}
      onFocus={() => setText(String(value))}
      onBlur={() => setText(null)}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value !== '' && Number.isFinite(n)) onCommit(clamp(n, 0, max));
      }}
    />
  );
}
