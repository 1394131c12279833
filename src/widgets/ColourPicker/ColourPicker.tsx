/**
 * Colour picker (§3, §4, §5, §9): solid or gradient (≥ 2 stops, angle 0–360, positions 0–100 %); the current colour
 * (the solid colour or the selected stop) is edited on a saturation/brightness area, hue and alpha sliders, channel
 * inputs of the chosen type (RGB, HSL, HSV, CMYK) or a hex field (normalised per §5); outputs HEX8, RGBA, RGB, HEX.
 * Save emits the value and keeps the colour among 15 saved colours in localStorage; Cancel (or Escape) restores the
 * last saved value. A double tap (300 ms) on the gradient bar adds a stop there.
 *
 * The draft lives in `pickerReducer`; each part has its own file. Heavy-ish (colord and its CMYK plugin): import it
 * from 'widgets/ColourPicker' only where needed.
 */
import { useReducer, useState } from 'react';
import { formatColour, newStopId, toCss, type ColourValue, type Rgba } from './colour';
import { currentColour, pickerReducer } from './pickerReducer';
import { ModeSwitch } from './ModeSwitch';
import { GradientEditor } from './GradientEditor';
import { SaturationArea } from './SaturationArea';
import { ColourSliders } from './ColourSliders';
import { ChannelInputs } from './ChannelInputs';
import { Outputs } from './Outputs';
import { SavedColours } from './SavedColours';
import { saveColour } from './savedColours';
import '../Field/Field.css';
import './ColourPicker.css';

export interface ColourPickerProps {
  /** The last saved value; Cancel returns to it. */
  value: ColourValue;
  onSave: (value: ColourValue, css: string) => void;
  onCancel?: () => void;
  label?: string;
  /** Allow the gradient mode (default true). */
  allowGradient?: boolean;
}

export function ColourPicker({
  value,
  onSave,
  onCancel,
  label = 'Colour',
  allowGradient = true,
}: ColourPickerProps) {
  const [draft, dispatch] = useReducer(pickerReducer, value);
  // A new saved value from the caller replaces the draft.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    dispatch({ type: 'reset', value });
  }
  const { colour, hue } = currentColour(draft);
  const setColour = (next: Rgba, nextHue: number) =>
    dispatch({ type: 'setColour', colour: next, hue: nextHue });

  const save = () => {
    saveColour(formatColour(colour, 'HEX8'));
    onSave(draft, toCss(draft));
  };
  const cancel = () => {
    dispatch({ type: 'reset', value });
    onCancel?.();
  };
  const parts = { colour, hue, onChange: setColour };

  return (
    <section
      className="colour-picker"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          cancel();
        }
      }}
    >
      {allowGradient && (
        <ModeSwitch
          mode={draft.mode}
          onChange={(mode) => dispatch({ type: 'setMode', mode, stopIds: [newStopId(), newStopId()] })}
        />
      )}
      {draft.mode === 'gradient' && <GradientEditor value={draft} dispatch={dispatch} />}
      <SaturationArea {...parts} />
      <ColourSliders {...parts} />
      <ChannelInputs {...parts} />
      <Outputs value={draft} colour={colour} />
      <SavedColours hue={hue} onChange={setColour} />
      <div className="colour-picker__actions">
        <button type="button" className="button" onClick={cancel}>
          Cancel
        </button>
        <button type="button" className="button widget-button--primary" onClick={save}>
          Save
        </button>
      </div>
    </section>
  );
}
