/** The §9 outputs of the current colour (HEX8, RGBA, RGB, HEX), a swatch, and the CSS of a gradient. */
import { OUTPUT_FORMATS, formatColour, toCss, type ColourValue, type Rgba } from './colour';

export function Outputs({ value, colour }: { value: ColourValue; colour: Rgba }) {
  const css = toCss(value);
  return (
    <dl className="colour-picker__outputs">
      <div className="colour-picker__swatch" style={{ background: css }} aria-hidden="true" />
      {OUTPUT_FORMATS.map((f) => (
        <div key={f} className="colour-picker__output">
          <dt>{f}</dt>
          <dd>
            <code>{formatColour(colour, f)}</code>
          </dd>
        </div>
      ))}
      {value.mode === 'gradient' && (
        <div className="colour-picker__output">
          <dt>CSS</dt>
          <dd>
            <code>{css}</code>
          </dd>
        </div>
      )}
    </dl>
  );
}
