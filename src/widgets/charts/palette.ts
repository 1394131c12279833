/** Chart colours of spec §9 and §3. */

/** §9 log report series colours, in the order series take them. */
export const SERIES_COLORS = ['#76b100', '#ed332e', '#ffbf00', '#f78744', '#196ecd'] as const; // green, red, amber, orange, blue

/** §9 default chart colour. */
export const DEFAULT_CHART_COLOR = '#76b100';

/** §3 doughnut default colour rgb 116/179/32. */
export const DOUGHNUT_DEFAULT_COLOR = 'rgb(116, 179, 32)';

/** Colour of series `index` (cycles through the palette). */
export function seriesColor(index: number): string {
  return SERIES_COLORS[((index % SERIES_COLORS.length) + SERIES_COLORS.length) % SERIES_COLORS.length];
}
