/**
 * Route preloading on link hover or focus (spec §9: at most 4 route preloads in parallel). Preloading runs the
 * matched routes' `lazy` imports; webpack caches the modules so the later navigation does not wait for them.
 */
import { matchRoutes, type RouteObject } from 'react-router';

export const MAX_PARALLEL_PRELOADS = 4; // §9

export function createPreloadQueue(maxParallel = MAX_PARALLEL_PRELOADS) {
  let running = 0;
  const waiting: Array<() => Promise<unknown>> = [];
  const seen = new Set<string>();
  const pump = () => {
    while (running < maxParallel && waiting.length > 0) {
      const job = waiting.shift()!;
      running += 1;
      job()
        .catch(() => {}) // a failed preload is retried by the real navigation, which handles the error
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  };
  return {
    /** Queues a job under a key; a key is preloaded once. */
    enqueue(key: string, job: () => Promise<unknown>) {
      if (seen.has(key)) return;
      seen.add(key);
      waiting.push(job);
      pump();
    },
    get running() {
      return running;
    },
    get pending() {
      return waiting.length;
    },
  };
}

const queue = createPreloadQueue();
let preloadRoutes: RouteObject[] = [];

export function setPreloadRoutes(routes: RouteObject[]) {
  preloadRoutes = routes;
}

export function preloadPath(path: string) {
  const matches = matchRoutes(preloadRoutes, path) ?? [];
  for (const m of matches) {
    const lazy = m.route.lazy;
    if (typeof lazy === 'function')
      queue.enqueue(m.route.id ?? path, () => Promise.resolve((lazy as () => unknown)()));
  }
}
