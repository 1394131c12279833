/** A small curved line (metric widget "curved-line"), drawn with the line chart's maths, tension 0.5 (§9). */
import { lineChartModel } from './lineChartModel';
import { DEFAULT_CHART_COLOR } from './palette';

export function Sparkline({
  values,
  label,
  width = 160,
  height = 40,
  color = DEFAULT_CHART_COLOR,
  max,
}: {
  values: readonly number[];
  label: string;
  width?: number;
  height?: number;
  color?: string;
  /** The top of the scale (e.g. 100 for a percentage); by default the largest value. */
  max?: number;
}) {
  const line = { id: 's', name: label, points: values.map((y, x) => ({ x, y })), color };
  // A fixed top is an undrawn point at that height: the model's scale spans every series given.
  const ceiling = max === undefined ? [] : [{ id: 'max', name: 'max', points: [{ x: 0, y: max }], color }];
  const model = lineChartModel([line, ...ceiling], {
    width,
    height,
    margin: { top: 3, right: 3, bottom: 3, left: 3 },
  });
  const s = model.series[0];
  return (
    <svg
      className="sparkline"
      role="img"
      aria-label={`${label}: ${values.length ? values.join(', ') : 'no values'}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
    >
      <g transform="translate(3,3)">
        {s.d ? <path d={s.d} fill="none" stroke={s.color} strokeWidth={2} strokeLinecap="round" /> : null}
        {s.points.length === 1 ? (
          <circle cx={s.points[0].x} cy={s.points[0].y} r={2.5} fill={s.color} />
        ) : null}
      </g>
    </svg>
  );
}
