/**
 * Chunk load errors (spec §4, §9): a route chunk that fails to load (usually a deploy removed it) reloads the page
 * once; a per-path flag in sessionStorage stops a reload loop for 10 s, after which the error page shows.
 */
import { storageOf } from '../../lib/storage';

export const RELOAD_GUARD_MS = 10_000; // §9 reload guard 10 s
const FLAG_PREFIX = 'rampart-chunk-reload:';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message);
}

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  path: string;
  reload: () => void;
}

/** Returns true when a reload was started (the caller should wait for it), false when the guard is active. */
export function reloadForChunkError(env: ReloadEnvironment): boolean {
  const key = FLAG_PREFIX + env.path;
  let last = 0;
  try {
    last = Number(env.storage.getItem(key) ?? 0);
  } catch {
    /* storage unavailable: behave as if never reloaded */
  }
  if (last && env.now() - last < RELOAD_GUARD_MS) return false;
  try {
    env.storage.setItem(key, String(env.now()));
  } catch {
    return false; // without a guard a reload could loop
  }
  env.reload();
  return true;
}

/**
 * Where the router is navigating to, noted by the navigation watcher: a chunk fails while the old URL is still
 * shown, and the reload must load the page the user asked for.
 */
let navigationTarget: string | null = null;
export function noteNavigationTarget(target: string | null) {
  navigationTarget = target;
}

/** Wraps a lazy route import so a chunk error in the browser reloads the page (guarded). */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (typeof window !== 'undefined' && isChunkLoadError(error)) {
        const target =
          navigationTarget ?? window.location.pathname + window.location.search + window.location.hash;
        // Where the browser blocks storage, reading `window.sessionStorage` itself throws: no guard, so no reload.
        const storage = storageOf('session');
        const started =
          storage !== null &&
          reloadForChunkError({
            storage,
            now: Date.now,
            path: new URL(target, window.location.origin).pathname,
            reload: () => window.location.assign(target),
          });
        if (started) return new Promise<T>(() => {}); // the page is going away
      }
      throw error;
    });
}
