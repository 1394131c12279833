/**
 * Data of the appliance's configuration pages, by resource key (the API path under the API base, e.g. `dns/proxy`):
 * the last answer, whether it is loading or failed, and the outcome of each save a view asked for. The resources
 * saga owns every call; routes prefetch their keys, so a server render already holds the data.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { Method } from '../../api/client';

export type ResourceStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Why the last load failed: the HTTP status of the answer (none: no answer at all, e.g. the network). */
export interface ResourceLoadError {
  status?: number;
}

export interface ResourceEntry {
  data?: unknown;
  status: ResourceStatus;
  /** The last load's failure, until a load succeeds (kept beside data already shown, which stays). */
  error?: ResourceLoadError;
}

export type SaveStatus = 'pending' | 'done' | 'failed';

export interface ResourceSave {
  /** Chosen by the view so it can follow this save's outcome. */
  requestId: string;
  /** The resource the change belongs to: reloaded after success. */
  key: string;
  method: Extract<Method, 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  /** Path under the API base. */
  path: string;
  body?: unknown;
  /** Success toast text. */
  message?: string;
  /** The answer is an appliance job: the progress overlay follows it and the keys reload when it ends. */
  job?: boolean;
  /** Other keys to reload after success (e.g. a preview). */
  refresh?: string[];
  /** Keep the answer under this key (e.g. a one-time password shown once). */
  resultKey?: string;
}

export interface ResourceLoad {
  key: string;
  /**
   * The key is one entity whose detail page is the 404 page when the appliance does not know it (see useEntity):
   * a 404 answer is then said by the page alone, not also by an error toast.
   */
  notFoundIsPage?: boolean;
  /**
   * A poll of state that changes by itself (a daemon's state): not the person's activity (the session's idle timer
   * keeps running), and a failure other than a lost session is shown by the view, not by a toast every poll.
   */
  passive?: boolean;
}

export interface ResourcesState {
  entries: Record<string, ResourceEntry>;
  saves: Record<string, SaveStatus>;
}

const initialState: ResourcesState = { entries: {}, saves: {} };

export const resourcesSlice = createSlice({
  name: 'resources',
  initialState,
  reducers: {
    resourceLoadRequested(state, action: PayloadAction<ResourceLoad>) {
      const entry = state.entries[action.payload.key];
      // Data already shown stays while it reloads (no flash); only a first load shows as loading.
      if (entry?.status === 'loaded') return;
      // A first load (again, after a failure): nothing to show, and the previous failure is no answer to this one.
      state.entries[action.payload.key] = { status: 'loading' };
    },
    resourceLoaded(state, action: PayloadAction<{ key: string; data: unknown }>) {
      state.entries[action.payload.key] = { data: action.payload.data, status: 'loaded' };
    },
    resourceLoadFailed(state, action: PayloadAction<{ key: string; error?: ResourceLoadError }>) {
      const entry = state.entries[action.payload.key];
      state.entries[action.payload.key] = {
        ...entry,
        status: entry?.data === undefined ? 'failed' : 'loaded',
        error: { ...action.payload.error },
      };
    },
    /**
     * Every page of a list (`users?page=2…`) is stale after a change to the list: the pages are forgotten, and the
     * one on screen loads again (its view keeps showing the last answer meanwhile).
     */
    resourcePagesForgotten(state, action: PayloadAction<{ key: string }>) {
      const prefix = `${action.payload.key}?`;
      for (const key of Object.keys(state.entries)) if (key.startsWith(prefix)) delete state.entries[key];
    },
    resourceSaveRequested: {
      reducer(state, action: PayloadAction<ResourceSave>) {
        state.saves[action.payload.requestId] = 'pending';
      },
      prepare(save: Omit<ResourceSave, 'requestId'> & { requestId?: string }) {
        return { payload: { ...save, requestId: save.requestId ?? nanoid() } };
      },
    },
    resourceSaveFinished(state, action: PayloadAction<{ requestId: string; ok: boolean }>) {
      state.saves[action.payload.requestId] = action.payload.ok ? 'done' : 'failed';
    },
  },
});

export const {
  resourceLoadRequested,
  resourceLoaded,
  resourceLoadFailed,
  resourcePagesForgotten,
  resourceSaveRequested,
  resourceSaveFinished,
} = resourcesSlice.actions;

/** Loads an entity for its detail page, which shows an unknown id as the 404 page (see ResourceLoad). */
export const entityLoadRequested = (key: string) => resourceLoadRequested({ key, notFoundIsPage: true });

type WithResources = { resources: ResourcesState };
const IDLE: ResourceEntry = { status: 'idle' };
export const selectResource = (key: string) => (s: WithResources) => s.resources.entries[key] ?? IDLE;
export const selectSaveStatus = (requestId: string | null) => (s: WithResources) =>
  requestId ? s.resources.saves[requestId] : undefined;
