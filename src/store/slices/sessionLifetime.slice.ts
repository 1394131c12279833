/**
 * The session's life as the views show it (mirrored from the session machine by sagas/sessionLifetime.saga.ts): the
 * lifetime phase with the moment the session ends (for the countdown), and the re-authentication prompt.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LifetimePhase, ReauthPhase } from '../../../machines/session.machine';

export interface SessionLifetimeState {
  lifetime: LifetimePhase | 'off';
  /** Epoch milliseconds at which the session ends (browser clock); null while unknown. */
  endsAt: number | null;
  /** The end is the absolute one: extending cannot move it. */
  absolute: boolean;
  reauth: ReauthPhase;
  reauthError: string | null;
}

const initialState: SessionLifetimeState = {
  lifetime: 'off',
  endsAt: null,
  absolute: false,
  reauth: 'none',
  reauthError: null,
};

export const sessionLifetimeSlice = createSlice({
  name: 'sessionLifetime',
  initialState,
  reducers: {
    sessionLifetimeChanged(_state, action: PayloadAction<SessionLifetimeState>) {
      return action.payload;
    },
    sessionExtendRequested() {},
    reauthSubmitted(_state, _action: PayloadAction<{ password?: string; otp?: string }>) {},
    reauthCancelled() {},
  },
});

export const { sessionLifetimeChanged, sessionExtendRequested, reauthSubmitted, reauthCancelled } =
  sessionLifetimeSlice.actions;
