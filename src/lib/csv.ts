/**
 * CSV building for local exports (spec §9 log report: semicolon separator, newline rows, quoted values; file
 * name `log_export_{name}_{timestamp}.csv`). Pure: the caller hands the text to the browser as a download.
 */

export const CSV_SEPARATOR = ';'; // §9 CSV semicolon separator
export const CSV_ROW_SEPARATOR = '\n'; // §9 newline rows

/**
 * Spreadsheets run a cell starting with one of these as a formula (CSV injection); such a value is prefixed with
 * a single quote so it shows as text. Tab and carriage return are included as OWASP advises.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One value, always quoted, inner quotes doubled (RFC 4180); separators and newlines stay inside the quotes. */
export function quoteCsvValue(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${neutraliseFormula(text).replace(/"/g, '""')}"`;
}

export function toCsv(
  rows: ReadonlyArray<ReadonlyArray<unknown>>,
  separator: string = CSV_SEPARATOR,
): string {
  return rows.map((row) => row.map(quoteCsvValue).join(separator)).join(CSV_ROW_SEPARATOR);
}

/** `log_export_{name}_{timestamp}.csv`; the name is reduced to characters every file system accepts. */
export function csvExportFileName(name: string, timestamp: number): string {
  const safe = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'report';
  return `log_export_${safe}_${timestamp}.csv`;
}
