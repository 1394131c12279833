/**
 * The doughnut chart (spec §2, §3): segments around a ring with an optional summary value and sub-value in the
 * middle; default colour rgb 116/179/32. A legend lists each segment's name, value and share as text.
 */
import { doughnutArcs, type DoughnutSegment } from './doughnutModel';
import './charts.css';

export interface DoughnutChartProps {
  title: string;
  hideTitle?: boolean;
  segments: readonly DoughnutSegment[];
  summaryValue?: string | number;
  summarySubValue?: string;
  size?: number;
  thickness?: number;
  showLegend?: boolean;
  formatValue?: (value: number) => string;
  emptyMessage?: string;
}

export function DoughnutChart({
  title,
  hideTitle = false,
  segments,
  summaryValue,
  summarySubValue,
  size = 160,
  thickness = 22,
  showLegend = true,
  formatValue = String,
  emptyMessage = 'No data currently available',
}: DoughnutChartProps) {
  const arcs = doughnutArcs(segments, size, thickness);
  const r = size / 2;
  const summary = [summaryValue, summarySubValue].filter((v) => v !== undefined && v !== '').join(' ');
  return (
    <figure className="doughnut-chart" aria-label={summary ? `${title}: ${summary}` : title}>
      <figcaption className={hideTitle ? 'visually-hidden' : 'chart__title'}>{title}</figcaption>
      <div className="doughnut-chart__ring" style={{ width: size, height: size }}>
        <svg
          width={size}
          height={size}
          viewBox={`${-r} ${-r} ${size} ${size}`}
          aria-hidden="true"
          focusable="false"
        >
          <circle r={r - thickness / 2} fill="none" stroke="var(--color-surface-2)" strokeWidth={thickness} />
          {arcs.map((a) => (
            <path key={a.name} d={a.d} fill={a.color} />
          ))}
        </svg>
        {summaryValue !== undefined || summarySubValue ? (
          <div className="doughnut-chart__summary" aria-hidden="true">
            {summaryValue !== undefined ? (
              <span className="doughnut-chart__value">{summaryValue}</span>
            ) : null}
            {summarySubValue ? <span className="doughnut-chart__sub">{summarySubValue}</span> : null}
          </div>
        ) : null}
      </div>
      {arcs.length === 0 ? <p className="chart__empty">{emptyMessage}</p> : null}
      {showLegend && arcs.length > 0 ? (
        <ul className="chart__legend chart__legend--column" aria-label={`${title} legend`}>
          {arcs.map((a) => (
            <li key={a.name}>
              <span className="chart__swatch" style={{ background: a.color }} aria-hidden="true" />
              <span>{a.name}</span>
              <span className="chart__legend-value">
                {formatValue(a.value)} ({Math.round(a.percent)} %)
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
