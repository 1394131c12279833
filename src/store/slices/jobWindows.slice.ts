/**
 * Jobs followed in floating windows (spec §4 windows manager, "Open in a window" on the progress overlay): one
 * entry per window with the job's latest progress from its own event stream, so the admin can keep working while
 * an update or configuration job runs.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProgressDataType, ProgressView } from './progress.slice';

export interface JobWindow {
  jobId: string;
  status: 'connecting' | 'live' | 'ended';
  view: ProgressView | null;
}

export type JobWindowsState = Record<string, JobWindow>;

/** The overlay's "Open in a window": the saga opens the window and, once it is open, closes the overlay. */
export const jobWindowOpenRequested = createAction<{ jobId: string; dataType: ProgressDataType }>(
  'jobWindows/openRequested',
);

export const jobWindowsSlice = createSlice({
  name: 'jobWindows',
  initialState: {} as JobWindowsState,
  reducers: {
    /** A job window is shown; the saga opens its stream once (iconising and restoring keep it). */
    jobWindowRequested(state, action: PayloadAction<{ id: string; jobId: string }>) {
      state[action.payload.id] ??= { jobId: action.payload.jobId, status: 'connecting', view: null };
    },
    jobWindowUpdated(state, action: PayloadAction<{ id: string; view: ProgressView }>) {
      const w = state[action.payload.id];
      if (!w) return;
      w.status = 'live';
      w.view = action.payload.view;
    },
    jobWindowStopped(state, action: PayloadAction<{ id: string }>) {
      const w = state[action.payload.id];
      if (w) w.status = 'ended';
    },
    jobWindowRemoved(state, action: PayloadAction<{ id: string }>) {
      delete state[action.payload.id];
    },
  },
});

export const { jobWindowRequested, jobWindowUpdated, jobWindowStopped, jobWindowRemoved } =
  jobWindowsSlice.actions;

export const selectJobWindow = (id: string) => (s: { jobWindows: JobWindowsState }) => s.jobWindows[id];

export const JOB_WINDOW = 'JobProgress';
export const jobWindowId = (jobId: string) => `job-${jobId}`;
export const JOB_TITLES: Record<ProgressDataType, string> = {
  config: 'Applying configuration',
  upgrade: 'Applying update',
};
