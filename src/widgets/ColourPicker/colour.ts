/**
 * Colour maths of the colour picker (§3 colour stop, §5 ranges, §9 outputs), on top of colord. Alpha is 0–100 here
 * as in the spec; colord uses 0–1.
 */
import { colord, extend } from 'colord';
import cmykPlugin from 'colord/plugins/cmyk';
import { clamp, normaliseHex } from '../../lib/validation';

extend([cmykPlugin]);

/** A colour as the picker holds it: RGB 0–255, alpha 0–100, and the hue kept separately so greys keep theirs. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** §3 colour stop. */
export interface ColourStop extends Rgba {
  id: string;
  /** Position along the gradient, 0–100 %. */
  percent: number;
  /** Hue 0–360, kept so a stop dragged to grey and back keeps its hue. */
  hue: number;
  /** The stop being edited. */
  select: boolean;
}

export type ColourValue =
  { mode: 'solid'; colour: Rgba; hue: number } | { mode: 'gradient'; angle: number; stops: ColourStop[] };

export type InputType = 'RGB' | 'HSL' | 'HSV' | 'CMYK';
/** §9 input modes and outputs. */
export const INPUT_TYPES: readonly InputType[] = ['RGB', 'HSL', 'HSV', 'CMYK'];
export type OutputFormat = 'HEX8' | 'RGBA' | 'RGB' | 'HEX';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['HEX8', 'RGBA', 'RGB', 'HEX'];

/** §5 channel ranges per input type (alpha 0–100 is separate). */
export const CHANNELS: Record<InputType, ReadonlyArray<{ key: string; label: string; max: number }>> = {
  RGB: [
    { key: 'r', label: 'R', max: 255 },
    { key: 'g', label: 'G', max: 255 },
    { key: 'b', label: 'B', max: 255 },
  ],
  HSL: [
    { key: 'h', label: 'H', max: 360 },
    { key: 's', label: 'S', max: 100 },
    { key: 'l', label: 'L', max: 100 },
  ],
  HSV: [
    { key: 'h', label: 'H', max: 360 },
    { key: 's', label: 'S', max: 100 },
    { key: 'v', label: 'V', max: 100 },
  ],
  CMYK: [
    { key: 'c', label: 'C', max: 100 },
    { key: 'm', label: 'M', max: 100 },
    { key: 'y', label: 'Y', max: 100 },
    { key: 'k', label: 'K', max: 100 },
  ],
};

/** §9 gradient angle 0–360, positions 0–100 %, at least 2 stops (§5). */
export const MIN_STOPS = 2;
export const MAX_ANGLE = 360;

const round = (n: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

const toColord = (c: Rgba) => colord({ r: c.r, g: c.g, b: c.b, a: c.a / 100 });

/** Clamps every channel into its range. */
export const clampRgba = (c: Rgba): Rgba => ({
  r: Math.round(clamp(c.r, 0, 255)),
  g: Math.round(clamp(c.g, 0, 255)),
  b: Math.round(clamp(c.b, 0, 255)),
  a: Math.round(clamp(c.a, 0, 100)),
});

/** The channel values of `c` in an input type, rounded for display. */
export function channelsOf(c: Rgba, type: InputType, hue: number): Record<string, number> {
  const cd = toColord(c);
  switch (type) {
    case 'RGB':
      return { r: c.r, g: c.g, b: c.b };
    case 'HSL': {
      const { s, l } = cd.toHsl();
      return { h: round(hue, 1), s: Math.round(s), l: Math.round(l) };
    }
    case 'HSV': {
      const { s, v } = cd.toHsv();
      return { h: round(hue, 1), s: Math.round(s), v: Math.round(v) };
    }
    case 'CMYK': {
      const { c: cy, m, y, k } = cd.toCmyk();
      return { c: Math.round(cy), m: Math.round(m), y: Math.round(y), k: Math.round(k) };
    }
  }
}

/** The colour (and hue) from channel values of an input type; values are clamped to their ranges first. */
export function fromChannels(
  values: Record<string, number>,
  type: InputType,
  alpha: number,
): { colour: Rgba; hue: number } {
  const v = Object.fromEntries(
    CHANNELS[type].map(({ key, max }) => [key, clamp(Number(values[key]) || 0, 0, max)]),
  );
  const a = clamp(alpha, 0, 100) / 100;
  const cd =
    type === 'RGB'
      ? colord({ r: v.r, g: v.g, b: v.b, a })
      : type === 'HSL'
        ? colord({ h: v.h, s: v.s, l: v.l, a })
        : type === 'HSV'
          ? colord({ h: v.h, s: v.s, v: v.v, a })
          : colord({ c: v.c, m: v.m, y: v.y, k: v.k, a });
  const { r, g, b } = cd.toRgb();
  const colour = clampRgba({ r, g, b, a: alpha });
  const hue = type === 'HSL' || type === 'HSV' ? v.h : hueOf(colour, 0);
  return { colour, hue };
}

/** The HSV hue of a colour, or `fallback` for greys (where hue is undefined). */
export function hueOf(c: Rgba, fallback: number): number {
  const { h, s } = toColord(c).toHsv();
  return s === 0 ? fallback : h;
}

/** Saturation and value (0–100) of a colour. */
export function svOf(c: Rgba): { s: number; v: number } {
  const { s, v } = toColord(c).toHsv();
  return { s, v };
}

/** The colour at hue/saturation/value (0–360, 0–100, 0–100) keeping alpha. */
export function fromHsv(h: number, s: number, v: number, a: number): Rgba {
  const { r, g, b } = colord({ h: clamp(h, 0, 360), s: clamp(s, 0, 100), v: clamp(v, 0, 100) }).toRgb();
  return clampRgba({ r, g, b, a });
}

/** The outputs of §9 for one colour. */
export function formatColour(c: Rgba, format: OutputFormat): string {
  const hex6 = colord({ r: c.r, g: c.g, b: c.b }).toHex();
  switch (format) {
    case 'HEX':
      return hex6;
    case 'HEX8':
      return (
        hex6 +
        Math.round((clamp(c.a, 0, 100) / 100) * 255)
          .toString(16)
          .padStart(2, '0')
      );
    case 'RGB':
      return `rgb(${c.r}, ${c.g}, ${c.b})`;
    case 'RGBA':
      return `rgba(${c.r}, ${c.g}, ${c.b}, ${round(c.a / 100, 2)})`;
  }
}

/** Parses a hex entry with the §5 normalisation (keeps alpha); null when nothing usable. */
export function parseHex(input: string, alpha: number): Rgba | null {
  const hex = normaliseHex(input);
  if (!hex) return null;
  const { r, g, b } = colord(hex).toRgb();
  return { r, g, b, a: alpha };
}

/** A CSS value for the whole colour value: an rgba() colour or a linear-gradient(). */
export function toCss(value: ColourValue): string {
  if (value.mode === 'solid') return formatColour(value.colour, 'RGBA');
  const stops = [...value.stops].sort((x, y) => x.percent - y.percent);
  return `linear-gradient(${round(clamp(value.angle, 0, MAX_ANGLE), 1)}deg, ${stops.map((s) => `${formatColour(s, 'RGBA')} ${round(s.percent, 1)}%`).join(', ')})`;
}

let stopCounter = 0;
/** A new stop id; unique within a page. */
export const newStopId = () => `stop-${Date.now().toString(36)}-${(stopCounter += 1)}`;

/** A stop at `percent` with the colour the gradient has there (blended between its neighbours), selected. */
export function stopAt(stops: readonly ColourStop[], percent: number, id: string = newStopId()): ColourStop {
  const p = clamp(percent, 0, 100);
  const sorted = [...stops].sort((x, y) => x.percent - y.percent);
  const right = sorted.find((s) => s.percent >= p) ?? sorted[sorted.length - 1];
  const left = [...sorted].reverse().find((s) => s.percent <= p) ?? sorted[0];
  const span = right.percent - left.percent;
  const t = span === 0 ? 0 : (p - left.percent) / span;
  const mix = (x: number, y: number) => x + (y - x) * t;
  const colour = clampRgba({
    r: mix(left.r, right.r),
    g: mix(left.g, right.g),
    b: mix(left.b, right.b),
    a: mix(left.a, right.a),
  });
  return { ...colour, id, percent: round(p, 1), hue: hueOf(colour, left.hue), select: true };
}

/**
 * Converts between modes: solid → a two-stop gradient of that colour to transparent (the stops get `stopIds`);
 * gradient → its selected stop.
 */
export function switchMode(
  value: ColourValue,
  mode: ColourValue['mode'],
  stopIds: readonly [string, string] = [newStopId(), newStopId()],
): ColourValue {
  if (value.mode === mode) return value;
  if (value.mode === 'solid') {
    const a: ColourStop = { ...value.colour, id: stopIds[0], percent: 0, hue: value.hue, select: true };
    const b: ColourStop = {
      ...value.colour,
      a: 0,
      id: stopIds[1],
      percent: 100,
      hue: value.hue,
      select: false,
    };
    return { mode: 'gradient', angle: 90, stops: [a, b] };
  }
  const s = value.stops.find((x) => x.select) ?? value.stops[0];
  return { mode: 'solid', colour: { r: s.r, g: s.g, b: s.b, a: s.a }, hue: s.hue };
}

/** The saved-colours list after saving `entry`: newest first, no duplicates, at most `limit` (§9: 15). */
export function pushSaved(saved: readonly string[], entry: string, limit = 15): string[] {
  return [entry, ...saved.filter((s) => s !== entry)].slice(0, limit);
}
