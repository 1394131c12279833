/** @jest-environment node */
import { readJson, readText, storedJsonReader, subscribeStorage, writeJson } from '../../src/lib/storage';

describe('storage on the server (no window)', () => {
  it('reads nothing, stores nothing and subscribes without failing', () => {
    expect(readText('local', 'k')).toBeNull();
    expect(readJson('session', 'k')).toBeUndefined();
    expect(writeJson('local', 'k', 1)).toBe(false);
    expect(storedJsonReader('local', 'k', (data) => data ?? 'fallback')()).toBe('fallback');
    const listener = jest.fn();
    const unsubscribe = subscribeStorage(listener);
    writeJson('session', 'k', 1);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
