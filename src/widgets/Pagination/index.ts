export { Pagination, type PaginationProps } from './Pagination';
export { usePersistedPage } from './usePersistedPage';
export {
  pageCount,
  pageWindow,
  pageBounds,
  clampPage,
  readStoredPage,
  storePage,
  MAX_PAGE_BUTTONS,
  DEFAULT_PAGE,
  PAGE_STORAGE_PREFIX,
} from './pagination';
