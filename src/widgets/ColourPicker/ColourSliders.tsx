/** The hue (0–360) and alpha (0–100) sliders of the current colour. */
import type { CSSProperties } from 'react';
import { formatColour, fromHsv, svOf } from './colour';
import type { ColourPartProps } from './parts';

export function ColourSliders({ colour, hue, onChange }: ColourPartProps) {
  return (
    <>
      <Slider
        label="Hue"
        className="colour-picker__hue"
        max={360}
        step={0.1}
        value={hue}
        onChange={(h) => {
          const { s, v } = svOf(colour);
          onChange(fromHsv(h, s, v, colour.a), h);
        }}
      />
      <Slider
        label="Alpha"
        className="colour-picker__alpha"
        max={100}
        step={1}
        value={colour.a}
        style={{ '--alpha-colour': formatColour(colour, 'HEX') } as CSSProperties}
        onChange={(a) => onChange({ ...colour, a }, hue)}
      />
    </>
  );
}

function Slider({
  label,
  className,
  max,
  step,
  value,
  style,
  onChange,
}: {
  label: string;
  className: string;
  max: number;
  step: number;
  value: number;
  style?: CSSProperties;
  onChange: (n: number) => void;
}) {
  return (
    <label className="colour-picker__slider">
      <span>{label}</span>
      <input
        type="range"
        className={className}
        min={0}
        max={max}
        step={step}
        value={value}
        style={style}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
}
