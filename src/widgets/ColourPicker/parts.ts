import type { Rgba } from './colour';

/** What every part that edits the current colour receives: the colour, its hue, and where a change goes. */
export interface ColourPartProps {
  colour: Rgba;
  hue: number;
  onChange: (colour: Rgba, hue: number) => void;
}
