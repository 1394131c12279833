/**
 * The layout settings page's data (`/settings/layout`, spec §1 custom look): colours and which custom images are
 * set, as `GET {api}config/settings` returns them. Loaded by sagas/layoutSettings.saga.ts on
 * `layoutSettingsLoadRequested` (the route's prefetch); saving and resetting go through the same saga.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { ImageSlot, PublicSettings, UiSettingsBody } from '../../shared/contracts/system';

export { IMAGE_SLOTS, type ImageSlot } from '../../shared/contracts/values';

/** `GET {api}config/settings` (the system contract's `publicSettings`). */
export type LayoutSettings = PublicSettings;

/**
 * What a save sends: both colours, the login title, and per image slot a new image (data URL), null to remove it, or undefined to
 * leave it as it is.
 */
export type LayoutSettingsChange = Pick<UiSettingsBody, 'primary_color' | 'bar_color'> & {
  /** Empty removes the custom title. */
  login_title: string;
  images: Partial<Record<ImageSlot, string | null>>;
};

export interface LayoutSettingsState {
  load: 'idle' | 'loading' | 'loaded' | 'failed';
  data: LayoutSettings | null;
  /** Changes whenever the data is (re)loaded, so image URLs load the new image. */
  version: number;
  pending: 'save' | 'reset' | null;
}

const initialState: LayoutSettingsState = { load: 'idle', data: null, version: 0, pending: null };

export const layoutSettingsSlice = createSlice({
  name: 'layoutSettings',
  initialState,
  reducers: {
    layoutSettingsLoadRequested(state) {
      if (state.load !== 'loaded') state.load = 'loading';
    },
    layoutSettingsLoaded(state, action: PayloadAction<LayoutSettings>) {
      state.load = 'loaded';
      state.data = action.payload;
      state.version += 1;
    },
    layoutSettingsLoadFailed(state) {
      if (state.load !== 'loaded') state.load = 'failed';
    },
    layoutSettingsSaveRequested(state, _action: PayloadAction<LayoutSettingsChange>) {
      state.pending ??= 'save';
    },
    layoutSettingsResetRequested(state) {
      state.pending ??= 'reset';
    },
    layoutSettingsActionFinished(state) {
      state.pending = null;
    },
  },
});

export const {
  layoutSettingsLoadRequested,
  layoutSettingsLoaded,
  layoutSettingsLoadFailed,
  layoutSettingsSaveRequested,
  layoutSettingsResetRequested,
  layoutSettingsActionFinished,
} = layoutSettingsSlice.actions;
