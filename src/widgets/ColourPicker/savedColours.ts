/**
 * The saved colours (§9): up to 15 HEX8 colours in local storage, newest first. Shared by every picker of the page
 * and kept in step with other tabs; the server and hydration render none.
 */
import { useSyncExternalStore } from 'react';
import { storedJsonReader, subscribeStorage, writeJson } from '../../lib/storage';
import { pushSaved } from './colour';

/** §9 saved colours kept in local storage. */
export const SAVED_COLOURS_LIMIT = 15;
export const SAVED_COLOURS_KEY = 'rampart-colour-picker-saved';

const EMPTY: string[] = [];

/** The stored list: HEX8 entries only, at most the limit; anything else reads as none. */
const readSaved = storedJsonReader('local', SAVED_COLOURS_KEY, (data): string[] =>
  Array.isArray(data)
    ? data
        .filter((x): x is string => typeof x === 'string' && /^#[0-9a-f]{8}$/i.test(x))
        .slice(0, SAVED_COLOURS_LIMIT)
    : EMPTY,
);

export function useSavedColours(): string[] {
  return useSyncExternalStore(subscribeStorage, readSaved, () => EMPTY);
}

/**
 * Puts a HEX8 colour first in the saved list. Storage full or blocked: the colour is still emitted by the picker,
 * only the shortcut list is not kept.
 */
export function saveColour(hex8: string): void {
  writeJson('local', SAVED_COLOURS_KEY, pushSaved(readSaved(), hex8, SAVED_COLOURS_LIMIT));
}
