/**
 * The current page of one navigation (e.g. the route path), kept in session storage (spec §9). Renders page 1 on
 * the server and during hydration, then the stored page.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_PAGE, readStoredPage, storePage } from './pagination';

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePersistedPage(navigationKey: string): [number, (page: number) => void] {
  const page = useSyncExternalStore(
    subscribe,
    () => readStoredPage(navigationKey),
    () => DEFAULT_PAGE,
  );
  const setPage = useCallback(
    (next: number) => {
      storePage(navigationKey, next);
      listeners.forEach((l) => l());
    },
    [navigationKey],
  );
  return [page, setPage];
}
