/**
 * Before the browser router is created, resolve the lazy routes that match the current location and assign their
 * modules onto the route objects. Without it the first render lacks the page and hydration mismatches.
 */
import { matchRoutes, type RouteObject } from 'react-router';

export async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, resolved);
      delete route.lazy;
    }),
  );
}
