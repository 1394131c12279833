/** Constants of the log report view (the store's limits of spec §9 live in its slice, the colours in the chart widgets). */
export const LOG_REPORT_TITLE = 'Live logs';
