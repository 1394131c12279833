/**
 * The current page of one navigation (e.g. the route path), kept in session storage (spec §9). Renders page 1 on
 * the server and during hydration, then the stored page.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { subscribeStorage } from '../../lib/storage';
import { DEFAULT_PAGE, readStoredPage, storePage } from './pagination';

export function usePersistedPage(navigationKey: string): [number, (page: number) => void] {
  const page = useSyncExternalStore(
    subscribeStorage,
    () => readStoredPage(navigationKey),
    () => DEFAULT_PAGE,
  );
  const setPage = useCallback((next: number) => storePage(navigationKey, next), [navigationKey]);
  return [page, setPage];
}
