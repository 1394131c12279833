/**
 * Data shapes of the data table (spec §3: table legend entry, row, item, row action, bulk action).
 * Plain data so a selector can build rows from the store; icons are React nodes supplied by the page.
 */
import type { ReactNode } from 'react';

/** Accent variants of spec §3, used for status bullets and tags. */
export type AccentColor = 'red' | 'gold' | 'orange' | 'green' | 'blue' | 'grey';

/**
 * A column header. `width` (px) overrides the §9 default; `sortable: false` takes the column out of sorting.
 * `priority` says when the column gives way to a narrow table (the table's own width, a container query, not the
 * window's): 1 (default) always shown; 2 hidden when the table is narrower than 900 px; 3 hidden below 1200 px. The
 * first column is always shown, whatever its priority: it names the row and leads to its detail.
 */
export interface TableLegendEntry {
  title: string;
  width?: number;
  sortable?: boolean;
  priority?: 1 | 2 | 3;
}

export interface TableTag {
  name: string;
  color?: AccentColor;
  icon?: ReactNode;
}

export interface TableChartData {
  type: 'vertical-bars';
  values: number[];
}

/** One cell. `value` is shown; `sortValue` orders instead of it; `extraSearchValue` is matched by search but not shown. */
export interface TableItem {
  value: string | number | null | undefined;
  description?: string;
  sortValue?: string | number;
  extraSearchValue?: string;
  icon?: ReactNode;
  /** Colour of the status bullet; `statusLabel` (else the colour name) is its text, so colour is never the only signal. */
  statusBullColor?: AccentColor;
  statusLabel?: string;
  /** A warning shown as an icon with this text. */
  warning?: string;
  extraData?: unknown;
  chartData?: TableChartData;
  tags?: TableTag[];
  /**
   * The value is a real link to this address (middle-click and Ctrl+click open a new tab); a plain left click calls
   * the table's `onNavigate` instead, when it has one, so the page can navigate client-side.
   */
  href?: string;
}

export interface SelectOption {
  name: string;
  value: string;
}

/**
 * A button in the row's actions cell. `value` is its label: shown as text when `type` is 'labelled', otherwise the
 * accessible name of an icon button. With `options` it opens a menu and reports the chosen option.
 */
export interface RowAction {
  id: string;
  value: string;
  /** The accessible name, when "value row-name" reads wrong ("Send test to SIEM" rather than "Send test SIEM"). */
  label?: string;
  icon?: ReactNode;
  type?: 'icon' | 'labelled';
  disabled?: boolean;
  isLoading?: boolean;
  options?: SelectOption[];
}

export interface TableRow {
  id: string;
  items: TableItem[];
  actions?: RowAction[];
  disabled?: boolean;
  invalid?: boolean;
  /** False: the row has no usable checkbox and "select all" skips it (default true). */
  selectable?: boolean;
  /** Why the row cannot be selected (e.g. "Your own account cannot be selected"): the checkbox's description. */
  selectionNote?: string;
}

export interface BulkAction {
  id: string;
  value: string;
  icon?: ReactNode;
  /** When set, the action asks for confirmation with this message first (a Yes / No question). */
  confirmationMessage?: string;
  /**
   * When set, the action asks first with a dialog that names the action and the count: "Delete 3 users" (verb +
   * count + the table's `itemName`) as its title and confirm button, `detail` below, up to 5 of the selected rows'
   * names, and Cancel. Delete, Revoke and Disable get the danger button. Wins over `confirmationMessage`.
   */
  confirm?: { verb: string; detail?: string };
}

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  column: number;
  direction: SortDirection;
}

/** How the table names its rows in counts and confirmations: `{ one: 'user', other: 'users' }`. */
export interface ItemName {
  one: string;
  other: string;
}

/**
 * Server paging: `rows` are already the page (searched, sorted and sliced by the server). `page` is 1-based;
 * `onPageChange` gets the new page and page size (a new page size goes back to page 1).
 */
export interface ServerPaging {
  total: number;
  page: number;
  perPage: number;
  onPageChange: (page: number, perPage: number) => void;
}
