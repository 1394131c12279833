/**
 * The updates page's data (`/updates/update`): the appliance's update status as `GET {api}updates` returns it, and
 * which admin action is in flight. Loaded by sagas/updates.saga.ts on `updatesLoadRequested` (the route's prefetch).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type {
  AvailableUpdate,
  ScheduleDay,
  UpdateChannel,
  UpdateHistoryEntry,
  UpdateSchedule,
  UpdateStatus,
} from '../../shared/contracts/system';
import type { UpdateChannel, UpdateSchedule, UpdateStatus } from '../../shared/contracts/system';

export type UpdatesAction = 'check' | 'upload' | 'apply' | 'rollback' | 'settings' | 'schedule' | 'key';

export interface UpdatesState {
  load: 'idle' | 'loading' | 'loaded' | 'failed';
  data: UpdateStatus | null;
  /** The admin action in flight (one at a time). */
  pending: UpdatesAction | null;
  /** Version of the last package uploaded in this page, so the page can point at it. */
  uploaded: string | null;
}

const initialState: UpdatesState = { load: 'idle', data: null, pending: null, uploaded: null };

export const updatesSlice = createSlice({
  name: 'updates',
  initialState,
  reducers: {
    updatesLoadRequested(state) {
      if (state.load !== 'loaded') state.load = 'loading';
    },
    updatesLoaded(state, action: PayloadAction<UpdateStatus>) {
      state.load = 'loaded';
      state.data = action.payload;
    },
    updatesLoadFailed(state) {
      if (state.load !== 'loaded') state.load = 'failed';
    },
    updatesCheckRequested(state) {
      state.pending ??= 'check';
    },
    updatePackageUploadRequested: {
      reducer(state) {
        state.pending ??= 'upload';
      },
      // The file rides in `meta.arg`, the place Redux Toolkit keeps non-serialisable call arguments.
      prepare: (file: Blob) => ({ payload: undefined, meta: { arg: file } }),
    },
    updateApplyRequested(state, _action: PayloadAction<{ version: string }>) {
      state.pending ??= 'apply';
    },
    updateRollbackRequested(state) {
      state.pending ??= 'rollback';
    },
    updateSettingsSaveRequested(
      state,
      _action: PayloadAction<{ repository: string | null; channel: UpdateChannel }>,
    ) {
      state.pending ??= 'settings';
    },
    updateScheduleSaveRequested(state, _action: PayloadAction<UpdateSchedule>) {
      state.pending ??= 'schedule';
    },
    /** Installs an Ed25519 public key (PEM) as trusted under `name` (`POST updates/trusted-keys`). */
    updateTrustedKeyAddRequested(state, _action: PayloadAction<{ name: string; pem: string }>) {
      state.pending ??= 'key';
    },
    updatesActionFinished(state, action: PayloadAction<{ uploaded?: string } | undefined>) {
      state.pending = null;
      if (action.payload?.uploaded) state.uploaded = action.payload.uploaded;
    },
  },
});

export const {
  updatesLoadRequested,
  updatesLoaded,
  updatesLoadFailed,
  updatesCheckRequested,
  updatePackageUploadRequested,
  updateApplyRequested,
  updateRollbackRequested,
  updateSettingsSaveRequested,
  updateScheduleSaveRequested,
  updateTrustedKeyAddRequested,
  updatesActionFinished,
} = updatesSlice.actions;
