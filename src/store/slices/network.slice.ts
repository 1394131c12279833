/**
 * The network pages' data (overview, analytics) and the home dashboard's status. Sagas load it
 * (`sagas/network.saga.ts`, also during a server render) and feed the live parts (`sagas/networkLive.saga.ts`).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type * as network from '../../shared/contracts/network';
import type { ResponseOf } from '../../shared/contracts/endpoint';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

type Interfaces = ResponseOf<typeof network.getInterfaces>;
/** An interface as `network.getInterfaces` answers it (MAC and addresses only for signed-in users). */
export type NetworkInterface = Interfaces['data'][number];
export type InterfaceAddress = NonNullable<NetworkInterface['addresses']>[number];

export type { LiveInterfaceSample, LiveSample } from '../../shared/contracts/network';
import type { LiveSample } from '../../shared/contracts/network';

/** Recorded throughput between two times (`network.getSamples`). */
export type SamplesAnswer = ResponseOf<typeof network.getSamples>;
export type InterfaceSeries = SamplesAnswer['series'][number];
export type RatePoint = InterfaceSeries['points'][number];

/** The host's status (`network.getSystemStatus`; `recent_events` is null when the account cannot read the logs). */
export type SystemStatus = ResponseOf<typeof network.getSystemStatus>;
export type ServiceState = SystemStatus['services'][number];

import type { DashboardSummary } from '../../shared/dashboard';

export type { DashboardSummary };

/** One reading of CPU and memory kept by the client for the dashboard's sparklines (the server keeps no history). */
export interface StatusPoint {
  t: number;
  cpu: number | null;
  memory: number;
}

/** Readings kept for the sparklines: 36 × 5 s = the last three minutes. */
export const STATUS_HISTORY = 36;

/** §9: live charts keep the last 60 points (one a second). */
export const LIVE_HISTORY = 60;

export interface NetworkState {
  interfaces: { status: LoadStatus; signedIn: boolean; data: NetworkInterface[] };
  live: { connected: boolean; failed: boolean; last: LiveSample | null; history: LiveSample[] };
  analytics: { status: LoadStatus; range: { from: number; to: number } | null; data: SamplesAnswer | null };
  status: { status: LoadStatus; data: SystemStatus | null };
  statusHistory: StatusPoint[];
  dashboard: { status: LoadStatus; data: DashboardSummary | null };
}

const initialState: NetworkState = {
  interfaces: { status: 'idle', signedIn: false, data: [] },
  live: { connected: false, failed: false, last: null, history: [] },
  analytics: { status: 'idle', range: null, data: null },
  status: { status: 'idle', data: null },
  statusHistory: [],
  dashboard: { status: 'idle', data: null },
};

export const networkSlice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    interfacesRequested(state) {
      if (state.interfaces.status !== 'loaded') state.interfaces.status = 'loading';
    },
    interfacesLoaded(state, action: PayloadAction<{ signedIn: boolean; data: NetworkInterface[] }>) {
      state.interfaces = { status: 'loaded', ...action.payload };
    },
    interfacesFailed(state) {
      state.interfaces.status = 'failed';
    },
    liveOpened(state) {
      state.live.failed = false;
    },
    liveClosed(state) {
      state.live.connected = false;
    },
    liveFailed(state) {
      state.live.connected = false;
      state.live.failed = true;
    },
    liveSampleReceived(state, action: PayloadAction<LiveSample>) {
      state.live.connected = true;
      state.live.last = action.payload;
      state.live.history = [...state.live.history, action.payload].slice(-LIVE_HISTORY);
    },
    /** `settle`: the range is being dragged; load once it stays put (see `loadAnalytics`). */
    analyticsRequested(state, action: PayloadAction<{ from: number; to: number; settle?: boolean }>) {
      state.analytics.status = 'loading';
      state.analytics.range = { from: action.payload.from, to: action.payload.to };
    },
    analyticsLoaded(state, action: PayloadAction<SamplesAnswer>) {
      state.analytics.status = 'loaded';
      state.analytics.data = action.payload;
    },
    analyticsFailed(state) {
      state.analytics.status = 'failed';
    },
    statusRequested(state) {
      if (state.status.status !== 'loaded') state.status.status = 'loading';
    },
    statusLoaded(state, action: PayloadAction<SystemStatus>) {
      state.status = { status: 'loaded', data: action.payload };
      const { memory, cpu_percent } = action.payload;
      const used =
        memory.totalBytes > 0 ? ((memory.totalBytes - memory.freeBytes) / memory.totalBytes) * 100 : 0;
      state.statusHistory = [
        ...state.statusHistory,
        {
          t: Date.now(),
          cpu: cpu_percent === null ? null : Math.round(cpu_percent * 10) / 10,
          memory: Math.round(used * 10) / 10,
        },
      ].slice(-STATUS_HISTORY);
    },
    statusFailed(state) {
      // A dashboard that loaded once keeps its last values; only a first failure shows as failed.
      if (state.status.status !== 'loaded') state.status.status = 'failed';
    },
    dashboardRequested(state) {
      if (state.dashboard.status !== 'loaded') state.dashboard.status = 'loading';
    },
    dashboardLoaded(state, action: PayloadAction<DashboardSummary>) {
      state.dashboard = { status: 'loaded', data: action.payload };
    },
    dashboardFailed(state) {
      if (state.dashboard.status !== 'loaded') state.dashboard.status = 'failed';
    },
    homeOpened() {},
    homeClosed() {},
  },
});

export const {
  interfacesRequested,
  interfacesLoaded,
  interfacesFailed,
  liveOpened,
  liveClosed,
  liveFailed,
  liveSampleReceived,
  analyticsRequested,
  analyticsLoaded,
  analyticsFailed,
  statusRequested,
  statusLoaded,
  statusFailed,
  homeOpened,
  homeClosed,
  dashboardRequested,
  dashboardLoaded,
  dashboardFailed,
} = networkSlice.actions;

export const selectNetwork = (s: { network: NetworkState }) => s.network;
