/**
 * The live log report (spec §2 live log report, §3 report input and service filter, §4 log report, §9 log report
 * constants). The stream saga feeds it; the view reads it through the selectors below.
 */
import { createSelector, createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import { LOG_SERVICES, type LogSeverity } from '../../shared/logServices';
import { logStream } from '../../shared/contracts/coreShell';
import { streamUrlOf } from '../../shared/contracts/stream';

export const LOG_REPORT_MAX_ENTRIES = 200; // §9 at most 200 entries kept (newest first)
export const LOG_REPORT_METRIC_ENTRIES = 10; // §9 last 10 metric entries used for recent-events count
export const LOG_REPORT_DEFAULT_RANGE_MS = 86_400_000; // §9 default range 86400000 ms
export const LOG_REPORT_NAME = 'overview';

export interface LogRow {
  id: number;
  service: string;
  /** Seconds since the epoch (spec §3). */
  timestamp: number;
  message: string;
  /** The syslog severity (src/shared/logServices.ts); none from an older appliance: shown as info. */
  severity?: LogSeverity;
}

/** Spec §3 service filter. */
export interface ServiceFilter {
  service: string;
  enabled: boolean;
}

export interface MetricEntry {
  /** Milliseconds since the epoch when the count was taken. */
  time: number;
  count: number;
}

export type LogStreamStatus = 'idle' | 'connecting' | 'live' | 'ended' | 'failed';

export interface LogReportState {
  /** Spec §3 report input name (used in the export file name). */
  name: string;
  services: ServiceFilter[];
  /** Milliseconds; null until the view opens (the default is "the last 24 hours" from then). */
  range: { start: number; end: number } | null;
  search: string;
  /** Newest first, at most LOG_REPORT_MAX_ENTRIES. */
  entries: LogRow[];
  /** The stream has answered at least once since it was (re)opened. */
  fetched: boolean;
  status: LogStreamStatus;
  error: string | null;
  /** While paused the table shows `frozen`; entries keep arriving and are counted. */
  paused: boolean;
  frozen: LogRow[] | null;
  newWhilePaused: number;
  metrics: MetricEntry[];
  /** Entries received since the last metric entry. */
  counter: number;
  panelOpen: boolean;
}

const allServices = (): ServiceFilter[] => LOG_SERVICES.map((service) => ({ service, enabled: true }));

export const initialLogReportState: LogReportState = {
  name: LOG_REPORT_NAME,
  services: allServices(),
  range: null,
  search: '',
  entries: [],
  fetched: false,
  status: 'idle',
  error: null,
  paused: false,
  frozen: null,
  newWhilePaused: 0,
  metrics: [],
  counter: 0,
  panelOpen: false,
};

/** Every change of what the stream asks for starts over: empty list, not fetched, not paused. */
function restart(state: LogReportState) {
  state.entries = [];
  state.fetched = false;
  state.status = 'connecting';
  state.error = null;
  state.paused = false;
  state.frozen = null;
  state.newWhilePaused = 0;
  state.metrics = [];
  state.counter = 0;
}

export const logReportSlice = createSlice({
  name: 'logReport',
  initialState: initialLogReportState,
  reducers: {
    /** The view opened: default range if none yet, then the saga opens the stream. */
    logReportOpened(state, action: PayloadAction<{ now: number }>) {
      if (!state.range)
        state.range = { start: action.payload.now - LOG_REPORT_DEFAULT_RANGE_MS, end: action.payload.now };
      restart(state);
    },
    logReportClosed(state) {
      state.status = 'idle';
    },
    /** Apply filters: the enabled services (at least one, else ignored). */
    servicesApplied(state, action: PayloadAction<string[]>) {
      const enabled = new Set(action.payload);
      if (!state.services.some((s) => enabled.has(s.service))) return;
      state.services = state.services.map((s) => ({ ...s, enabled: enabled.has(s.service) }));
      restart(state);
    },
    /** Reset enables every service and closes the panel (spec §4). */
    filtersReset(state) {
      state.services = allServices();
      state.panelOpen = false;
      restart(state);
    },
    /** A click on a service cell: only that service. */
    serviceNarrowed(state, action: PayloadAction<string>) {
      if (!state.services.some((s) => s.service === action.payload)) return;
      state.services = state.services.map((s) => ({ ...s, enabled: s.service === action.payload }));
      restart(state);
    },
    rangeChanged(state, action: PayloadAction<{ start: number; end: number }>) {
      const { start, end } = action.payload;
      if (!(start < end)) return;
      state.range = { start, end };
      restart(state);
    },
    searchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    filtersToggled(state) {
      state.panelOpen = !state.panelOpen;
    },
    /** A batch from the stream, oldest first as sent. */
    logsReceived(state, action: PayloadAction<LogRow[]>) {
      const batch = action.payload;
      state.fetched = true;
      state.status = 'live';
      state.error = null;
      if (batch.length === 0) return;
      state.counter += batch.length;
      if (state.paused) state.newWhilePaused += batch.length;
      const newest = batch.slice(-LOG_REPORT_MAX_ENTRIES).reverse();
      // The previous rows, not drafts of them: at 2,000 entries/s, drafting 200 rows per batch adds up.
      const previous = original(state.entries) ?? [];
      state.entries = newest.concat(previous.slice(0, LOG_REPORT_MAX_ENTRIES - newest.length));
    },
    streamEnded(state) {
      state.fetched = true;
      state.status = 'ended';
    },
    streamFailed(state, action: PayloadAction<string>) {
      state.fetched = true;
      state.status = 'failed';
      state.error = action.payload;
    },
    /** Every padding interval: the count since the last one (0 pads an idle second). */
    metricTick(state, action: PayloadAction<{ time: number }>) {
      state.metrics = [...state.metrics, { time: action.payload.time, count: state.counter }].slice(
        -LOG_REPORT_METRIC_ENTRIES,
      );
      state.counter = 0;
    },
    pauseToggled(state) {
      state.paused = !state.paused;
      state.frozen = state.paused ? (original(state.entries) ?? null) : null;
      state.newWhilePaused = 0;
    },
  },
});

export const {
  logReportOpened,
  logReportClosed,
  servicesApplied,
  filtersReset,
  serviceNarrowed,
  rangeChanged,
  searchChanged,
  filtersToggled,
  logsReceived,
  streamEnded,
  streamFailed,
  metricTick,
  pauseToggled,
} = logReportSlice.actions;

/** Actions after which the stream is closed and a new one opened (spec §4). */
export const LOG_STREAM_RESTART_ACTIONS = [
  servicesApplied.type,
  filtersReset.type,
  serviceNarrowed.type,
  rangeChanged.type,
];

type WithLogReport = { logReport: LogReportState };
export const selectLogReport = (s: WithLogReport) => s.logReport;

/** Case-insensitive substring match on the message (spec §5). */
export function matchesSearch(row: LogRow, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || row.message.toLowerCase().includes(needle);
}

export const selectVisibleEntries = createSelector(
  [(s: WithLogReport) => s.logReport.frozen ?? s.logReport.entries, (s: WithLogReport) => s.logReport.search],
  (rows, search) => (search.trim() ? rows.filter((r) => matchesSearch(r, search)) : rows),
);

export type LogEmptyState = 'no data found' | 'no data currently available' | 'fetching data...' | null;

/** Spec §2 empty states, worded exactly. */
export const selectEmptyState = (s: WithLogReport): LogEmptyState => {
  if (selectVisibleEntries(s).length > 0) return null;
  if (s.logReport.search.trim()) return 'no data found';
  return s.logReport.fetched ? 'no data currently available' : 'fetching data...';
};

/** The log stream (spec §7 `GET /eos/system/logs/stream`), followed by sagas/logStream.saga.ts. */
export const LOG_STREAM_URL = streamUrlOf(logStream);

/** The start of the local day of `ms`: an end date on the current day means "until now and onwards" (live). */
export function startOfDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/**
 * The stream address: services only when not all are enabled (spec §7), `from`, and `to` only when the end date is
 * a day before today (a past range the server ends with `end`); an end date of today keeps the stream live.
 */
export function logStreamUrl(state: Pick<LogReportState, 'services' | 'range'>, now: number): string {
  const params = new URLSearchParams();
  const enabled = state.services.filter((s) => s.enabled).map((s) => s.service);
  if (enabled.length < LOG_SERVICES.length) for (const s of enabled) params.append('services', s);
  if (state.range) {
    params.set('from', String(Math.max(0, Math.floor(state.range.start / 1000))));
    if (state.range.end < startOfDay(now)) params.set('to', String(Math.ceil(state.range.end / 1000)));
  }
  const query = params.toString();
  return query ? `${LOG_STREAM_URL}?${query}` : LOG_STREAM_URL;
}
