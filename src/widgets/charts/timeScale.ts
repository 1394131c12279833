/**
 * A chart's time scale (spec §8): a range drawn at a chosen step (one point per step) has a ceiling on its points; a
 * range too large for its step is an error the chart shows instead of drawing. Pure, for tests.
 */

/** Most points a chart draws along its x axis. */
export const MAX_TIME_POINTS = 500;

const UNITS: Array<[number, string]> = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** "5 minutes", "1 hour", "90 seconds": the step in the largest unit that divides it. */
export function formatStep(stepMs: number): string {
  for (const [size, unit] of UNITS) {
    if (stepMs >= size && stepMs % size === 0) {
      const n = stepMs / size;
      return `${n} ${unit}${n === 1 ? '' : 's'}`;
    }
  }
  return `${stepMs} ms`;
}

/** The §8 time-scale error of `range` (ms) drawn every `stepMs`, or null when it fits. */
export function timeScaleError(
  range: readonly [number, number],
  stepMs: number,
  maxPoints = MAX_TIME_POINTS,
): string | null {
  const span = Math.abs(range[1] - range[0]);
  if (!(stepMs > 0) || !Number.isFinite(span)) return null;
  const points = Math.ceil(span / stepMs);
  if (points <= maxPoints) return null;
  return (
    `The range is too large for the step: one point every ${formatStep(stepMs)} needs ${points} points, ` +
    `at most ${maxPoints} can be drawn. Choose a shorter range or a longer step.`
  );
}

/**
 * Points re-sampled to one per step: the mean of the values in each step-wide bucket (from `origin`), placed at the
 * bucket's end. Steps without a value are left out (the line joins its neighbours).
 */
export function resample(
  points: ReadonlyArray<{ x: number; y: number }>,
  stepMs: number,
  origin: number,
): Array<{ x: number; y: number }> {
  if (!(stepMs > 0)) return points.map((p) => ({ x: p.x, y: p.y }));
  const buckets = new Map<number, { sum: number; n: number }>();
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    const k = Math.ceil((p.x - origin) / stepMs);
    const b = buckets.get(k) ?? { sum: 0, n: 0 };
    b.sum += p.y;
    b.n += 1;
    buckets.set(k, b);
  }
  return [...buckets].sort(([a], [b]) => a - b).map(([k, b]) => ({ x: origin + k * stepMs, y: b.sum / b.n }));
}
