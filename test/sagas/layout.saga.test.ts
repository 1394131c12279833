import { withCall, type ApiClient } from '../../src/api/client';
import { createAppStore } from '../../src/store/createStore';
import { styleRequested } from '../../src/store/slices/layout.slice';
import { defaults, publicConfig } from '../../config';

import { layoutSaga, safeColor, safeLoginTitle, STYLE_PREFERENCES_KEY } from '../../sagas/layout.saga';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

function setup(request: jest.Mock, storage = memoryStorage()) {
  const store = createAppStore({
    preloadedState: { config: publicConfig(defaults) },
    context: { api: withCall({ request } as unknown as ApiClient), platform: 'browser', storage },
  });
  store.runSaga(layoutSaga);
  return { store, storage };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('dynamic style loader (spec §7)', () => {
  test('loads primary and bar colours and the login title, and caches them under the style-preferences key', async () => {
    const request = jest.fn().mockResolvedValue({
      status: 200,
      data: { primary_color: '#112233', bar_color: '#445566', login_title: '  ACME gateway ' },
    });
    const { store, storage } = setup(request);
    store.dispatch(styleRequested());
    await tick();
    expect(request).toHaveBeenCalledWith('/api/config/settings', expect.objectContaining({ method: 'GET' }));
    expect(store.getState().layout.style).toEqual({
      primaryColor: '#112233',
      barColor: '#445566',
      barLogo: false,
      loginLogo: false,
      loginBackground: false,
      loginTitle: 'ACME gateway',
    });
    expect(JSON.parse(storage.map.get(STYLE_PREFERENCES_KEY)!)).toEqual({
      primaryColor: '#112233',
      barColor: '#445566',
      barLogo: false,
      loginLogo: false,
      loginBackground: false,
      loginTitle: 'ACME gateway',
    });
  });

  test('the cache is used instead of the call when present', async () => {
    const request = jest.fn();
    const storage = memoryStorage({
      [STYLE_PREFERENCES_KEY]: JSON.stringify({ primaryColor: '#abc', barColor: null }),
    });
    const { store } = setup(request, storage);
    store.dispatch(styleRequested());
    await tick();
    expect(request).not.toHaveBeenCalled();
    expect(store.getState().layout).toMatchObject({
      style: { primaryColor: '#abc', barColor: null, barLogo: false },
      styleSource: 'cache',
    });
  });

  test('a style the server rendered from the appliance wins over an older cache, and replaces it', async () => {
    const request = jest.fn();
    const storage = memoryStorage({
      [STYLE_PREFERENCES_KEY]: JSON.stringify({ primaryColor: '#abc', barColor: null }),
    });
    const fresh = { primaryColor: '#cc0000', barColor: '#001122', barLogo: false };
    const store = createAppStore({
      preloadedState: {
        config: publicConfig(defaults),
        layout: { style: fresh, styleSource: 'api', theme: 'system', contextBarOpen: true },
      },
      context: { api: withCall({ request } as unknown as ApiClient), platform: 'browser', storage },
    });
    store.runSaga(layoutSaga);
    store.dispatch(styleRequested());
    await tick();
    expect(request).not.toHaveBeenCalled();
    expect(store.getState().layout.style).toEqual(fresh);
    expect(JSON.parse(storage.map.get(STYLE_PREFERENCES_KEY)!)).toEqual(fresh);
  });

  test('a failure is only a warning', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { store } = setup(jest.fn().mockRejectedValue(new Error('offline')));
    store.dispatch(styleRequested());
    await tick();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('custom layout could not be loaded'),
      expect.anything(),
    );
    expect(store.getState().layout.style).toBeNull();
    warn.mockRestore();
  });

  test.each([
    ['#76b100', '#76b100'],
    ['rgb(1, 2, 3)', 'rgb(1, 2, 3)'],
    ['red;} body{display:none', null],
    ['url(javascript:alert(1))', null],
    [42, null],
  ])('only plain colours reach CSS: %p → %p', (input, expected) => expect(safeColor(input)).toBe(expected));

  test.each([
    [null, null],
    [undefined, null],
    ['   ', null],
    [7, null],
    [' ACME ', 'ACME'],
  ])('a login title is a non-blank string, trimmed: %p → %p', (input, expected) =>
    expect(safeLoginTitle(input)).toBe(expected),
  );
});
