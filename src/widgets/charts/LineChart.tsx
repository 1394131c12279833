/**
 * A reusable multi-series line chart (spec §2 live log report, §9 series colours and line tension). d3 computes
 * scales and curves (lineChartModel); React owns the SVG. It fills the width of its container (measured, and
 * followed as it changes), draws as many x labels as fit that width without touching, and shows the exact values
 * of the nearest point in a tooltip under the pointer. Series differ by colour and dash pattern, a legend names
 * them, and a visually hidden table carries the numbers for screen readers.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { lineChartModel, type LineChartModelOptions, type LineSeries } from './lineChartModel';
import { MAX_TIME_POINTS, resample, timeScaleError } from './timeScale';
import { useMeasuredWidth } from './useMeasuredWidth';
import './charts.css';

/** The model's options (margin, tension, curve, axes) plus what the drawing needs. */
export interface LineChartProps extends Omit<LineChartModelOptions, 'width' | 'height'> {
  /** Accessible name, shown as the caption unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  series: readonly LineSeries[];
  /**
   * Width of the drawing in px before it is measured (server render) or when `responsive` is off (default 640);
   * height in px (default 200).
   */
  width?: number;
  height?: number;
  /** Fill the container's width (default true). */
  responsive?: boolean;
  /** Tooltip and table labels; x values are numbers (timestamps in ms, indexes, …). */
  formatX?: (x: number) => string;
  formatY?: (y: number) => string;
  showLegend?: boolean;
  /** Draw a dot at each point (always drawn for one-point series). */
  showPoints?: boolean;
  emptyMessage?: string;
  /**
   * Time scale: draw one point per `step` (x units, ms for time) over `xDomain` (or the data's extent), each the mean
   * of the values in its step. A range needing more than `maxPoints` shows the §8 time-scale error instead.
   */
  step?: number;
  maxPoints?: number;
}

const plain = (n: number) => String(Math.round(n * 100) / 100);

export function LineChart({
  title,
  hideTitle = false,
  series: givenSeries,
  width: givenWidth = 640,
  height = 200,
  responsive = true,
  xType,
  formatXTick,
  margin,
  tension,
  curve,
  yMin,
  xDomain,
  xTicks,
  yTicks,
  formatX = plain,
  formatY = plain,
  showLegend = true,
  showPoints = false,
  emptyMessage = 'No data currently available',
  step,
  maxPoints = MAX_TIME_POINTS,
}: LineChartProps) {
  const titleId = useId();
  const clipId = `${useId()}clip`;
  const figureRef = useRef<HTMLElement>(null);
  const measured = useMeasuredWidth(figureRef, responsive);
  const width = responsive && measured ? measured : givenWidth;
  const [hover, setHover] = useState<number | null>(null);
  const [byKey, setByKey] = useState(false);
  const scale = useMemo(() => {
    if (step === undefined) return { series: givenSeries, error: null };
    const xs = givenSeries.flatMap((s) => s.points.map((p) => p.x)).filter(Number.isFinite);
    const range: [number, number] = xDomain ? [xDomain[0], xDomain[1]] : [Math.min(...xs), Math.max(...xs)];
    const error = xs.length || xDomain ? timeScaleError(range, step, maxPoints) : null;
    return {
      error,
      series: error ? [] : givenSeries.map((s) => ({ ...s, points: resample(s.points, step, range[0]) })),
    };
  }, [givenSeries, step, xDomain, maxPoints]);
  // The drawn series: as given, or re-sampled to the step.
  const series = scale.series;
  // Axis labels: as asked, else short times on a time axis (the model's), else the tooltip's format.
  const tickFormat = formatXTick ?? (xType === 'time' ? undefined : formatX);
  const model = useMemo(
    () =>
      lineChartModel(series, {
        width,
        height,
        margin,
        tension,
        curve,
        yMin,
        xDomain,
        xTicks,
        yTicks,
        xType,
        formatXTick: tickFormat,
      }),
    [series, width, height, margin, tension, curve, yMin, xDomain, xTicks, yTicks, xType, tickFormat],
  );
  const { margin: m } = model;
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  // Plot position of each x value, for the tooltip.
  const columns = useMemo(() => {
    const at = new Map<number, number>();
    for (const s of model.series) for (const p of s.points) at.set(p.value.x, p.x);
    return [...at].map(([value, x]) => ({ value, x })).sort((a, b) => a.x - b.x);
  }, [model]);
  const hovered = hover === null ? null : (columns.find((c) => c.value === hover) ?? null);
  const onHover = (e: MouseEvent<SVGSVGElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    if (!rect.width || columns.length === 0 || !Number.isFinite(e.clientX)) return;
    const px = ((e.clientX - rect.left) * width) / rect.width - m.left;
    let best = columns[0];
    for (const c of columns) if (Math.abs(c.x - px) < Math.abs(best.x - px)) best = c;
    setHover(best.value);
    setByKey(false);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (columns.length === 0) return;
    const at = columns.findIndex((c) => c.value === hover);
    const last = columns.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? at < 0
          ? last
          : Math.min(last, at + 1)
        : e.key === 'ArrowLeft'
          ? at < 0
            ? last
            : Math.max(0, at - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (e.key === 'Escape' && hover !== null) {
      e.stopPropagation();
      setHover(null);
      return;
    }
    if (next === null) return;
    e.preventDefault();
    setHover(columns[next].value);
    setByKey(true);
  };

  return (
    <figure ref={figureRef} className="line-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className={hideTitle ? 'visually-hidden' : 'chart__title'}>
        {title}
      </figcaption>
      {scale.error ? (
        <p className="chart__error" role="alert">
          {scale.error}
        </p>
      ) : model.empty ? (
        <p className="chart__empty">{emptyMessage}</p>
      ) : (
        // The plot takes the keyboard too: arrow keys (Home, End) step through the samples and show the same tooltip,
        // whose text is also announced; Escape hides it.
        <div
          className="line-chart__plot"
          tabIndex={0}
          role="group"
          aria-label={`${title}: the arrow keys read the values`}
          onKeyDown={onKey}
          onBlur={() => {
            setHover(null);
            setByKey(false);
          }}
        >
          <svg
            className="line-chart__svg"
            viewBox={`0 0 ${width} ${height}`}
            width="100%"
            // Responsive: always its own height, also before it is measured (no jump when the width arrives).
            style={responsive ? { height } : { maxWidth: width }}
            aria-hidden="true"
            focusable="false"
            onMouseMove={onHover}
            onMouseLeave={() => setHover(null)}
          >
            <defs>
              <clipPath id={clipId}>
                <rect x={0} y={0} width={model.innerWidth} height={model.innerHeight} />
              </clipPath>
            </defs>
            <g transform={`translate(${m.left},${m.top})`}>
              {model.yTicks.map((t) => (
                <g key={`y${t.value}`} transform={`translate(0,${t.y})`}>
                  <line className="chart__grid" x1={0} x2={model.innerWidth} />
                  <text className="chart__tick" x={-6} dy="0.32em" textAnchor="end">
                    {formatY(t.value)}
                  </text>
                </g>
              ))}
              {model.xTicks.map((t) => (
                <text
                  key={`x${t.value}`}
                  className="chart__tick"
                  x={t.x}
                  y={model.innerHeight + 16}
                  textAnchor={t.anchor}
                >
                  {t.label}
                </text>
              ))}
              <line
                className="chart__axis"
                x1={0}
                x2={model.innerWidth}
                y1={model.innerHeight}
                y2={model.innerHeight}
              />
              <g clipPath={`url(#${clipId})`}>
                {model.series.map((s) => (
                  <g key={s.id} data-series={s.id}>
                    {s.d ? (
                      <path
                        d={s.d}
                        fill="none"
                        stroke={s.color}
                        strokeWidth={2}
                        strokeDasharray={s.dash}
                        strokeLinejoin="round"
                        strokeLinecap="round"
                      />
                    ) : null}
                    {showPoints || s.points.length === 1
                      ? s.points.map((p, i) => <circle key={i} cx={p.x} cy={p.y} r={3} fill={s.color} />)
                      : null}
                  </g>
                ))}
              </g>
              {hovered ? (
                <g className="chart__hover">
                  <line x1={hovered.x} x2={hovered.x} y1={0} y2={model.innerHeight} />
                  {model.series.map((s) => {
                    const p = s.points.find((q) => q.value.x === hovered.value);
                    return p ? <circle key={s.id} cx={p.x} cy={p.y} r={4} fill={s.color} /> : null;
                  })}
                </g>
              ) : null}
              {/* Catches the pointer over the whole plot, not only over the lines. */}
              <rect
                className="chart__hit"
                x={0}
                y={0}
                width={model.innerWidth}
                height={model.innerHeight}
                fill="transparent"
              />
            </g>
          </svg>
        </div>
      )}
      {byKey && hovered ? (
        <p className="visually-hidden" role="status">
          {[
            formatX(hovered.value),
            ...model.series.flatMap((s) => {
              const p = s.points.find((q) => q.value.x === hovered.value);
              return p ? [`${s.name} ${formatY(p.value.y)}`] : [];
            }),
          ].join(', ')}
        </p>
      ) : null}
      {hovered && !scale.error && !model.empty ? (
        <div
          className={`chart__tooltip${hovered.x > model.innerWidth / 2 ? ' chart__tooltip--left' : ''}`}
          style={{ left: `${((m.left + hovered.x) / width) * 100}%` }}
          aria-hidden="true"
        >
          <div className="chart__tooltip-x">{formatX(hovered.value)}</div>
          {model.series.map((s) => {
            const p = s.points.find((q) => q.value.x === hovered.value);
            return p ? (
              <div key={s.id} className="chart__tooltip-row">
                <span className="chart__swatch" style={{ background: s.color }} />
                <span>{s.name}</span>
                <span className="chart__tooltip-value">{formatY(p.value.y)}</span>
              </div>
            ) : null;
          })}
        </div>
      ) : null}
      {showLegend && series.length > 0 ? (
        <ul className="chart__legend" aria-label="Legend">
          {model.series.map((s) => (
            <li key={s.id}>
              <svg width="24" height="8" aria-hidden="true" focusable="false">
                <line
                  x1="0"
                  x2="24"
                  y1="4"
                  y2="4"
                  stroke={s.color}
                  strokeWidth={3}
                  strokeDasharray={s.dash}
                />
              </svg>
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      {!model.empty ? (
        <table className="visually-hidden">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">x</th>
              {series.map((s) => (
                <th key={s.id} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {xs.map((x) => (
              <tr key={x}>
                <th scope="row">{formatX(x)}</th>
                {series.map((s) => {
                  const p = s.points.find((q) => q.x === x);
                  return <td key={s.id}>{p ? formatY(p.y) : '—'}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </figure>
  );
}
