import type { ApiClient } from '../../src/api/client';
import { createAppStore } from '../../src/store/createStore';
import { defaults, publicConfig } from '../../config';
import { buildUpdateSaga, FIRST_BUILD_CHECK_MS } from '../../sagas/buildUpdate.saga';

describe('build-update polling (spec §4, §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('checks about 1 s after start, then polls, and stops once a new build is seen', async () => {
    const ids = ['b1', 'b1', 'b2'];
    const get = jest.fn(async () => ({
      status: 200,
      data: { buildId: ids.shift() },
      headers: new Headers(),
    }));
    const store = createAppStore({
      preloadedState: {
        config: { ...publicConfig(defaults), buildPollSeconds: 5 },
        build: { buildId: 'b1', latestBuildId: null, updateAvailable: false },
      },
      context: { api: { get } as unknown as ApiClient, platform: 'browser' },
    });
    store.runSaga(buildUpdateSaga);
    expect(FIRST_BUILD_CHECK_MS).toBe(1000);
    await jest.advanceTimersByTimeAsync(999);
    expect(get).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]).toEqual([
      '/_build/latest.json',
      expect.objectContaining({ query: { ts: expect.any(Number) } }),
    ]);
    expect(store.getState().build.updateAvailable).toBe(false);
    await jest.advanceTimersByTimeAsync(5000);
    expect(get).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(5000);
    expect(get).toHaveBeenCalledTimes(3);
    expect(store.getState().build).toMatchObject({ latestBuildId: 'b2', updateAvailable: true });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(get).toHaveBeenCalledTimes(3);
  });
});
