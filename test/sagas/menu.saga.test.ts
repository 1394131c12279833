import { withCall, type ApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { fallbackMenu } from '../../src/shared/menu';
import { createAppStore } from '../../src/store/createStore';
import { menuRequested } from '../../src/store/slices/menu.slice';
import { defaults, publicConfig, type Environment } from '../../config';
import { serverRootSaga } from '../../sagas/serverRoot';

function storeWith(env: Environment, request: ApiClient['request']) {
  const api = withCall({ request } as unknown as ApiClient);
  const store = createAppStore({
    preloadedState: { config: { ...publicConfig(defaults), env } },
    context: { api, platform: 'server' },
  });
  const task = store.runSaga(serverRootSaga);
  return { store, task };
}

const apiMenu = [{ id: 'x', name: 'X', path: '/x', children: [{ id: 'y', name: 'Y', path: '/y' }] }];

describe('menu loading (spec §7)', () => {
  test('production loads the menu from {api}menu/', async () => {
    const request = jest.fn().mockResolvedValue({ status: 200, data: apiMenu, headers: new Headers() });
    const { store } = storeWith('production', request);
    store.dispatch(menuRequested());
    await new Promise((r) => setTimeout(r, 0));
    expect(request).toHaveBeenCalledWith('/api/menu/', expect.objectContaining({ method: 'GET' }));
    expect(store.getState().menu).toMatchObject({ items: apiMenu, source: 'api', status: 'loaded' });
  });

  test.each([
    ['a non-array answer', { status: 200, data: { items: apiMenu }, headers: new Headers() }],
    ['an array of the wrong shape', { status: 200, data: [{ id: 1 }], headers: new Headers() }],
  ])('production falls back on %s', async (_name, reply) => {
    const { store } = storeWith('production', jest.fn().mockResolvedValue(reply));
    store.dispatch(menuRequested());
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().menu).toMatchObject({ items: fallbackMenu, source: 'fallback' });
  });

  test('production falls back silently on failure', async () => {
    const err = new ApiError({
      kind: 'bad_response',
      status: 500,
      message: 'x',
      url: '/api/menu/',
      method: 'GET',
    });
    const { store } = storeWith('production', jest.fn().mockRejectedValue(err));
    store.dispatch(menuRequested());
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().menu.source).toBe('fallback');
  });

  test.each(['development', 'test'] as const)('%s uses the fallback without a call', async (env) => {
    const request = jest.fn();
    const { store } = storeWith(env, request);
    store.dispatch(menuRequested());
    await new Promise((r) => setTimeout(r, 0));
    expect(request).not.toHaveBeenCalled();
    expect(store.getState().menu.items).toBe(fallbackMenu);
  });
});
