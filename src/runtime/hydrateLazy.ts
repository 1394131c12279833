/**
 * Before the browser router is created, resolve the lazy routes that match the current location and assign their
 * modules onto the route objects. Without it the first render lacks the page and hydration mismatches.
 */
import { matchRoutes, type RouteObject } from 'react-router';

/** One loader per lazy route matching the location: it imports the route's module and assigns it onto the route. */
export function lazyMatches(routes: RouteObject[], pathname: string): Array<() => Promise<void>> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches
    .map(({ route }) => route)
    .filter((route) => typeof route.lazy === 'function')
    .map((route) => async () => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, resolved);
      delete route.lazy;
    });
}

export async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(lazyMatches(routes, pathname).map((load) => load()));
}
