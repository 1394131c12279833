/**
 * The dynamic style loader (spec §7): custom primary and bar colours from {api}config/settings, cached in
 * localStorage under the style-preferences key; the cache is used instead of a call when present, but a style the
 * server rendered the page with (read from the appliance for this very page) wins over it. Failure is only a warning.
 */
import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { ApiClient, ApiResponse } from '../src/api/client';
import type { Unchecked } from '../src/shared/contracts/endpoint';
import * as shell from '../src/shared/contracts/shell';
import type { PublicSettings } from '../src/shared/contracts/system';
import type { RootState, SagaContext } from '../src/store/createStore';
import { styleLoaded, styleRequested, type StyleSettings } from '../src/store/slices/layout.slice';
import { logger } from '../src/lib/logger';

export const STYLE_PREFERENCES_KEY = 'rampart-style-preferences';

const COLOR = /^#[0-9a-fA-F]{3,8}$|^rgba?\([\d\s.,%]+\)$/;
/** Only plain colours reach a CSS custom property, so a hostile setting cannot inject CSS. */
export function safeColor(value: unknown): string | null {
  return typeof value === 'string' && COLOR.test(value.trim()) ? value.trim() : null;
}

/** A custom login title is shown as text, trimmed; anything but a non-blank string is no custom title. */
export function safeLoginTitle(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function readCachedStyle(storage: SagaContext['storage']): StyleSettings | null {
  try {
    const raw = storage?.getItem(STYLE_PREFERENCES_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StyleSettings>;
    return {
      primaryColor: safeColor(parsed.primaryColor),
      barColor: safeColor(parsed.barColor),
      barLogo: parsed.barLogo === true,
      loginLogo: parsed.loginLogo === true,
      loginBackground: parsed.loginBackground === true,
      loginTitle: safeLoginTitle(parsed.loginTitle),
    };
  } catch {
    return null;
  }
}

/** A `{api}config/settings` answer (`system.getUiSettings`) as the style reads it: every value checked (see safeColor). */
export type SettingsAnswer = Unchecked<PublicSettings>;

export function styleFromSettings(data: SettingsAnswer | undefined): StyleSettings {
  return {
    primaryColor: safeColor(data?.primary_color),
    barColor: safeColor(data?.bar_color),
    barLogo: data?.images?.bar_logo === true,
    loginLogo: data?.images?.login_logo === true,
    loginBackground: data?.images?.login_background === true,
    loginTitle: safeLoginTitle(data?.login_title),
  };
}

export function* loadStyle() {
  const state: RootState = yield select();
  const storage: SagaContext['storage'] = yield getContext('storage');
  // The server just read the appliance for this page: that is fresher than any cache, and becomes the cache.
  if (state.layout.styleSource === 'api') {
    storage?.setItem(STYLE_PREFERENCES_KEY, JSON.stringify(state.layout.style));
    return;
  }
  const cached = readCachedStyle(storage);
  if (cached) {
    yield put(styleLoaded({ style: cached, source: 'cache' }));
    return;
  }
  const api: ApiClient = yield getContext('api');
  try {
    // The route, not the contract: this saga is in the login page's first script, which carries no TypeBox.
    const res: ApiResponse<PublicSettings> = yield call(
      [api, api.call],
      shell.getUiSettings,
      {},
      {
        apiBase: state.config.apiBase,
      },
    );
    const style = styleFromSettings(res.data);
    storage?.setItem(STYLE_PREFERENCES_KEY, JSON.stringify(style));
    yield put(styleLoaded({ style, source: 'api' }));
  } catch (e) {
    logger.warn('custom layout could not be loaded', e);
  }
}

export function* layoutSaga() {
  // takeLeading: the style is loaded once per page; repeated requests while loading are dropped.
  yield takeLeading(styleRequested.type, loadStyle);
}
