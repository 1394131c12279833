export { Tooltip, TOOLTIP_OPEN_DELAY_MS } from './Tooltip';
export type { TooltipProps } from './Tooltip';
