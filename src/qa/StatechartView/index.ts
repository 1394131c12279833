export { StatechartView, type StatechartViewProps } from './StatechartView';
export { activeStateIds, anonymousParts, chartModel, type ChartModel, type ChartTransition } from './model';
