/**
 * Whether the visitor is logged in (spec §4: a login token is present in the visit cookie, read at every
 * navigation) and who they are once the appliance has said so.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Privileges } from '../../shared/privileges';

export interface SessionUser {
  username: string;
  role: 'admin' | 'user';
  mustChangePassword?: boolean;
  /** Read or write per area (src/shared/privileges.ts); admins hold everything whatever this says. */
  privileges?: Privileges;
}

export interface SessionState {
  loggedIn: boolean;
  user: SessionUser | null;
}

const initialState: SessionState = { loggedIn: false, user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loginStateRead(state, action: PayloadAction<boolean>) {
      state.loggedIn = action.payload;
      if (!action.payload) state.user = null;
    },
    userRequested() {},
    userLoaded(state, action: PayloadAction<SessionUser | null>) {
      state.user = action.payload;
    },
  },
});

export const { loginStateRead, userLoaded, userRequested } = sessionSlice.actions;
