/**
 * The small line chart of recent event counts above the log table (spec §2, §9: last 10 metric entries, one point
 * per padding interval, default chart colour, line tension 0.5), drawn by the shared LineChart widget.
 */
import { memo, useMemo } from 'react';
import { LineChart } from '../../../widgets/charts/LineChart';
import { DEFAULT_TENSION, type LineSeries } from '../../../widgets/charts/lineChartModel';
import { DEFAULT_CHART_COLOR } from '../../../widgets/charts/palette';
import type { MetricEntry } from '../../../store/slices/logReport.slice';

export interface EventsChartProps {
  metrics: readonly MetricEntry[];
  width?: number;
  height?: number;
}

const MARGIN = { top: 8, right: 28, bottom: 20, left: 36 };
const two = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number) => {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};
const count = (n: number) => String(Math.round(n));

/** The metric entries as the chart's one series. Pure, for tests. */
export function eventsSeries(metrics: readonly MetricEntry[]): LineSeries[] {
  return [
    {
      id: 'events',
      name: 'Events per second',
      color: DEFAULT_CHART_COLOR,
      points: metrics.map((m) => ({ x: m.time, y: m.count })),
    },
  ];
}

export const EventsChart = memo(function EventsChart({
  metrics,
  width = 320,
  height = 96,
}: EventsChartProps) {
  const series = useMemo(() => eventsSeries(metrics), [metrics]);
  const latest = metrics.at(-1)?.count ?? 0;
  return (
    <div className="log-report__chart">
      <LineChart
        title="Recent events per second"
        hideTitle
        series={series}
        width={width}
        height={height}
        margin={MARGIN}
        tension={DEFAULT_TENSION}
        xTicks={2}
        yTicks={3}
        formatX={clock}
        formatY={count}
        showLegend={false}
        emptyMessage="Counting events…"
      />
      <p className="log-report__chart-caption">
        <span className="log-report__chart-value">{latest}</span> events/s
      </p>
    </div>
  );
});
