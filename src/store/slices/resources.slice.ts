/**
 * Data of the appliance's configuration pages, by resource key (the API path under the API base, e.g. `dns/proxy`):
 * the last answer, whether it is loading or failed, and the outcome of each save a view asked for. The resources
 * saga owns every call; routes prefetch their keys, so a server render already holds the data.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { Method } from '../../api/client';
import {
  keyOf,
  pathOf,
  type AnyEndpoint,
  type BodyOf,
  type EndpointMethod,
  type ParamsOf,
  type QueryOf,
} from '../../shared/contracts/endpoint';

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
  /** Request headers of this save (the `X-Change-Reason` a dialog's Reason field gives: `changeReasonHeaders`). */
  headers?: Record<string, string>;
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

/** An endpoint that changes something (what a save sends). */
export type WriteEndpoint = AnyEndpoint & { method: Exclude<EndpointMethod, 'GET'> };

type Given<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/**
 * A save described by its endpoint (src/shared/contracts): `{ endpoint: dns.putProxySettings, body, key, message }`,
 * with `params` when the path has some. Resolved by `saveOf` into the slice's plain `ResourceSave` (actions stay
 * plain data).
 */
export type EndpointSave<E extends WriteEndpoint> = Omit<
  ResourceSave,
  'requestId' | 'method' | 'path' | 'body'
> & {
  endpoint: E;
} & Given<'params', ParamsOf<E>> &
  Given<'body', BodyOf<E>>;

/** The plain save of an endpoint save: its method, its path with the params filled in, its body. */
export function saveOf<E extends WriteEndpoint>(change: EndpointSave<E>): Omit<ResourceSave, 'requestId'> {
  const { endpoint, params, body, ...rest } = change as EndpointSave<WriteEndpoint> & {
    params?: Record<string, unknown>;
    body?: unknown;
  };
  return {
    ...rest,
    method: endpoint.method,
    path: pathOf(endpoint, params),
    ...(body === undefined ? {} : { body }),
  };
}

/** A GET endpoint (what a resource is loaded from). */
export type ReadEndpoint = AnyEndpoint & { method: 'GET' };

/** What locates a GET endpoint's answer: its params and query, when it has them. */
export type EndpointAt<E extends ReadEndpoint> = Given<'params', ParamsOf<E>> & { query?: QueryOf<E> };

/** The resource key of a GET endpoint's answer (the path under the API base, with the query string). */
export const resourceKeyOf = <E extends ReadEndpoint>(endpoint: E, at?: EndpointAt<E>): string =>
  keyOf(endpoint, at?.params as Record<string, unknown> | undefined, at?.query as object | undefined);

type WithResources = { resources: ResourcesState };
const IDLE: ResourceEntry = { status: 'idle' };
export const selectResource = (key: string) => (s: WithResources) => s.resources.entries[key] ?? IDLE;
export const selectSaveStatus = (requestId: string | null) => (s: WithResources) =>
  requestId ? s.resources.saves[requestId] : undefined;
