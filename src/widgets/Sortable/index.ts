export { SortableArea, useSortableItem, DragHandle } from './Sortable';
export type { SortableAreaProps, DragHandleProps } from './Sortable';
