/**
 * Loads the context-bar menu (spec §7): from the appliance in production, the built-in fallback on failure, on a
 * non-array answer and directly in every other environment.
 */
import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { ApiClient, ApiResponse } from '../src/api/client';
import type * as consoleContract from '../src/shared/contracts/console';
import type { ResponseOf } from '../src/shared/contracts/endpoint';
import * as shell from '../src/shared/contracts/shell';
import { fallbackMenu } from '../src/shared/menu';
import type { RootState } from '../src/store/createStore';
import { menuLoaded, menuRequested, type MenuItem } from '../src/store/slices/menu.slice';

export function isMenu(value: unknown): value is MenuItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (g) =>
        g &&
        typeof g === 'object' &&
        typeof g.id === 'string' &&
        typeof g.path === 'string' &&
        Array.isArray(g.children) &&
        g.children.every((c: unknown) => {
          const child = c as Partial<MenuItem> | null;
          return !!child && typeof child.id === 'string' && typeof child.path === 'string';
        }),
    )
  );
}

/** What a menu answer becomes: the appliance's menu when it is one, else the built-in fallback (spec §8). */
export function menuLoadedFrom(data: unknown, ok: boolean) {
  return ok && isMenu(data)
    ? menuLoaded({ items: data, source: 'api' })
    : menuLoaded({ items: fallbackMenu, source: 'fallback' });
}

export function* loadMenu() {
  const state: RootState = yield select();
  if (state.menu.status === 'loaded') return;
  if (state.config.env !== 'production') {
    yield put(menuLoaded({ items: fallbackMenu, source: 'fallback' }));
    return;
  }
  const api: ApiClient = yield getContext('api');
  try {
    // The shell's route (no TypeBox in the core layout's chunk for it); the answer is still checked: see isMenu.
    const res: ApiResponse<ResponseOf<typeof consoleContract.getMenu>> = yield call(
      [api, api.call],
      shell.getMenu,
      {},
      { apiBase: state.config.apiBase },
    );
    yield put(menuLoadedFrom(res.data, true));
  } catch {
    // Spec §8: menu fetch failure is a silent fallback.
    yield put(menuLoadedFrom(undefined, false));
  }
}

export function* menuSaga() {
  // takeLeading: a second request while one is in flight is dropped; the first answer serves both.
  yield takeLeading(menuRequested.type, loadMenu);
}
