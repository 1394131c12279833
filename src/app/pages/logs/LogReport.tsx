/**
 * The live log report (spec §2 live log report, §4 log report). Reads only the store; every user action is a
 * Redux action that the reducer or the stream saga handles. Opening the view starts the stream, leaving it stops it.
 */
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { openWindow } from '../../../store/slices/windows.slice';
import { LOG_TAIL_WINDOW, tailFilters, tailTitle } from './LogTailWindow';
import { usePaletteActions } from '../../palette/actions';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import {
  filtersReset,
  filtersToggled,
  logReportClosed,
  logReportOpened,
  pauseToggled,
  rangeChanged,
  searchChanged,
  selectEmptyState,
  selectLogReport,
  selectVisibleEntries,
  serviceNarrowed,
  servicesApplied,
} from '../../../store/slices/logReport.slice';
import { EventsChart } from './EventsChart';
import { FiltersPanel } from './FiltersPanel';
import { LogTable } from './LogTable';
import { LogToolbar } from './LogToolbar';
import { downloadLogCsv } from './exportCsv';
import './logReport.css';

const FILTERS_ID = 'log-report-filters';
const MemoLogTable = memo(LogTable);

const STATUS_TEXT = {
  idle: '',
  connecting: 'Connecting…',
  live: 'Live',
  ended: 'Stream ended',
  failed: '',
} as const;

export interface LogReportProps {
  /** Download hook (stories and tests pass their own). */
  onExport?: (name: string, rows: Parameters<typeof downloadLogCsv>[1]) => void;
  /** Services to show when the report opens (links such as `/logs/overview?services=auth`). */
  initialServices?: readonly string[];
}

export function LogReport({ onExport = downloadLogCsv, initialServices = [] }: LogReportProps) {
  const dispatch = useAppDispatch();
  const report = useAppSelector(selectLogReport);
  const rows = useAppSelector(selectVisibleEntries);
  const emptyState = useAppSelector(selectEmptyState);

  const initial = initialServices.join(',');
  useEffect(() => {
    // Applied before opening, so the first stream already has the filter.
    if (initial) dispatch(servicesApplied(initial.split(',')));
    dispatch(logReportOpened({ now: Date.now() }));
    return () => {
      dispatch(logReportClosed());
    };
  }, [dispatch, initial]);

  /**
   * A live tail of the current filters in a floating window (spec §4: at most 4 streaming windows); it follows the
   * report's filters as they change until the user unticks "Follow the page's filters" in it.
   */
  const openTail = () => {
    const { url, filters, search } = tailFilters(report, Date.now());
    dispatch(
      openWindow({
        id: `log-tail-${Date.now().toString(36)}`,
        componentName: LOG_TAIL_WINDOW,
        title: tailTitle(filters),
        data: { url, filters, search, follow: true },
        usesEventsStream: true,
        aspect: 'floating',
      }),
    );
  };

  // The palette runs the latest openTail (the filters of the moment) without re-registering on every entry.
  const latestOpenTail = useRef(openTail);
  useEffect(() => {
    latestOpenTail.current = openTail;
  });
  usePaletteActions(
    useMemo(
      () => [
        {
          id: 'logs.open-window',
          name: 'Open the live log in a window',
          keywords: 'tail floating stream',
          run: () => latestOpenTail.current(),
        },
        {
          id: 'logs.pause',
          name: 'Pause or resume the live log',
          keywords: 'stop continue stream',
          run: () => dispatch(pauseToggled()),
        },
        {
          id: 'logs.filters',
          name: 'Show or hide the log filters',
          keywords: 'services filter panel',
          run: () => dispatch(filtersToggled()),
        },
      ],
      [dispatch],
    ),
  );

  const onNarrow = useCallback((service: string) => dispatch(serviceNarrowed(service)), [dispatch]);
  // The table renders at low priority, in slices React can interrupt: typing and clicks stay responsive and no
  // single task grows long while thousands of entries a second arrive.
  const deferredRows = useDeferredValue(rows);
  const deferredEmpty = useDeferredValue(emptyState);

  return (
    <div className="log-report">
      <LogToolbar
        search={report.search}
        range={report.range}
        filtersOpen={report.panelOpen}
        filtersId={FILTERS_ID}
        paused={report.paused}
        newWhilePaused={report.newWhilePaused}
        canExport={rows.length > 0}
        onSearch={(text) => dispatch(searchChanged(text))}
        onRange={(range) => dispatch(rangeChanged(range))}
        onToggleFilters={() => dispatch(filtersToggled())}
        onTogglePause={() => dispatch(pauseToggled())}
        onExport={() => onExport(report.name, rows)}
      />
      {report.panelOpen && (
        // Keyed by the applied services: reopening after a change shows the applied choice.
        <FiltersPanel
          key={report.services.map((s) => (s.enabled ? 1 : 0)).join('')}
          id={FILTERS_ID}
          services={report.services}
          onApply={(enabled) => dispatch(servicesApplied(enabled))}
          onReset={() => dispatch(filtersReset())}
        />
      )}
      <button type="button" className="button log-report__window" onClick={openTail}>
        Open in a window
      </button>
      <div className="log-report__summary">
        <EventsChart metrics={report.metrics} />
        <p className="log-report__status" role="status">
          {report.status === 'failed' ? report.error : STATUS_TEXT[report.status]}
          {report.paused && ' · paused'}
        </p>
      </div>
      <MemoLogTable rows={deferredRows} emptyState={deferredEmpty} onNarrow={onNarrow} />
    </div>
  );
}
