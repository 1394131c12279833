/**
 * Content of a log-tail window: the newest entries of a live stream opened with the log report's filters at the
 * time the window was opened. The stream belongs to `logTailSaga` and lives as long as the window.
 */
import { useEffect } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import { logTailRequested, selectLogTail } from '../../../store/slices/logTail.slice';
import type { WindowContentProps } from '../../../windows/registry';

export const LOG_TAIL_WINDOW = 'LogTail';

const STATUS = {
  connecting: 'Connecting…',
  live: 'Live',
  ended: 'Stream ended',
  failed: 'The stream was refused',
};

export function LogTailWindow({ windowId, data }: WindowContentProps) {
  const dispatch = useAppDispatch();
  const url = typeof data?.url === 'string' ? data.url : null;
  const tail = useAppSelector(selectLogTail(windowId));
  useEffect(() => {
    if (url) dispatch(logTailRequested({ id: windowId, url }));
  }, [dispatch, windowId, url]);
  if (!url) return <p>This window has no stream address.</p>;
  return (
    <div className="log-tail">
      <p className="log-tail__status" role="status">
        {tail ? STATUS[tail.status] : STATUS.connecting}
        {typeof data?.filters === 'string' ? ` · ${data.filters}` : ''}
      </p>
      {tail && tail.entries.length === 0 && tail.status === 'live' ? (
        <p>No entries match these filters yet.</p>
      ) : null}
      {/* Focusable: keyboard users scroll the entries too. */}
      <ol className="log-tail__entries" aria-label="Newest log entries" tabIndex={0}>
        {tail?.entries.map((e) => (
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
