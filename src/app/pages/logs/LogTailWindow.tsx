/**
 * Content of a log-tail window: the newest entries of a live stream with the log report's filters. While "Follow
 * the page's filters" is ticked (the default) the window takes the report's services, range and keyword as they change
 * (its title says which); unticked, it keeps the filters it has. The stream belongs to `logTailSaga` and lives as
 * long as the window.
 */
import { useEffect, useId } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import { logTailRequested, selectLogTail } from '../../../store/slices/logTail.slice';
import {
  logStreamUrl,
  matchesSearch,
  selectLogReport,
  type LogReportState,
} from '../../../store/slices/logReport.slice';
import type { WindowContentProps } from '../../../windows/registry';
import { updateWindow } from '../../../store/slices/windows.slice';

export const LOG_TAIL_WINDOW = 'LogTail';

/** The stream address and a readable summary of the report's filters. */
export function tailFilters(report: Pick<LogReportState, 'services' | 'range' | 'search'>, now: number) {
  const enabled = report.services.filter((s) => s.enabled).map((s) => s.service);
  const search = report.search.trim();
  const filters = `${enabled.length === report.services.length ? 'all services' : enabled.join(', ')}${
    search ? ` · “${search}”` : ''
  }`;
  return { url: logStreamUrl(report, now), filters, search };
}
export const tailTitle = (filters: string) => `Live log: ${filters}`;

const STATUS = {
  connecting: 'Connecting…',
  live: 'Live',
  ended: 'Stream ended',
  failed: 'The stream was refused',
};

export function LogTailWindow({ windowId, data }: WindowContentProps) {
  const dispatch = useAppDispatch();
  const followId = useId();
  const url = typeof data?.url === 'string' ? data.url : null;
  const follow = data?.follow === true;
  const tail = useAppSelector(selectLogTail(windowId));
  const services = useAppSelector((s) => selectLogReport(s).services);
  const range = useAppSelector((s) => selectLogReport(s).range);
  const reportSearch = useAppSelector((s) => selectLogReport(s).search);
  // The keyword is matched here, as the report matches it (the stream only knows services and range).
  const search = typeof data?.search === 'string' ? data.search : '';
  useEffect(() => {
    if (!follow || !url) return;
    // The report's filters as a stream address (the range's end only matters once it lies before today).
    const latest = tailFilters({ services, range, search: reportSearch }, Date.now());
    if (latest.url === url && latest.search === search) return;
    dispatch(
      updateWindow(windowId, {
        title: tailTitle(latest.filters),
        data: { ...data, url: latest.url, filters: latest.filters, search: latest.search },
      }),
    );
  }, [dispatch, windowId, follow, url, search, services, range, reportSearch, data]);
  const entries = search ? tail?.entries.filter((e) => matchesSearch(e, search)) : tail?.entries;
  useEffect(() => {
    if (url) dispatch(logTailRequested({ id: windowId, url }));
  }, [dispatch, windowId, url]);
  if (!url) return <p>This window has no stream address.</p>;
  return (
    <div className="log-tail">
      <label className="log-tail__follow" htmlFor={followId}>
        <input
          id={followId}
          type="checkbox"
          checked={follow}
          onChange={(e) => dispatch(updateWindow(windowId, { data: { ...data, follow: e.target.checked } }))}
        />{' '}
        Follow the page's filters
      </label>
      <p className="log-tail__status" role="status">
        {tail ? STATUS[tail.status] : STATUS.connecting}
        {typeof data?.filters === 'string' ? ` · ${data.filters}` : ''}
      </p>
      {tail && entries?.length === 0 && tail.status === 'live' ? (
        <p>No entries match these filters yet.</p>
      ) : null}
      {/* Focusable: keyboard users scroll the entries too. */}
      <ol className="log-tail__entries" aria-label="Newest log entries" tabIndex={0}>
        {entries?.map((e) => (
          <li key={e.id}>
            <time dateTime={new Date(e.timestamp * 1000).toISOString()}>
              {formatDateTime(e.timestamp * 1000, { seconds: true })}
            </time>{' '}
            <strong>{e.service}</strong> {e.message}
          </li>
        ))}
      </ol>
    </div>
  );
}
