/** The context-bar menu (spec §3 menu item, §7 GET {api}menu/). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { MenuItem } from '../../shared/menu';

export type { MenuChild, MenuItem } from '../../shared/menu';

export interface MenuState {
  items: MenuItem[];
  status: 'idle' | 'loading' | 'loaded';
  /** Where the items came from: the appliance or the built-in fallback. */
  source: 'api' | 'fallback' | null;
}

const initialState: MenuState = { items: [], status: 'idle', source: null };

export const menuSlice = createSlice({
  name: 'menu',
  initialState,
  reducers: {
    menuRequested(state) {
      if (state.status !== 'loaded') state.status = 'loading';
    },
    menuLoaded(state, action: PayloadAction<{ items: MenuItem[]; source: 'api' | 'fallback' }>) {
      state.items = action.payload.items;
      state.source = action.payload.source;
      state.status = 'loaded';
    },
  },
});

export const { menuRequested, menuLoaded } = menuSlice.actions;
