/**
 * The log table (spec §2: columns service, when, message; and each entry's severity), newest first. Rows are memoised by entry, so a new
 * batch renders only its own rows. Clicking a service narrows the report to that service.
 */
import { memo } from 'react';
import type { LogEmptyState, LogRow } from '../../../store/slices/logReport.slice';
import { formatWhen, severityLabel, severityTone } from './format';

interface RowProps {
  row: LogRow;
  onNarrow: (service: string) => void;
}

const LogTableRow = memo(function LogTableRow({ row, onNarrow }: RowProps) {
  return (
    <tr>
      <td className="log-report__service-cell">
        <button type="button" className="log-report__service" onClick={() => onNarrow(row.service)}>
          {row.service}
          <span className="visually-hidden"> (show only this service)</span>
        </button>
      </td>
      <td className="log-report__when">
        <time dateTime={new Date(row.timestamp * 1000).toISOString()}>{formatWhen(row.timestamp)}</time>
      </td>
      <td className={`log-report__severity log-report__severity--${severityTone(row.severity)}`}>
        {severityLabel(row.severity)}
      </td>
      <td className="log-report__message" title={row.message}>
        {row.message}
      </td>
    </tr>
  );
});

export interface LogTableProps {
  rows: readonly LogRow[];
  emptyState: LogEmptyState;
  onNarrow: (service: string) => void;
}

export function LogTable({ rows, emptyState, onNarrow }: LogTableProps) {
  return (
    <table className="log-report__table">
      <caption className="visually-hidden">Log entries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Service</th>
          <th scope="col">When</th>
          <th scope="col">Severity</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {emptyState ? (
          <tr>
            <td colSpan={4} className="log-report__empty" role="status">
              {emptyState}
            </td>
          </tr>
        ) : (
          rows.map((row) => <LogTableRow key={row.id} row={row} onNarrow={onNarrow} />)
        )}
      </tbody>
    </table>
  );
}
