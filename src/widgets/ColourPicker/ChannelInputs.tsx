/**
 * The input-mode fields (§9): a choice of input type (RGB, HSL, HSV, CMYK), one number field per channel of that
 * type (§5 ranges), alpha 0–100 and a hex field.
 */
import { useState } from 'react';
import { CHANNELS, INPUT_TYPES, channelsOf, fromChannels, hueOf, type InputType } from './colour';
import { HexField } from './HexField';
import { NumberField } from './NumberField';
import type { ColourPartProps } from './parts';

const CHANNEL_NAMES: Record<string, string> = {
  r: 'Red',
  g: 'Green',
  b: 'Blue',
  h: 'Hue',
  s: 'Saturation',
  l: 'Lightness',
  v: 'Value',
  c: 'Cyan',
  m: 'Magenta',
  y: 'Yellow',
  k: 'Black',
};

export function ChannelInputs({ colour, hue, onChange }: ColourPartProps) {
  const [inputType, setInputType] = useState<InputType>('RGB');
  const channels = channelsOf(colour, inputType, hue);
  return (
    <div className="colour-picker__inputs">
      <label className="colour-picker__type">
        <span>Input type</span>
        <select
          className="field__control"
          value={inputType}
          onChange={(e) => setInputType(e.target.value as InputType)}
        >
          {INPUT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      {CHANNELS[inputType].map(({ key, label: short, max }) => (
        <label key={`${inputType}-${key}`} className="colour-picker__channel">
          <span aria-hidden="true">{short}</span>
          <NumberField
            label={CHANNEL_NAMES[key]}
            max={max}
            step={key === 'h' ? 0.1 : 1}
            value={channels[key]}
            onCommit={(n) => {
              const next = fromChannels({ ...channels, [key]: n }, inputType, colour.a);
              // HSL and HSV carry their own hue; the others keep the current one for greys.
              onChange(
                next.colour,
                inputType === 'HSL' || inputType === 'HSV' ? next.hue : hueOf(next.colour, hue),
              );
            }}
          />
        </label>
      ))}
      <label className="colour-picker__channel">
        <span aria-hidden="true">A</span>
        <NumberField
          label="Alpha"
          max={100}
          value={colour.a}
          onCommit={(a) => onChange({ ...colour, a }, hue)}
        />
      </label>
      <HexField colour={colour} hue={hue} onChange={onChange} />
    </div>
  );
}
