/** Solid or gradient, as a pair of radio buttons styled as a segmented control. */
import { useId } from 'react';
import type { ColourValue } from './colour';

const MODES: readonly { mode: ColourValue['mode']; label: string }[] = [
  { mode: 'solid', label: 'Solid' },
  { mode: 'gradient', label: 'Gradient' },
];

export function ModeSwitch({
  mode,
  onChange,
}: {
  mode: ColourValue['mode'];
  onChange: (mode: ColourValue['mode']) => void;
}) {
  const name = useId();
  return (
    <div className="colour-picker__modes" role="radiogroup" aria-label="Mode">
      {MODES.map((m) => (
        <label key={m.mode} className={`colour-picker__mode${mode === m.mode ? ' is-selected' : ''}`}>
          <input type="radio" name={name} checked={mode === m.mode} onChange={() => onChange(m.mode)} />
          {m.label}
        </label>
      ))}
    </div>
  );
}
