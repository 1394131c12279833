/** The running build and whether a newer one was deployed (spec §4: the next navigation becomes a full load). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface BuildState {
  buildId: string;
  latestBuildId: string | null;
  updateAvailable: boolean;
}

const initialState: BuildState = { buildId: 'dev', latestBuildId: null, updateAvailable: false };

export const buildSlice = createSlice({
  name: 'build',
  initialState,
  reducers: {
    latestBuildSeen(state, action: PayloadAction<string>) {
      state.latestBuildId = action.payload;
      state.updateAvailable = action.payload !== state.buildId;
    },
  },
});

export const { latestBuildSeen } = buildSlice.actions;
