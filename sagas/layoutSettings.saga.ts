/**
 * The layout settings page's data (`/settings/layout`). `layoutSettingsLoadRequested` (the route's prefetch) loads
 * `GET {api}config/settings`; saving puts the colours, uploads or removes each changed image, and resetting
 * restores the defaults (`DELETE {api}config/settings`). After either, the console's own style (main bar, primary
 * colour) and its local cache take the new look at once, so every page shows it, after a reload too.
 */
import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { ApiClient, ApiResponse } from '../src/api/client';
import { isApiError } from '../src/api/errors';
import * as coreShell from '../src/shared/contracts/coreShell';
import * as shell from '../src/shared/contracts/shell';
import type { AnyEndpoint, CallArgs, ResponseOf, RouteOf } from '../src/shared/contracts/endpoint';
import { SUCCESS_DURATION_MS } from '../src/notifications/constants';
import type { RootState, SagaContext } from '../src/store/createStore';
import { styleLoaded } from '../src/store/slices/layout.slice';
import {
  IMAGE_SLOTS,
  layoutSettingsActionFinished,
  layoutSettingsLoaded,
  layoutSettingsLoadFailed,
  layoutSettingsLoadRequested,
  layoutSettingsResetRequested,
  layoutSettingsSaveRequested,
  type LayoutSettings,
} from '../src/store/slices/layoutSettings.slice';
import { notificationRequested } from '../src/store/slices/notifications.slice';
import { handleError } from './handleError';
import { safeColor, safeLoginTitle, STYLE_PREFERENCES_KEY } from './layout.saga';

/** Calls a look-and-feel endpoint on the configured API base. */
function* callEndpoint<E extends AnyEndpoint>(e: RouteOf<E>, args: CallArgs<E>) {
  const api: ApiClient = yield getContext('api');
  const state: RootState = yield select();
  const res: ApiResponse<ResponseOf<E>> = yield call([api, api.call], e, args, {
    apiBase: state.config.apiBase,
  });
  return res;
}

/** A `data:` URL (what the image input emits) as the bytes the appliance expects. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('not a data URL');
  // Percent escapes are bytes, not UTF-8 text.
  const text = match[2]
    ? atob(match[3])
    : match[3].replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type: match[1] });
}

function* loadSettings() {
  const res: ApiResponse<LayoutSettings> = yield* callEndpoint(shell.getUiSettings, {});
  yield put(layoutSettingsLoaded(res.data));
  return res.data;
}

export function* loadLayoutSettings() {
  try {
    yield call(loadSettings);
  } catch (e) {
    yield put(layoutSettingsLoadFailed());
    yield call(handleError, e);
  }
}

/** The console takes the saved look now, and its style cache too (the cache wins at the next start). */
export function* publishStyle(settings: LayoutSettings) {
  const style = {
    primaryColor: safeColor(settings.primary_color),
    barColor: safeColor(settings.bar_color),
    barLogo: settings.images.bar_logo === true,
    loginLogo: settings.images.login_logo === true,
    loginBackground: settings.images.login_background === true,
    loginTitle: safeLoginTitle(settings.login_title),
  };
  const storage: SagaContext['storage'] = yield getContext('storage');
  try {
    storage?.setItem(STYLE_PREFERENCES_KEY, JSON.stringify(style));
  } catch {
    // Storage blocked: the next page load reads the appliance instead.
  }
  yield put(styleLoaded({ style, source: 'api' }));
}

export function* saveLayoutSettings(action: ReturnType<typeof layoutSettingsSaveRequested>) {
  const { primary_color, bar_color, login_title, images } = action.payload;
  try {
    yield* callEndpoint(coreShell.putUiSettings, { body: { primary_color, bar_color, login_title } });
    for (const slot of IMAGE_SLOTS) {
      const image = images[slot];
      if (image === undefined) continue;
      if (image === null) {
        try {
          yield* callEndpoint(coreShell.deleteImage, { params: { slot } });
        } catch (e) {
          // Already gone is what was asked for.
          if (!(isApiError(e) && e.status === 404)) throw e;
        }
      } else yield* callEndpoint(coreShell.putImage, { params: { slot }, body: dataUrlToBlob(image) });
    }
    const saved: LayoutSettings = yield call(loadSettings);
    yield call(publishStyle, saved);
    yield put(
      notificationRequested({
        kind: 'toast',
        level: 'success',
        message: 'Layout saved.',
        duration: SUCCESS_DURATION_MS,
      }),
    );
  } catch (e) {
    yield call(handleError, e);
  } finally {
    yield put(layoutSettingsActionFinished());
  }
}

export function* resetLayoutSettings() {
  try {
    const res: ApiResponse<LayoutSettings> = yield* callEndpoint(coreShell.resetUiSettings, {});
    yield put(layoutSettingsLoaded(res.data));
    yield call(publishStyle, res.data);
    yield put(
      notificationRequested({
        kind: 'toast',
        level: 'success',
        message: 'Layout reset to the defaults.',
        duration: SUCCESS_DURATION_MS,
      }),
    );
  } catch (e) {
    yield call(handleError, e);
  } finally {
    yield put(layoutSettingsActionFinished());
  }
}

export function* layoutSettingsSaga() {
  // takeLeading: one load at a time; a repeated request while loading is served by the first.
  yield takeLeading(layoutSettingsLoadRequested.type, loadLayoutSettings);
  // takeLeading: one save or reset at a time; a second click while one runs is dropped.
  yield takeLeading(layoutSettingsSaveRequested.type, saveLayoutSettings);
  yield takeLeading(layoutSettingsResetRequested.type, resetLayoutSettings);
}
