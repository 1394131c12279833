/**
 * X-axis labels that never overlap: how many ticks an axis gets follows the pixels it has (the measured width of
 * the chart) and the width of its labels, not a fixed count. Label widths are estimated from their length at the
 * tick font (11 px), which keeps the model pure and testable without a browser; the estimate errs wide.
 */
import { scaleTime } from 'd3-scale';

/** Average advance of a character of the 11 px tick font, rounded up (digits and Latin letters). */
export const TICK_CHAR_WIDTH_PX = 7;
/** The least free space between two neighbouring labels. */
export const TICK_LABEL_GAP_PX = 16;

export interface TickLabel {
  value: number;
  /** Position of the tick in the plot (0 … inner width). */
  x: number;
  label: string;
  /** How the label's text is anchored at `x` (the outermost labels turn inwards instead of being cut off). */
  anchor: 'start' | 'middle' | 'end';
  /** The label's box, in plot coordinates. */
  left: number;
  right: number;
}

export function estimateLabelWidth(label: string, charWidth = TICK_CHAR_WIDTH_PX): number {
  return Math.ceil(label.length * charWidth);
}

/** Places a label centred on its tick, or anchored inwards when centring would leave `[minX, maxX]`. */
export function placeLabel(
  value: number,
  x: number,
  label: string,
  [minX, maxX]: readonly [number, number],
  charWidth = TICK_CHAR_WIDTH_PX,
): TickLabel {
  const w = estimateLabelWidth(label, charWidth);
  if (x - w / 2 < minX) return { value, x, label, anchor: 'start', left: x, right: x + w };
  if (x + w / 2 > maxX) return { value, x, label, anchor: 'end', left: x - w, right: x };
  return { value, x, label, anchor: 'middle', left: x - w / 2, right: x + w / 2 };
}

/** True when every label is inside the bounds and at least `gap` pixels from the next one. */
export function labelsFit(
  labels: readonly TickLabel[],
  [minX, maxX]: readonly [number, number],
  gap: number,
) {
  return labels.every(
    (l, i) =>
      l.left >= minX - 0.5 && l.right <= maxX + 0.5 && (i === 0 || labels[i - 1].right + gap <= l.left + 0.5),
  );
}

export interface FitTicksOptions {
  /** Tick values for about `count` ticks (d3's `scale.ticks`). */
  ticks: (count: number) => readonly number[];
  /** Plot position of a value. */
  position: (value: number) => number;
  format: (value: number) => string;
  /** Where labels may be drawn, in plot coordinates (the plot plus its side margins). */
  bounds: readonly [number, number];
  charWidth?: number;
  gap?: number;
}

/**
 * The most ticks whose labels fit side by side: starts from as many as the width could hold and asks for fewer
 * until they fit; as a last resort keeps every label that does not touch the one kept before it.
 */
export function fitTicks({
  ticks,
  position,
  format,
  bounds,
  charWidth = TICK_CHAR_WIDTH_PX,
  gap = TICK_LABEL_GAP_PX,
}: FitTicksOptions): TickLabel[] {
  const width = bounds[1] - bounds[0];
  const place = (values: readonly number[]) =>
    [...new Set(values)]
      .map((v) => ({ v, x: position(v) }))
      .filter(({ x }) => Number.isFinite(x))
      .sort((a, b) => a.x - b.x)
      .map(({ v, x }) => placeLabel(v, x, format(v), bounds, charWidth));
  const sample = ticks(2).map(format);
  const widest = Math.max(1, ...sample.map((s) => estimateLabelWidth(s, charWidth)));
  const most = Math.max(1, Math.floor(width / (widest + gap)));
  let last: TickLabel[] = [];
  for (let count = most; count >= 1; count -= 1) {
    last = place(ticks(count));
    if (labelsFit(last, bounds, gap)) return last;
  }
  const kept: TickLabel[] = [];
  for (const label of last) {
    const prev = kept.at(-1);
    if (labelsFit([label], bounds, gap) && (!prev || prev.right + gap <= label.left)) kept.push(label);
  }
  return kept;
}

/** Nice local-time tick values (whole minutes, hours, days…) for a millisecond range. */
export function timeTickValues(domain: readonly [number, number], count: number): number[] {
  return scaleTime()
    .domain([new Date(domain[0]), new Date(domain[1])])
    .ticks(count)
    .map((d) => d.getTime());
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A short time-axis label for a tick in a range of `spanMs`: "14:30" within a day or two (the date, "3 Feb", at
 * midnight), "3 Feb" for whole days over longer ranges, "3 Feb 12:00" for the hours in between.
 */
export function formatTimeTick(value: number, spanMs: number): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getDate()} ${MONTHS[d.getMonth()]}`;
  const midnight = d.getHours() === 0 && d.getMinutes() === 0;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (spanMs <= 2 * 86_400_000) return midnight ? day : time;
  return midnight ? day : `${day} ${time}`;
}
