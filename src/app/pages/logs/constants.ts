/** Log report constants of spec §9 that only the view uses (the store's limits live in its slice). */
export const LOG_SERIES_COLOURS = ['#76b100', '#ed332e', '#ffbf00', '#f78744', '#196ecd'] as const; // §9 series colours green, red, amber, orange, blue
export const LOG_CHART_DEFAULT_COLOUR = '#76b100'; // §9 default chart colour
export const LOG_CHART_TENSION = 0.5; // §9 line tension 0.5
export const LOG_REPORT_TITLE = 'Live logs';
