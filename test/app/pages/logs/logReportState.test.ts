/** The report's state (src/store/slices/logReport.slice.ts) as the page relies on it. */
import {
  initialLogReportState,
  logReportOpened,
  logReportSlice,
  logsReceived,
  metricTick,
  pauseToggled,
  rangeChanged,
  selectEmptyState,
  selectVisibleEntries,
  servicesApplied,
  type LogReportState,
  type LogRow,
} from '../../../../src/store/slices/logReport.slice';

const reduce = (state: LogReportState, ...actions: Array<{ type: string; payload?: unknown }>) =>
  actions.reduce((s, a) => logReportSlice.reducer(s, a as never), state);
const rows = (from: number, n: number): LogRow[] =>
  Array.from({ length: n }, (_, i) => ({
    id: from + i,
    service: 'dns',
    timestamp: from + i,
    message: `Message ${from + i}`,
  }));
const opened = reduce(initialLogReportState, logReportOpened({ now: 1_000_000_000 }));

describe('log report state', () => {
  it('defaults the range to the last 24 hours when the view opens', () => {
    expect(opened.range).toEqual({ start: 1_000_000_000 - 86_400_000, end: 1_000_000_000 });
  });

  it('keeps the newest 200 entries, newest first, even from one large batch', () => {
    const s = reduce(opened, logsReceived(rows(1, 150)), logsReceived(rows(151, 300)));
    expect(s.entries).toHaveLength(200);
    expect(s.entries[0].id).toBe(450);
    expect(s.entries[199].id).toBe(251);
    expect(s.counter).toBe(450);
  });

  it.each([
    ['no service', servicesApplied([])],
    ['an unknown service only', servicesApplied(['mail'])],
    ['a start after the end', rangeChanged({ start: 10, end: 5 })],
  ])('ignores applying %s', (_name, action) => {
    const before = reduce(opened, logsReceived(rows(1, 3)));
    expect(reduce(before, action)).toEqual(before);
  });

  it('keeps the last 10 metric entries, padding idle seconds with 0', () => {
    let s = reduce(opened, logsReceived(rows(1, 5)), metricTick({ time: 1 }), metricTick({ time: 2 }));
    expect(s.metrics).toEqual([
      { time: 1, count: 5 },
      { time: 2, count: 0 },
    ]);
    for (let t = 3; t <= 15; t += 1) s = reduce(s, metricTick({ time: t }));
    expect(s.metrics.map((m) => m.time)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  });

  it('freezes what is shown while paused and counts what arrives', () => {
    const s = reduce(opened, logsReceived(rows(1, 2)), pauseToggled(), logsReceived(rows(3, 4)));
    expect(selectVisibleEntries({ logReport: s }).map((r) => r.id)).toEqual([2, 1]);
    expect(s.newWhilePaused).toBe(4);
    const resumed = reduce(s, pauseToggled());
    expect(selectVisibleEntries({ logReport: resumed }).map((r) => r.id)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it.each([
    ['before any data', opened, 'fetching data...'],
    ['after an empty answer', reduce(opened, logsReceived([])), 'no data currently available'],
    [
      'with a search that matches nothing',
      reduce(opened, logsReceived(rows(1, 2)), { type: 'logReport/searchChanged', payload: 'zzz' }),
      'no data found',
    ],
    [
      'with a search before data',
      reduce(opened, { type: 'logReport/searchChanged', payload: 'zzz' }),
      'no data found',
    ],
    [
      'with a matching search, any case',
      reduce(opened, logsReceived(rows(1, 2)), { type: 'logReport/searchChanged', payload: 'MESSAGE 2' }),
      null,
    ],
  ])('empty state %s', (_name, state, expected) => {
    expect(selectEmptyState({ logReport: state })).toBe(expected);
  });
});
