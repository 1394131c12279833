/** Layout of a small vertical-bars chart (d3 does the maths; the component only draws). */
import { scaleBand, scaleLinear } from 'd3-scale';

export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
}

/** Bars for `values` in a `width` × `height` box; negative and non-finite values draw as 0; all-zero draws flat. */
export function layoutVerticalBars(values: readonly number[], width: number, height: number, padding = 0.2): BarRect[] {
  const clean = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const x = scaleBand<number>().domain(clean.map((_, i) => i)).range([0, width]).paddingInner(padding);
  const max = Math.max(0, ...clean);
  const y = scaleLinear().domain([0, max || 1]).range([height, 0]);
  return clean.map((v, i) => {
    const top = y(v);
    return { x: x(i) ?? 0, y: top, width: x.bandwidth(), height: height - top, value: v };
  });
}
