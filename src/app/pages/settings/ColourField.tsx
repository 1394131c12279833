/**
 * A colour setting: hex text (checked by the form's schema), a swatch, and the widget library's colour picker
 * (solid colours only) opened on demand; saving the picker writes its hex into the field.
 */
import { useState } from 'react';
import { ColourPicker, formatColour, parseHex, type ColourValue } from '../../../widgets/ColourPicker';
import { TextInput } from '../../../widgets/TextInput';

export interface ColourFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (hex: string) => void;
  error?: string;
  /** Read-only page: neither the text nor the picker changes the colour. */
  disabled?: boolean;
  /** A warning that does not stop saving (e.g. low contrast). */
  warning?: string | null;
}

function toPickerValue(hex: string): ColourValue {
  const colour = parseHex(hex, 100) ?? { r: 0, g: 0, b: 0, a: 100 };
  return { mode: 'solid', colour, hue: 0 };
}

export function ColourField({ label, name, value, onChange, error, disabled, warning }: ColourFieldProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="colour-field">
      <div className="colour-field__row">
        <span className="colour-field__swatch" style={{ background: value }} aria-hidden="true" />
        <TextInput label={label} name={name} value={value} onChange={onChange} disabled={disabled} />
        <button
          type="button"
          className="button"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Close picker' : `Pick ${label.toLowerCase()}`}
        </button>
      </div>
      {error ? (
        <p className="colour-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {warning && !error ? (
        <p className="colour-field__warning" role="status">
          {warning}
        </p>
      ) : null}
      {open && !disabled ? (
        <ColourPicker
          label={label}
          value={toPickerValue(value)}
          allowGradient={false}
          onSave={(v) => {
            if (v.mode === 'solid') onChange(formatColour(v.colour, 'HEX'));
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
