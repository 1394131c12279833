export { DataTable, type DataTableProps } from './DataTable';
export { sortRows, nextSort, sortKey, compareKeys } from './sorting';
export { searchRows, rowSearchText, searchTerms, createSearchTextCache } from './searching';
export { dataColumnWidths, actionsWidth, actionsColumnWidth } from './columnWidths';
export { moveItem, applyOrder } from './reorder';
export type * from './types';
