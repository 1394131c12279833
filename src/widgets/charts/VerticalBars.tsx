/**
 * A small vertical-bars chart (spec §3 item chartData, §2 metric widget). Drawn as an image with a text
 * alternative listing the values, so the numbers are never only a picture.
 */
import { layoutVerticalBars } from './verticalBarsModel';
import { DEFAULT_CHART_COLOR } from './palette';

export interface VerticalBarsProps {
  values: readonly number[];
  /** Accessible name, e.g. "Requests per hour". */
  label: string;
  width?: number;
  height?: number;
  color?: string;
}

export function VerticalBars({
  values,
  label,
  width = 64,
  height = 24,
  color = DEFAULT_CHART_COLOR,
}: VerticalBarsProps) {
  const bars = layoutVerticalBars(values, width, height);
  const summary = `${label}: ${values.length ? values.join(', ') : 'no values'}`;
  return (
    <svg
      className="vertical-bars"
      role="img"
      aria-label={summary}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
    >
      {bars.map((b, i) => (
        // A 1 px floor keeps zero values visible as a baseline tick.
        <rect
          key={i}
          x={b.x}
          y={Math.min(b.y, height - 1)}
          width={b.width}
          height={Math.max(b.height, 1)}
          fill={color}
          rx={1}
        />
      ))}
    </svg>
  );
}
