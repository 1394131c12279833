/** The report's CSV export: built locally from the rows on screen (spec §7: export makes no call). */
import { csvExportFileName, toCsv } from '../../../lib/csv';
import { DEFAULT_SEVERITY } from '../../../shared/logServices';
import type { LogRow } from '../../../store/slices/logReport.slice';

export const LOG_CSV_HEADER = ['service', 'when', 'severity', 'message'];

export function logRowsToCsv(rows: readonly LogRow[]): string {
  return toCsv([
    LOG_CSV_HEADER,
    ...rows.map((r) => [
      r.service,
      new Date(r.timestamp * 1000).toISOString(),
      r.severity ?? DEFAULT_SEVERITY,
      r.message,
    ]),
  ]);
}

/** Hands the CSV to the browser as a file download. */
export function downloadLogCsv(name: string, rows: readonly LogRow[], now: number = Date.now()): string {
  const fileName = csvExportFileName(name, now);
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', logRowsToCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}
