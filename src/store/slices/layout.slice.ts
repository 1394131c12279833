/** Custom look-and-feel (spec §1, §7 GET {api}config/settings) and the colour-theme preference. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface StyleSettings {
  primaryColor: string | null;
  barColor: string | null;
  /** A custom bar logo is set at {api}config/bar_logo. */
  barLogo?: boolean;
  /** Custom login logo and background are set (identity screens show them; the local login reads its setup). */
  loginLogo?: boolean;
  loginBackground?: boolean;
  /** The custom login title of the layout settings (the login and sign-up screens' heading); null: the default. */
  loginTitle?: string | null;
}
export type ThemePreference = 'system' | 'light' | 'dark';

export interface LayoutState {
  style: StyleSettings | null;
  styleSource: 'api' | 'cache' | null;
  theme: ThemePreference;
  /**
   * The context bar (side menu) shown or hidden by the user; null until the browser has said how wide it is: open on
   * a wide screen, closed on a phone (CSS hides it there before the page is hydrated, so it never starts over the
   * content).
   */
  contextBarOpen: boolean | null;
}

const initialState: LayoutState = { style: null, styleSource: null, theme: 'system', contextBarOpen: null };

export const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    styleRequested() {},
    styleLoaded(state, action: PayloadAction<{ style: StyleSettings; source: 'api' | 'cache' }>) {
      state.style = action.payload.style;
      state.styleSource = action.payload.source;
    },
    themeChosen(state, action: PayloadAction<ThemePreference>) {
      state.theme = action.payload;
    },
    contextBarToggled(state) {
      state.contextBarOpen = !(state.contextBarOpen ?? true);
    },
    contextBarSet(state, action: PayloadAction<boolean>) {
      state.contextBarOpen = action.payload;
    },
  },
});

export const { styleRequested, styleLoaded, themeChosen, contextBarToggled, contextBarSet } =
  layoutSlice.actions;
