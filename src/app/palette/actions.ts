/**
 * The current page's actions for the command palette: a page registers its main actions while it is shown
 * (`usePaletteActions`), the palette lists them beside the routes. Kept in the core bundle and tiny; the palette
 * itself loads on demand.
 */
import { useEffect, useSyncExternalStore } from 'react';

export interface PaletteAction {
  /** Stable id, unique on the page (it keys the recent list): `dns-proxy.apply`. */
  id: string;
  name: string;
  /** Extra words the search matches. */
  keywords?: string;
  run: () => void;
}

const owners = new Map<symbol, readonly PaletteAction[]>();
const listeners = new Set<() => void>();
let snapshot: readonly PaletteAction[] = [];

function publish() {
  snapshot = [...owners.values()].flat();
  listeners.forEach((l) => l());
}

/** Adds a set of actions until the returned function removes them. */
export function registerPaletteActions(actions: readonly PaletteAction[]): () => void {
  const owner = Symbol('palette-actions');
  owners.set(owner, actions);
  publish();
  return () => {
    owners.delete(owner);
    publish();
  };
}

export const currentPaletteActions = () => snapshot;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The actions every mounted page registered, in registration order. */
export function usePaletteActionList(): readonly PaletteAction[] {
  return useSyncExternalStore(subscribe, currentPaletteActions, () => [] as readonly PaletteAction[]);
}

/**
 * Registers the page's actions while it is mounted. Pass a memoised list (`useMemo`): a new list replaces the
 * previous one; an empty list registers nothing (e.g. for users who may not act).
 */
export function usePaletteActions(actions: readonly PaletteAction[]): void {
  useEffect(() => (actions.length ? registerPaletteActions(actions) : undefined), [actions]);
}
