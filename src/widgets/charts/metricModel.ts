/**
 * Pure parts of the metric widget (spec §2, §4, §9): the value animation step, horizontal extended bars and the
 * classification list.
 */
export const METRIC_ANIMATION_STEP_MS = 100; // §9 metric animation step 100 ms
/** Not in the spec: how many 100 ms steps an animation takes (1 s in all). */
export const METRIC_ANIMATION_STEPS = 10;
export const HORIZONTAL_BARS_DEFAULT = 3; // §9 horizontal bars default 3
export const HORIZONTAL_BAR_MAX_PERCENT = 90; // §9 bar width = value / maximum × 90 %
export const CLASSIFICATION_MAX = 5; // §9 classification chart max 5 items

export interface ChartValueItem {
  name: string;
  value: number;
  unit?: string;
  /** Image URL shown before the name (decorative; the name is the text). */
  image?: string;
  /** Optional text shown instead of the formatted value. */
  label?: string;
}

/** Size of each animation step from `from` to `to`. */
export function animationStep(from: number, to: number, steps = METRIC_ANIMATION_STEPS): number {
  return Math.abs(to - from) / Math.max(1, steps);
}

/** One 100 ms tick: move `current` toward `target` by `step`, clamped so it never passes the target. */
export function nextAnimatedValue(current: number, target: number, step: number): number {
  if (!Number.isFinite(current) || !Number.isFinite(target) || step <= 0) return target;
  if (current < target) return Math.min(target, current + step);
  if (current > target) return Math.max(target, current - step);
  return target;
}

/** Every value shown from `from` to `to`, one per tick (the first tick is the first value after `from`). */
export function animationFrames(from: number, to: number, steps = METRIC_ANIMATION_STEPS): number[] {
  const step = animationStep(from, to, steps);
  const frames: number[] = [];
  let v = from;
  while (v !== to && frames.length <= steps + 1) {
    v = nextAnimatedValue(v, to, step);
    frames.push(v);
  }
  return frames;
}

/** Shown value: whole numbers when the target is whole, otherwise two decimals at most. */
export function displayValue(value: number, target: number): string {
  if (Number.isInteger(target)) return String(Math.round(value));
  return String(Math.round(value * 100) / 100);
}

export interface HorizontalBar {
  item: ChartValueItem;
  /** Bar width in percent of the track: value / maximum × 90 %. */
  widthPercent: number;
}

export function horizontalBars(
  items: readonly ChartValueItem[],
  count = HORIZONTAL_BARS_DEFAULT,
): HorizontalBar[] {
  const shown = items.slice(0, Math.max(0, count));
  const max = Math.max(0, ...shown.map((i) => (Number.isFinite(i.value) ? i.value : 0)));
  return shown.map((item) => ({
    item,
    widthPercent:
      max > 0 && Number.isFinite(item.value) && item.value > 0
        ? (item.value * HORIZONTAL_BAR_MAX_PERCENT) / max
        : 0,
  }));
}

/** The top items by value, at most 5 (spec §9). */
export function classification(
  items: readonly ChartValueItem[],
  count = CLASSIFICATION_MAX,
): ChartValueItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (b.item.value || 0) - (a.item.value || 0) || a.index - b.index)
    .slice(0, Math.min(CLASSIFICATION_MAX, Math.max(0, count)))
    .map((x) => x.item);
}

export function formatItemValue(item: ChartValueItem): string {
  return item.label ?? `${item.value}${item.unit ? ` ${item.unit}` : ''}`;
}
