/**
 * Safe JSON in Web Storage, for widgets that remember things between visits (spec §9 storage keys). Storage may be
 * missing (server render), blocked by the browser (reading `window.localStorage` throws), full (writing throws) or
 * hold text that is not JSON: a read then gives `undefined` and a write gives `false`, never an exception, so the
 * widget falls back to its defaults and the user's action still applies for this visit.
 */

export type StorageArea = 'local' | 'session';

/** The storage of an area, or null on the server or where the browser blocks it. */
export function storageOf(area: StorageArea): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored text of a key; null when absent or when storage is unavailable. */
export function readText(area: StorageArea, key: string): string | null {
  try {
    return storageOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Parsed JSON, or undefined for null and for text that is not JSON. */
export function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** The stored value of a key, parsed; undefined when absent, unavailable or corrupt. Callers check its shape. */
export function readJson(area: StorageArea, key: string): unknown {
  return parseJson(readText(area, key));
}

const listeners = new Set<() => void>();

/** Stores `value` as JSON and tells the subscribers; false when storage is unavailable, full or blocked. */
export function writeJson(area: StorageArea, key: string, value: unknown): boolean {
  let stored = false;
  try {
    const storage = storageOf(area);
    if (storage) {
      storage.setItem(key, JSON.stringify(value));
      stored = true;
    }
  } catch {
    stored = false;
  }
  listeners.forEach((listener) => listener());
  return stored;
}

/**
 * Calls `listener` after every write made through this module and on other tabs' `storage` events; returns the
 * unsubscribe function (the `subscribe` of `useSyncExternalStore`).
 */
export function subscribeStorage(listener: () => void): () => void {
  listeners.add(listener);
  if (typeof window !== 'undefined') window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', listener);
  };
}

/**
 * A reader of one key that decodes the stored JSON only when the stored text changes, so it returns the same object
 * until then (a stable snapshot for `useSyncExternalStore`). `decode` receives undefined when nothing usable is stored.
 */
export function storedJsonReader<T>(area: StorageArea, key: string, decode: (data: unknown) => T): () => T {
  let cache: { raw: string | null; value: T } | null = null;
  return () => {
    const raw = readText(area, key);
    if (cache === null || cache.raw !== raw) cache = { raw, value: decode(parseJson(raw)) };
    return cache.value;
  };
}

/** The page's cookies as one header-like string (`a=1; b=2`); empty on the server. */
export function readCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

/** Sets a first-party cookie for the whole site (`Path=/`, `SameSite=Lax`) that lives `maxAgeSeconds`. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`;
}
