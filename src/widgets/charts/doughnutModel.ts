/** Arcs of a doughnut chart (d3-shape pie and arc); pure. */
import { arc, pie } from 'd3-shape';
import { DOUGHNUT_DEFAULT_COLOR, seriesColor } from './palette';

export interface DoughnutSegment {
  name: string;
  value: number;
  color?: string;
}

export interface DoughnutArc {
  name: string;
  value: number;
  color: string;
  d: string;
  /** Share of the total, 0–100. */
  percent: number;
}

/** Segment colour: its own, else rgb 116/179/32 for the first (§3) and the §9 series colours after it. */
export function segmentColor(segment: DoughnutSegment, index: number): string {
  return segment.color ?? (index === 0 ? DOUGHNUT_DEFAULT_COLOR : seriesColor(index));
}

export function doughnutArcs(
  segments: readonly DoughnutSegment[],
  size: number,
  thickness: number,
): DoughnutArc[] {
  const clean = segments.map((s) => ({ ...s, value: Number.isFinite(s.value) && s.value > 0 ? s.value : 0 }));
  const total = clean.reduce((sum, s) => sum + s.value, 0);
  if (total === 0) return [];
  const outer = size / 2;
  const inner = Math.max(0, outer - thickness);
  const layout = pie<(typeof clean)[number]>()
    .value((s) => s.value)
    .sort(null)(clean);
  const shape = arc<(typeof layout)[number]>()
    .innerRadius(inner)
    .outerRadius(outer)
    .padAngle(clean.filter((s) => s.value > 0).length > 1 ? 0.015 : 0);
  return layout.map((a, i) => ({
    name: a.data.name,
    value: a.data.value,
    color: segmentColor(segments[i], i),
    d: shape(a) ?? '',
    percent: (a.data.value / total) * 100,
  }));
}
