/**
 * Pure maths of the range selector (spec §2, §4): move either end, move the whole window, re-centre it, keep a
 * minimum width and stay inside the bounds.
 */
import { scaleLinear } from 'd3-scale';

export type Range = readonly [number, number];
export interface RangeBounds {
  min: number;
  max: number;
  /** Smallest allowed width of the range (default 0). */
  minWidth?: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The largest usable minimum width (never wider than the bounds). */
function minWidthOf(b: RangeBounds): number {
  return clamp(b.minWidth ?? 0, 0, b.max - b.min);
}

/** A valid range: ordered, inside the bounds, at least `minWidth` wide. */
export function normaliseRange([a, b]: Range, bounds: RangeBounds): [number, number] {
  const w = minWidthOf(bounds);
  let start = clamp(Math.min(a, b), bounds.min, bounds.max);
  let end = clamp(Math.max(a, b), bounds.min, bounds.max);
  if (end - start < w) {
    end = Math.min(bounds.max, start + w);
    start = end - w;
  }
  return [start, end];
}

export function setStart(range: Range, value: number, bounds: RangeBounds): [number, number] {
  return [clamp(value, bounds.min, range[1] - minWidthOf(bounds)), range[1]];
}

export function setEnd(range: Range, value: number, bounds: RangeBounds): [number, number] {
  return [range[0], clamp(value, range[0] + minWidthOf(bounds), bounds.max)];
}

/** Shifts the whole window by `delta`, keeping its width, stopping at the bounds. */
export function moveBy(range: Range, delta: number, bounds: RangeBounds): [number, number] {
  const width = range[1] - range[0];
  const start = clamp(range[0] + delta, bounds.min, bounds.max - width);
  return [start, start + width];
}

/** Moves the window so its centre is at `centre` (as far as the bounds allow). */
export function centreAt(range: Range, centre: number, bounds: RangeBounds): [number, number] {
  const width = range[1] - range[0];
  return moveBy(range, centre - (range[0] + width / 2), bounds);
}

/** Pixel ↔ value mapping of a track `width` px wide. */
export function trackScale(bounds: RangeBounds, width: number) {
  return scaleLinear()
    .domain([bounds.min, bounds.max])
    .range([0, Math.max(1, width)])
    .clamp(true);
}

/** Position of `value` along the track, in percent. */
export function percentOf(value: number, bounds: RangeBounds): number {
  return bounds.max === bounds.min
    ? 0
    : ((clamp(value, bounds.min, bounds.max) - bounds.min) / (bounds.max - bounds.min)) * 100;
}

/** Rounds to the step grid (from `min`). */
export function snap(value: number, step: number, min: number): number {
  return step > 0 ? min + Math.round((value - min) / step) * step : value;
}
