/**
 * A time of day as "HH:MM" text (§3): separate hour and minute fields, hours clamped 0–23 and minutes 0–59, two
 * digits, 0 when empty (§5). ArrowUp/ArrowDown step a part (wrapping round), and typing two hour digits moves on.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Field } from '../Field';
import { normaliseTime, parseTime } from '../../lib/validation';
import './TimeInput.css';

export interface TimeInputProps {
  label: string;
  /** "HH:MM". */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  disabled?: boolean;
  hint?: string;
}

type Part = 'hours' | 'minutes';
const LIMIT: Record<Part, number> = { hours: 23, minutes: 59 };

export function TimeInput({ label, value, onChange, name, disabled, hint }: TimeInputProps) {
  const parsed = parseTime(value);
  const [draft, setDraft] = useState<{ part: Part; text: string } | null>(null);
  const minutesRef = useRef<HTMLInputElement>(null);

  const emit = (part: Part, n: string | number) =>
    onChange(part === 'hours' ? normaliseTime(n, parsed.minutes) : normaliseTime(parsed.hours, n));

  const shown = (part: Part) => (draft?.part === part ? draft.text : String(parsed[part]).padStart(2, '0'));

  const onKey = (part: Part) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const span = LIMIT[part] + 1;
    const next = (parsed[part] + (e.key === 'ArrowUp' ? 1 : -1) + span) % span;
    setDraft(null);
    emit(part, next);
  };

  const input = (part: Part, id: string | undefined, describedBy: string | undefined) => (
    <input
      id={id}
      ref={part === 'minutes' ? minutesRef : undefined}
      type="text"
      inputMode="numeric"
      maxLength={2}
      className="field__control time-input__part"
      aria-label={part === 'hours' ? 'Hours' : 'Minutes'}
      aria-describedby={describedBy}
      value={shown(part)}
      disabled={disabled}
      onFocus={(e) => e.target.select()}
      onKeyDown={onKey(part)}
      onChange={(e) => {
        const text = e.target.value.replace(/[^0-9]/g, '').slice(0, 2);
        setDraft({ part, text });
        emit(part, text);
        if (part === 'hours' && text.length === 2) minutesRef.current?.focus();
      }}
      onBlur={() => setDraft(null)}
    />
  );

  return (
    <Field as="fieldset" label={label} hint={hint ?? 'HH:MM, 24-hour'} className="time-input">
      {({ control, describedBy }) => (
        <div className="time-input__row">
          {input('hours', control, describedBy)}
          <span aria-hidden="true">:</span>
          {input('minutes', undefined, describedBy)}
          {name && <input type="hidden" name={name} value={normaliseTime(parsed.hours, parsed.minutes)} />}
        </div>
      )}
    </Field>
  );
}
