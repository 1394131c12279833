/**
 * Live log tails shown in floating windows (spec §4 windows manager): one tail per window, each with the filters
 * the log report had when it was opened, keeping the newest `LOG_TAIL_MAX_ENTRIES` entries.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { LOG_REPORT_MAX_ENTRIES, type LogRow } from './logReport.slice';

export const LOG_TAIL_MAX_ENTRIES = LOG_REPORT_MAX_ENTRIES;

export interface LogTail {
  status: 'connecting' | 'live' | 'ended' | 'failed';
  /** The stream's address (its filters). */
  url: string;
  /** Newest first. */
  entries: LogRow[];
}

export type LogTailsState = Record<string, LogTail>;

export const logTailSlice = createSlice({
  name: 'logTails',
  initialState: {} as LogTailsState,
  reducers: {
    /**
     * A tail window is shown; the saga opens its stream once (iconising and restoring keep it). Other filters (the
     * window follows the log report's) start over with the new stream.
     */
    logTailRequested(state, action: PayloadAction<{ id: string; url: string }>) {
      const { id, url } = action.payload;
      if (state[id]?.url !== url) state[id] = { status: 'connecting', url, entries: [] };
    },
    logTailReceived(state, action: PayloadAction<{ id: string; logs: LogRow[] }>) {
      const tail = state[action.payload.id];
      if (!tail) return;
      tail.status = 'live';
      tail.entries = [...action.payload.logs].reverse().concat(tail.entries).slice(0, LOG_TAIL_MAX_ENTRIES);
    },
    logTailStopped(state, action: PayloadAction<{ id: string; failed: boolean }>) {
      const tail = state[action.payload.id];
      if (tail) tail.status = action.payload.failed ? 'failed' : 'ended';
    },
    logTailRemoved(state, action: PayloadAction<{ id: string }>) {
      delete state[action.payload.id];
    },
  },
});

export const { logTailRequested, logTailReceived, logTailStopped, logTailRemoved } = logTailSlice.actions;
export const selectLogTail = (id: string) => (s: { logTails: LogTailsState }) => s.logTails[id];
