/**
 * The hex field: free typing, applied on Enter or when left with the §5 normalisation (alpha kept); an entry that
 * is not a colour goes back to the current hex.
 */
import { useState } from 'react';
import { formatColour, hueOf, parseHex } from './colour';
import type { ColourPartProps } from './parts';

export function HexField({ colour, hue, onChange }: ColourPartProps) {
  const hex = formatColour(colour, 'HEX');
  const [hexText, setHexText] = useState(hex);
  // Follow colour changes made elsewhere in the picker.
  const [lastHex, setLastHex] = useState(hex);
  if (hex !== lastHex) {
    setLastHex(hex);
    setHexText(hex);
  }
  const applyHex = () => {
    const parsed = parseHex(hexText, colour.a);
    if (!parsed) return setHexText(hex);
    onChange(parsed, hueOf(parsed, hue));
    setHexText(formatColour(parsed, 'HEX'));
  };
  return (
    <label className="colour-picker__channel colour-picker__hex">
      <span>Hex</span>
      <input
        className="field__control"
        value={hexText}
        spellCheck={false}
        onChange={(e) => setHexText(e.target.value)}
        onBlur={applyHex}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            applyHex();
          }
        }}
      />
    </label>
  );
}
