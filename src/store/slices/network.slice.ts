/**
 * The network pages' data (overview, analytics) and the home dashboard's status. Sagas load it
 * (`sagas/network.saga.ts`, also during a server render) and feed the live parts (`sagas/networkLive.saga.ts`).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface InterfaceAddress {
  address: string;
  family: 'IPv4' | 'IPv6';
  prefix: number | null;
}

export interface NetworkInterface {
  name: string;
  state: string;
  mtu: number | null;
  speedMbps: number | null;
  loopback: boolean;
  rxBytes: number;
  txBytes: number;
  rxPackets: number;
  txPackets: number;
  rxErrors: number;
  txErrors: number;
  rxDropped: number;
  txDropped: number;
  /** Only for signed-in users. */
  mac?: string | null;
  addresses?: InterfaceAddress[];
}

export type { LiveInterfaceSample, LiveSample } from '../../shared/contracts/network';
import type { LiveSample } from '../../shared/contracts/network';

export interface RatePoint {
  t: number;
  rx: number;
  tx: number;
}

export interface InterfaceSeries {
  interface: string;
  points: RatePoint[];
  rxTotal: number;
  txTotal: number;
}

export interface SamplesAnswer {
  interval_seconds: number;
  retention_days: number;
  from: number;
  to: number;
  interfaces: string[];
  series: InterfaceSeries[];
}

export interface ServiceState {
  name: string;
  state: 'running' | 'off';
  detail: string;
}

export interface SystemStatus {
  cpu_percent: number | null;
  load: [number, number, number];
  memory: { totalBytes: number; freeBytes: number };
  disk: { path: string; totalBytes: number; freeBytes: number } | null;
  uptime_seconds: number;
  appliance_version: string;
  running_jobs: number;
  services: ServiceState[];
  /** Null when the account cannot read the logs area. */
  recent_events: Array<{ id: number; service: string; timestamp: number; message: string }> | null;
}

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
