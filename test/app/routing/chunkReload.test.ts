import { isChunkLoadError, reloadForChunkError, RELOAD_GUARD_MS } from '../../../src/app/routing/chunkReload';

function env(now: number, store: Map<string, string>) {
  const reload = jest.fn();
  return {
    reload,
    env: {
      storage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
      },
      now: () => now,
      path: '/dns/proxy',
      reload,
    },
  };
}

describe('chunk load error reload guard (spec §4, §9)', () => {
  test('the first chunk error reloads the page', () => {
    const store = new Map<string, string>();
    const { env: e, reload } = env(1_000_000, store);
    expect(reloadForChunkError(e)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('a second error on the same path within 10 s does not reload again', () => {
    const store = new Map<string, string>();
    reloadForChunkError(env(1_000_000, store).env);
    const { env: e, reload } = env(1_000_000 + RELOAD_GUARD_MS - 1, store);
    expect(reloadForChunkError(e)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  test('after 10 s the guard expires', () => {
    const store = new Map<string, string>();
    reloadForChunkError(env(1_000_000, store).env);
    const { env: e, reload } = env(1_000_000 + RELOAD_GUARD_MS, store);
    expect(reloadForChunkError(e)).toBe(true);
    expect(reload).toHaveBeenCalled();
  });

  test('the guard is per path', () => {
    const store = new Map<string, string>();
    reloadForChunkError(env(1_000_000, store).env);
    const { env: e, reload } = env(1_000_001, store);
    expect(reloadForChunkError({ ...e, path: '/ssh/config' })).toBe(true);
    expect(reload).toHaveBeenCalled();
  });

  test.each([
    [Object.assign(new Error('Loading chunk area-dns failed.'), { name: 'ChunkLoadError' }), true],
    [new Error('Loading CSS chunk 42 failed'), true],
    [new Error('something else'), false],
    ['Loading chunk 1 failed', false],
  ])('recognises chunk errors: %p → %p', (e, expected) => expect(isChunkLoadError(e)).toBe(expected));
});
