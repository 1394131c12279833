/** The saved colours as swatch buttons; choosing one makes it the current colour (with its alpha). */
import { useId } from 'react';
import { hueOf, parseHex } from './colour';
import type { ColourPartProps } from './parts';
import { useSavedColours } from './savedColours';

export function SavedColours({ hue, onChange }: Omit<ColourPartProps, 'colour'>) {
  const headingId = useId();
  const saved = useSavedColours();
  if (saved.length === 0) return null;
  return (
    <div className="colour-picker__saved">
      <h3 className="colour-picker__heading" id={headingId}>
        Saved colours
      </h3>
      <ul aria-labelledby={headingId}>
        {saved.map((s) => (
          <li key={s}>
            <button
              type="button"
              className="colour-picker__saved-swatch"
              style={{ background: s }}
              aria-label={`Use saved colour ${s}`}
              onClick={() => {
                const parsed = parseHex(s.slice(0, 7), Math.round((parseInt(s.slice(7, 9), 16) / 255) * 100));
                if (parsed) onChange(parsed, hueOf(parsed, hue));
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
