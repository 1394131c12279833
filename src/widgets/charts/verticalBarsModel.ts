/**
 * Layout of a small vertical-bars chart; pure. Plain arithmetic on purpose: this chart sits in data-table cells, and
 * importing d3-scale for a band and a linear map would add about 11 KB gzip to every table page.
 */
export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
}

/** Bars for `values` in a `width` × `height` box; negative and non-finite values draw as 0; all-zero draws flat. */
export function layoutVerticalBars(
  values: readonly number[],
  width: number,
  height: number,
  padding = 0.2,
): BarRect[] {
  const clean = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const n = clean.length;
  if (n === 0) return [];
  // n bars and n − 1 gaps, each gap `padding` × a bar's width, filling the width exactly.
  const band = width / (n + padding * (n - 1));
  const gap = band * padding;
  const max = Math.max(0, ...clean) || 1;
  return clean.map((v, i) => {
    const h = (v / max) * height;
    return { x: i * (band + gap), y: height - h, width: band, height: h, value: v };
  });
}
