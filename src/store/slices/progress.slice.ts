/**
 * The progress overlay's state (spec §2, §3 progress view): the appliance job being applied (configuration or
 * update), its percentage, step x of y and details. Another feature starts one with `progressJobStarted({ id })`;
 * the progress saga attaches to the job's event stream.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ProgressDataType = 'config' | 'upgrade';
export type ProgressStatus = 'running' | 'done' | 'failed';

export interface ProgressDetail {
  name: string;
  status: string;
  progressPercentage: number;
}

/** One `progress` event of the job stream. */
export interface ProgressView {
  id: string;
  dataType: ProgressDataType;
  status: ProgressStatus;
  progressPercentage: number;
  totalSteps: number;
  stepNumber: number;
  details: ProgressDetail[];
  reason?: string;
}

export interface ProgressState {
  jobId: string | null;
  view: ProgressView | null;
  detailsOpen: boolean;
}

const initialState: ProgressState = { jobId: null, view: null, detailsOpen: false };

export const progressSlice = createSlice({
  name: 'progress',
  initialState,
  reducers: {
    progressJobStarted(state, action: PayloadAction<{ id: string; dataType?: ProgressDataType }>) {
      state.jobId = action.payload.id;
      state.view = {
        id: action.payload.id,
        dataType: action.payload.dataType ?? 'config',
        status: 'running',
        progressPercentage: 0,
        totalSteps: 0,
        stepNumber: 0,
        details: [],
      };
    },
    progressUpdated(state, action: PayloadAction<ProgressView>) {
      if (state.jobId !== action.payload.id) return;
      state.view = action.payload;
    },
    /**
     * The overlay goes away: the job is done, the user closed a failed job's overlay, or the job moved into a window
     * (`toWindow`: it still runs, and whoever waits for its end keeps waiting for its final progress).
     */
    progressClosed(state, _action: PayloadAction<{ toWindow?: boolean } | undefined>) {
      state.jobId = null;
      state.view = null;
      state.detailsOpen = false;
    },
    progressDetailsToggled(state) {
      state.detailsOpen = !state.detailsOpen;
    },
  },
});

export const { progressJobStarted, progressUpdated, progressClosed, progressDetailsToggled } =
  progressSlice.actions;

/** Validates one stream event's JSON; undefined when it is not a progress view. */
export function parseProgressView(raw: unknown): ProgressView | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const v = raw as Record<string, unknown>;
  const statuses = ['running', 'done', 'failed'];
  if (v.id === undefined || !statuses.includes(String(v.status))) return undefined;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  return {
    id: String(v.id),
    dataType: v.dataType === 'upgrade' ? 'upgrade' : 'config',
    status: v.status as ProgressStatus,
    progressPercentage: Math.min(100, Math.max(0, num(v.progressPercentage))),
    totalSteps: num(v.totalSteps),
    stepNumber: num(v.stepNumber),
    details: Array.isArray(v.details)
      ? v.details.map((d: Record<string, unknown>) => ({
          name: String(d?.name ?? ''),
          status: String(d?.status ?? ''),
          progressPercentage: Math.min(100, Math.max(0, num(d?.progressPercentage))),
        }))
      : [],
    ...(typeof v.reason === 'string' ? { reason: v.reason } : {}),
  };
}
