export { ColumnsPanel, type ColumnsPanelProps } from './ColumnsPanel';
export { FiltersPanel, describeFilter, type FiltersPanelProps } from './FiltersPanel';
export * from './templates';
