/**
 * Navigation side effects of the browser router: a pending build update turns the next navigation into a full
 * page load (spec §4); a client navigation dispatches the new route's prefetch actions (none for a page of an area the
 * account may not read: it shows the no-access page).
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { createBrowserRouter } from 'react-router';
import { noteNavigationTarget } from '../app/routing/chunkReload';
import type { RouteHandle } from '../app/routing/types';

type Router = ReturnType<typeof createBrowserRouter>;

export function watchNavigations(
  router: Router,
  options: {
    updateAvailable: () => boolean;
    dispatch: (a: UnknownAction) => void;
    fullLoad: (href: string) => void;
    /**
     * Whether the signed-in account may open the pages of the route's privilege area (none: every route's data is
     * asked for). A page it may not open shows the no-access page: its data is not asked for.
     */
    mayOpen?: (matches: ReadonlyArray<{ route: { id?: string } }>) => boolean;
  },
) {
  let lastKey = router.state.location.key;
  return router.subscribe((state) => {
    const pending = state.navigation.location;
    noteNavigationTarget(pending ? pending.pathname + pending.search + pending.hash : null);
    if (pending && options.updateAvailable()) {
      options.fullLoad(pending.pathname + pending.search + pending.hash);
      return;
    }
    if (state.navigation.state !== 'idle' || state.location.key === lastKey) return;
    lastKey = state.location.key;
    if (options.updateAvailable()) {
      options.fullLoad(state.location.pathname + state.location.search + state.location.hash);
      return;
    }
    if (options.mayOpen && !options.mayOpen(state.matches)) return;
    const url = new URL(state.location.pathname + state.location.search, window.location.origin);
    for (const match of state.matches) {
      const handle = match.route.handle as RouteHandle | undefined;
      for (const action of handle?.prefetch?.({ params: match.params, url }) ?? []) options.dispatch(action);
    }
  });
}
