import { createAppStore } from '../../src/store/createStore';
import type { ApiClient } from '../../src/api/client';
import { logStreamSaga, UI_BATCH_MS, type EventSourceLike } from '../../sagas/logStream.saga';
import { LOG_STREAM_URL, logStreamUrl, startOfDay } from '../../src/store/slices/logReport.slice';
import {
  filtersReset,
  initialLogReportState,
  logReportClosed,
  logReportOpened,
  rangeChanged,
  serviceNarrowed,
  servicesApplied,
} from '../../src/store/slices/logReport.slice';

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, Array<(e: Event | MessageEvent<string>) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: Event | MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: unknown) {
    const event =
      data === undefined
        ? new Event(type)
        : ({ type, data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent<string>);
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
}

const unusedApi = {} as ApiClient;

function setup() {
  const sources: FakeEventSource[] = [];
  const store = createAppStore({
    context: {
      api: unusedApi,
      platform: 'browser',
      eventSource: (url: string) => (sources.push(new FakeEventSource(url)), sources.at(-1)!),
    },
  });
  const task = store.runSaga(logStreamSaga);
  return { store, sources, task };
}

const row = (id: number, service = 'dns', message = `m${id}`) => ({
  id,
  service,
  timestamp: 1_700_000_000 + id,
  message,
});
const NOW = 1_800_000_000_000;

describe('logStreamSaga', () => {
  it('opens one stream when the view opens and closes it when the view closes', () => {
    const { store, sources, task } = setup();
    store.dispatch(logReportOpened({ now: Date.now() }));
    expect(sources).toHaveLength(1);
    expect(sources[0].url).toMatch(new RegExp(`^${LOG_STREAM_URL}\\?from=\\d+$`));
    expect(store.getState().logReport.status).toBe('connecting');
    sources[0].emit('message', { logs: [row(1), row(2)] });
    expect(store.getState().logReport.entries.map((r) => r.id)).toEqual([2, 1]);
    store.dispatch(logReportClosed());
    expect(sources[0].closed).toBe(true);
    sources[0].emit('message', { logs: [row(3)] });
    expect(store.getState().logReport.entries.map((r) => r.id)).toEqual([2, 1]);
    task.cancel();
  });

  it.each([
    ['applying services', servicesApplied(['dns', 'ssh']), /services=dns&services=ssh/],
    ['narrowing to one service', serviceNarrowed('auth'), /services=auth(&|$)/],
    ['resetting', filtersReset(), new RegExp(`^${LOG_STREAM_URL}\\?from=\\d+$`)],
    ['changing the range', rangeChanged({ start: 1_000_000, end: 2_000_000 }), /from=1000&to=2000$/],
  ])('closes the stream, clears the list and opens a new one on %s', (_name, action, url) => {
    const { store, sources, task } = setup();
    store.dispatch(logReportOpened({ now: Date.now() }));
    sources[0].emit('message', { logs: [row(1)] });
    store.dispatch(action);
    expect(sources[0].closed).toBe(true);
    expect(sources).toHaveLength(2);
    expect(sources[1].closed).toBe(false);
    expect(sources[1].url).toMatch(url);
    expect(store.getState().logReport.entries).toEqual([]);
    expect(store.getState().logReport.fetched).toBe(false);
    sources[0].emit('message', { logs: [row(9)] });
    sources[1].emit('message', { logs: [row(2)] });
    expect(store.getState().logReport.entries.map((r) => r.id)).toEqual([2]);
    task.cancel();
  });

  it('stops on an end event and opens again on the next filter change', () => {
    const { store, sources, task } = setup();
    store.dispatch(logReportOpened({ now: Date.now() }));
    sources[0].emit('message', { logs: [row(1)] });
    sources[0].emit('end', '{}');
    expect(sources[0].closed).toBe(true);
    expect(store.getState().logReport.status).toBe('ended');
    expect(store.getState().logReport.entries.map((r) => r.id)).toEqual([1]);
    expect(sources).toHaveLength(1);
    store.dispatch(serviceNarrowed('dns'));
    expect(sources).toHaveLength(2);
    task.cancel();
  });

  it('reports a refused stream and does not reopen it by itself', () => {
    const { store, sources, task } = setup();
    store.dispatch(logReportOpened({ now: Date.now() }));
    sources[0].readyState = 2;
    sources[0].emit('error');
    expect(store.getState().logReport.status).toBe('failed');
    expect(store.getState().logReport.error).toMatch(/could not be opened/);
    expect(sources).toHaveLength(1);
    task.cancel();
  });

  it('ignores a transient error while the browser reconnects', () => {
    const { store, sources, task } = setup();
    store.dispatch(logReportOpened({ now: Date.now() }));
    sources[0].readyState = 0;
    sources[0].emit('error');
    sources[0].emit('message', { logs: [row(1)] });
    expect(store.getState().logReport.status).toBe('live');
    expect(sources[0].closed).toBe(false);
    task.cancel();
  });

  it('replaces the session when the view opens again', () => {
    const { store, sources, task } = setup();
    store.dispatch(logReportOpened({ now: Date.now() }));
    store.dispatch(logReportOpened({ now: Date.now() }));
    expect(sources[0].closed).toBe(true);
    expect(sources[1].closed).toBe(false);
    task.cancel();
    expect(sources[1].closed).toBe(true);
  });

  it('hands the first batch over at once and gathers later ones into one update', async () => {
    const { store, sources, task } = setup();
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().logReport.entries.length));
    store.dispatch(logReportOpened({ now: Date.now() }));
    sources[0].emit('message', { logs: [row(1)] });
    expect(store.getState().logReport.entries).toHaveLength(1);
    seen.length = 0;
    for (let i = 2; i <= 11; i += 1) sources[0].emit('message', { logs: [row(i)] });
    expect(store.getState().logReport.entries).toHaveLength(1);
    await new Promise((r) => setTimeout(r, UI_BATCH_MS + 50));
    expect(store.getState().logReport.entries.map((r) => r.id)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(new Set(seen)).toEqual(new Set([11]));
    unsubscribe();
    task.cancel();
  });

  it('stops on an end event that arrives among gathered batches, keeping the batches', async () => {
    const { store, sources, task } = setup();
    store.dispatch(logReportOpened({ now: Date.now() }));
    sources[0].emit('message', { logs: [] });
    sources[0].emit('message', { logs: [row(1)] });
    sources[0].emit('message', { logs: [row(2)] });
    sources[0].emit('end', '{}');
    await new Promise((r) => setTimeout(r, UI_BATCH_MS + 50));
    expect(store.getState().logReport.status).toBe('ended');
    expect(store.getState().logReport.entries.map((r) => r.id)).toEqual([2, 1]);
    expect(sources[0].closed).toBe(true);
    task.cancel();
  });

  it('takes a metric entry every second while streaming', async () => {
    jest.useFakeTimers();
    try {
      const { store, sources, task } = setup();
      store.dispatch(logReportOpened({ now: Date.now() }));
      sources[0].emit('message', { logs: [row(1), row(2), row(3)] });
      await jest.advanceTimersByTimeAsync(1000);
      await jest.advanceTimersByTimeAsync(1000);
      expect(store.getState().logReport.metrics.map((m) => m.count)).toEqual([3, 0]);
      for (let i = 0; i < 12; i += 1) await jest.advanceTimersByTimeAsync(1000);
      expect(store.getState().logReport.metrics).toHaveLength(10);
      store.dispatch(logReportClosed());
      await jest.advanceTimersByTimeAsync(5000);
      expect(store.getState().logReport.metrics).toHaveLength(10);
      task.cancel();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('logStreamUrl', () => {
  const all = initialLogReportState.services;
  it.each([
    ['all services, no range', { services: all, range: null }, LOG_STREAM_URL],
    [
      'some services',
      { services: all.map((s) => ({ ...s, enabled: s.service === 'ssh' })), range: null },
      `${LOG_STREAM_URL}?services=ssh`,
    ],
    [
      'a live range',
      { services: all, range: { start: NOW - 86_400_000, end: NOW } },
      `${LOG_STREAM_URL}?from=${(NOW - 86_400_000) / 1000}`,
    ],
    [
      'a range ending today (live)',
      { services: all, range: { start: NOW - 7200_000, end: startOfDay(NOW) + 1000 } },
      `${LOG_STREAM_URL}?from=${(NOW - 7200_000) / 1000}`,
    ],
    [
      'a past range',
      { services: all, range: { start: NOW - 3 * 86_400_000, end: NOW - 2 * 86_400_000 } },
      `${LOG_STREAM_URL}?from=${(NOW - 3 * 86_400_000) / 1000}&to=${(NOW - 2 * 86_400_000) / 1000}`,
    ],
  ])('builds %s', (_name, state, expected) => {
    expect(logStreamUrl(state, NOW)).toBe(expected);
  });
});

describe('the stream’s contract', () => {
  it('shows a batch that fits the log stream’s schema and drops (and reports once) those that do not', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, sources, task } = setup();
    store.dispatch(logReportOpened({ now: Date.now() }));
    sources[0].emit('message', { logs: [row(1), { id: 'x' }] });
    sources[0].emit('message', 'not json');
    sources[0].emit('message', { logs: [{ ...row(2), severity: 'loud' }] });
    expect(store.getState().logReport.entries).toEqual([]);
    expect(store.getState().logReport.status).toBe('connecting');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/system\/logs\/stream: a "message" event .*dropped/);
    sources[0].emit('message', { logs: [row(3)] });
    expect(store.getState().logReport.entries.map((r) => r.id)).toEqual([3]);
    task.cancel();
    warn.mockRestore();
  });
});
