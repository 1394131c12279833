/**
 * Data shapes of the data table (spec §3: table legend entry, row, item, row action, bulk action).
 * Plain data so a selector can build rows from the store; icons are React nodes supplied by the page.
 */
import type { ReactNode } from 'react';

/** Accent variants of spec §3, used for status bullets and tags. */
export type AccentColor = 'red' | 'gold' | 'orange' | 'green' | 'blue' | 'grey';

/** A column header. `width` (px) overrides the §9 default; `sortable: false` takes the column out of sorting. */
export interface TableLegendEntry {
  title: string;
  width?: number;
  sortable?: boolean;
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
}

export interface BulkAction {
  id: string;
  value: string;
  icon?: ReactNode;
  /** When set, the action asks for confirmation with this message first. */
  confirmationMessage?: string;
}

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  column: number;
  direction: SortDirection;
}
