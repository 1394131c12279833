export { StatechartView, type StatechartViewProps } from './StatechartView';
export { activeStateIds, anonymousParts, chartModel, type ChartModel, type ChartTransition } from './model';
export { MachineInspector, type MachineInspectorProps } from './MachineInspector';
export { InspectorPanel } from './InspectorPanel';
