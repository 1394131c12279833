/**
 * The small line chart of recent event counts above the log table (spec §2, §9: last 10 metric entries, line
 * tension 0.5, default colour). d3 does the maths; React draws the SVG.
 */
import { memo, useMemo } from 'react';
import { scaleLinear } from 'd3-scale';
import { curveCardinal, line } from 'd3-shape';
import type { MetricEntry } from '../../../store/slices/logReport.slice';
import { LOG_CHART_DEFAULT_COLOUR, LOG_CHART_TENSION } from './constants';

export interface EventsChartProps {
  metrics: readonly MetricEntry[];
  /** Number of points the x axis spans (the most recent ones fill it from the right). */
  slots?: number;
  width?: number;
  height?: number;
  colour?: string;
}

const PAD = 4;

/** The SVG path of the counts, right-aligned in `slots` positions. Pure, for tests. */
export function eventsPath(counts: readonly number[], slots: number, width: number, height: number): string {
  if (counts.length === 0) return '';
  const x = scaleLinear().domain([0, Math.max(1, slots - 1)]).range([PAD, width - PAD]);
  const y = scaleLinear().domain([0, Math.max(1, ...counts)]).range([height - PAD, PAD]);
  const offset = slots - counts.length;
  const path = line<number>()
    .x((_, i) => x(i + offset))
    .y((c) => y(c))
    .curve(curveCardinal.tension(LOG_CHART_TENSION));
  return path(counts as number[]) ?? '';
}

export const EventsChart = memo(function EventsChart({
  metrics,
  slots = 10,
  width = 240,
  height = 48,
  colour = LOG_CHART_DEFAULT_COLOUR,
}: EventsChartProps) {
  const counts = useMemo(() => metrics.map((m) => m.count), [metrics]);
  const d = useMemo(() => eventsPath(counts, slots, width, height), [counts, slots, width, height]);
  const latest = counts.at(-1) ?? 0;
  const peak = counts.length ? Math.max(...counts) : 0;
  const label = counts.length
    ? `Events per second over the last ${counts.length} seconds: latest ${latest}, peak ${peak}`
    : 'Events per second: no measurement yet';
  return (
    <figure className="log-report__chart">
      <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        <line x1={PAD} x2={width - PAD} y1={height - PAD} y2={height - PAD} className="log-report__chart-axis" />
        {d && <path d={d} fill="none" stroke={colour} strokeWidth={2} strokeLinejoin="round" />}
      </svg>
      <figcaption>
        <span className="log-report__chart-value">{latest}</span> events/s
      </figcaption>
    </figure>
  );
});
