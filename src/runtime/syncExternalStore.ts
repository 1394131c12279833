/**
 * Stands in for `use-sync-external-store/shim` in the browser build (webpack alias): React 18+ has the hook, so the
 * shim's fallback for older React is dead weight on every page that uses XState's React bindings.
 */
export { useSyncExternalStore } from 'react';
