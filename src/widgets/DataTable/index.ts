export { DataTable, type DataTableProps } from './DataTable';
export { sortRows, nextSort, sortKey, compareKeys } from './sorting';
export { searchRows, rowSearchText, searchTerms, createSearchTextCache } from './searching';
export { dataColumnWidths, actionsWidth, actionsColumnWidth, levelWidths } from './columnWidths';
export { moveItem, applyOrder } from './reorder';
export type * from './types';
export { PAGE_SIZES } from './Pager';
export { countOf, totalText, actionText } from './words';
