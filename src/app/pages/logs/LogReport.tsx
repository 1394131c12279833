/**
 * The live log report (spec §2 live log report, §4 log report). Reads only the store; every user action is a
 * Redux action that the reducer or the stream saga handles. Opening the view starts the stream, leaving it stops it.
 */
import { memo, useCallback, useDeferredValue, useEffect } from 'react';
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
import { LOG_REPORT_TITLE } from './constants';
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
}

export function LogReport({ onExport = downloadLogCsv }: LogReportProps) {
  const dispatch = useAppDispatch();
  const report = useAppSelector(selectLogReport);
  const rows = useAppSelector(selectVisibleEntries);
  const emptyState = useAppSelector(selectEmptyState);

  useEffect(() => {
    dispatch(logReportOpened({ now: Date.now() }));
    return () => {
      dispatch(logReportClosed());
    };
  }, [dispatch]);

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

export function LogOverviewPage() {
  useEffect(() => {
    document.title = `${LOG_REPORT_TITLE} · Rampart`;
  }, []);
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title">{LOG_REPORT_TITLE}</h1>
      </header>
      <LogReport />
    </section>
  );
}
