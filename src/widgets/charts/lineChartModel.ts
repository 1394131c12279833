/**
 * The maths of a multi-series line chart (d3-scale, d3-shape); pure, so it is tested without a DOM. React draws it.
 * `tension` follows the usual charting meaning: 0 draws straight segments, 1 the roundest curve (the log report
 * uses 0.5, spec §9). It maps to d3's `curveCardinal.tension(1 − tension)` or `curveBundle.beta(tension)`.
 */
import { extent, max, min } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { curveBundle, curveCardinal, line, type CurveFactory, type CurveFactoryLineOnly } from 'd3-shape';
import { seriesColor } from './palette';
import { fitTicks, formatTimeTick, timeTickValues, type TickLabel } from './axisTicks';

export interface LinePoint {
  x: number;
  y: number;
}

export interface LineSeries {
  id: string;
  name: string;
  points: readonly LinePoint[];
  /** Defaults to the §9 series colour for its position. */
  color?: string;
}

export type LineCurve = 'cardinal' | 'bundle';

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface LineChartModelOptions {
  width: number;
  height: number;
  margin?: Margin;
  /** 0 straight … 1 roundest (default 0.5, §9). */
  tension?: number;
  curve?: LineCurve;
  /** Lower bound of the y axis (default 0, as charts of counts expect); `null` fits the data. */
  yMin?: number | null;
  /** Fixed x range; defaults to the data's extent. */
  xDomain?: readonly [number, number];
  /** The most x ticks wanted; fewer are drawn when their labels would not fit the width. */
  xTicks?: number;
  yTicks?: number;
  /** `time`: x values are millisecond timestamps, ticked at whole minutes, hours and days. */
  xType?: 'linear' | 'time';
  /** The x-axis label of a tick (default: a short time for `time` axes, else the number). */
  formatXTick?: (x: number) => string;
}

export interface SeriesPath {
  id: string;
  name: string;
  color: string;
  /** SVG path data; empty when the series has fewer than two points. */
  d: string;
  /** Dash pattern so series differ by more than colour. */
  dash: string | undefined;
  points: { x: number; y: number; value: LinePoint }[];
}

/** Without any finite point the model is `empty`: its series have no path or points and there are no ticks. */
export interface LineChartModel {
  innerWidth: number;
  innerHeight: number;
  margin: Margin;
  series: SeriesPath[];
  /** Labelled x ticks, as many as fit the width without touching. */
  xTicks: TickLabel[];
  yTicks: { value: number; y: number }[];
  empty: boolean;
}

export const DEFAULT_MARGIN: Margin = { top: 10, right: 12, bottom: 24, left: 36 };
export const DEFAULT_TENSION = 0.5; // §9 line tension 0.5

/** Dash patterns by series index: solid, dashed, dotted, dash-dot, long dash. */
export const SERIES_DASHES: readonly (string | undefined)[] = [undefined, '6 3', '2 3', '8 3 2 3', '12 4'];

export function clampTension(tension: number): number {
  return Number.isFinite(tension) ? Math.max(0, Math.min(1, tension)) : DEFAULT_TENSION;
}

export function curveFor(curve: LineCurve, tension: number): CurveFactory | CurveFactoryLineOnly {
  const t = clampTension(tension);
  return curve === 'bundle' ? curveBundle.beta(t) : curveCardinal.tension(1 - t);
}

export function lineChartModel(
  series: readonly LineSeries[],
  options: LineChartModelOptions,
): LineChartModel {
  const margin = options.margin ?? DEFAULT_MARGIN;
  const innerWidth = Math.max(0, options.width - margin.left - margin.right);
  const innerHeight = Math.max(0, options.height - margin.top - margin.bottom);
  const all = series.flatMap((s) => s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)));
  const empty = all.length === 0;
  // Nothing to draw: no scales, paths or ticks (a server render of a chart still waiting for data is common).
  if (empty)
    return {
      innerWidth,
      innerHeight,
      margin,
      empty,
      series: series.map((s, i) => ({
        id: s.id,
        name: s.name,
        color: s.color ?? seriesColor(i),
        dash: SERIES_DASHES[i % SERIES_DASHES.length],
        d: '',
        points: [],
      })),
      xTicks: [],
      yTicks: [],
    };

  const [x0, x1] = options.xDomain ?? (extent(all, (p) => p.x) as [number | undefined, number | undefined]);
  const xLo = x0 ?? 0;
  const xHi = x1 === undefined || x1 === xLo ? xLo + 1 : x1;
  const yData = [min(all, (p) => p.y) ?? 0, max(all, (p) => p.y) ?? 1];
  const yLo = options.yMin === null ? yData[0] : Math.min(options.yMin ?? 0, yData[0]);
  const yHi = yData[1] > yLo ? yData[1] : yLo + 1;

  const x = scaleLinear().domain([xLo, xHi]).range([0, innerWidth]);
  const y = scaleLinear()
    .domain([yLo, yHi])
    .range([innerHeight, 0])
    .nice(options.yTicks ?? 4);

  const path = line<LinePoint>()
    .x((p) => x(p.x))
    .y((p) => y(p.y))
    .curve(curveFor(options.curve ?? 'cardinal', options.tension ?? DEFAULT_TENSION));

  return {
    innerWidth,
    innerHeight,
    margin,
    empty,
    series: series.map((s, i) => {
      const pts = s.points
        .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y))
        .slice()
        .sort((a, b) => a.x - b.x);
      return {
        id: s.id,
        name: s.name,
        color: s.color ?? seriesColor(i),
        dash: SERIES_DASHES[i % SERIES_DASHES.length],
        d: pts.length >= 2 ? (path(pts) ?? '') : '',
        points: pts.map((p) => ({ x: x(p.x), y: y(p.y), value: p })),
      };
    }),
    xTicks: fitTicks({
      ticks: (count) => {
        const n = Math.min(count, options.xTicks ?? Infinity);
        return options.xType === 'time' ? timeTickValues([xLo, xHi], n) : x.ticks(n);
      },
      position: (v) => x(v),
      format:
        options.formatXTick ??
        (options.xType === 'time'
          ? (v) => formatTimeTick(v, xHi - xLo)
          : (v) => String(Math.round(v * 100) / 100)),
      bounds: [-margin.left, innerWidth + margin.right],
    }),
    yTicks: y.ticks(options.yTicks ?? 4).map((value) => ({ value, y: y(value) })),
  };
}
