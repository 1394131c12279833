/**
 * Column widths of spec §9: 200 px first column, 150 px others, the actions column 40 px plus 30 px per icon
 * button (100 px per labelled action), 60 px for the drag column while rows are reorderable. A legend entry's own
 * width wins.
 */
import type { RowAction, TableLegendEntry, TableRow } from './types';

export const FIRST_COLUMN_WIDTH = 200; // §9 table: first column
export const COLUMN_WIDTH = 150; // §9 table: other columns
export const ACTIONS_BASE_WIDTH = 40; // §9 table: +40 for the actions column
export const LABELLED_ACTION_WIDTH = 100; // §9 table: labelled action
export const SORTABLE_COLUMN_WIDTH = 60; // §9 table: drag (sortable rows) column
export const ACTION_BUTTON_WIDTH = 30; // §9 table: per action button
/** Not in the spec: the selection checkbox column. */
export const SELECT_COLUMN_WIDTH = 44;

export function dataColumnWidths(legend: readonly TableLegendEntry[]): number[] {
  return legend.map((entry, i) => entry.width ?? (i === 0 ? FIRST_COLUMN_WIDTH : COLUMN_WIDTH));
}

export function actionsWidth(actions: readonly RowAction[]): number {
  return actions.reduce(
    (sum, a) => sum + (a.type === 'labelled' ? LABELLED_ACTION_WIDTH : ACTION_BUTTON_WIDTH),
    ACTIONS_BASE_WIDTH,
  );
}

/** The widest actions cell over all rows (0 when no row has actions). */
export function actionsColumnWidth(rows: readonly TableRow[]): number {
  let widest = 0;
  for (const row of rows) {
    if (row.actions && row.actions.length > 0) widest = Math.max(widest, actionsWidth(row.actions));
  }
  return widest;
}

/** A column's priority (1 always shown, 2 hidden below 900 px of table, 3 below 1200 px); the first is always 1. */
export function columnPriority(legend: readonly TableLegendEntry[], index: number): 1 | 2 | 3 {
  return index === 0 ? 1 : (legend[index]?.priority ?? 1);
}

/** The widths of every column in order (drag, select, data, actions) and what the table's layout depends on. */
export function tableColumns({
  legend,
  rows,
  reordering,
  selectable,
}: {
  legend: readonly TableLegendEntry[];
  rows: readonly TableRow[];
  reordering: boolean;
  selectable: boolean;
}): { widths: number[]; totalWidth: number; hasActions: boolean } {
  const hasActions = rows.some((r) => r.actions && r.actions.length > 0);
  const widths = [
    ...(reordering ? [SORTABLE_COLUMN_WIDTH] : []),
    ...(selectable ? [SELECT_COLUMN_WIDTH] : []),
    ...dataColumnWidths(legend),
    ...(hasActions ? [actionsColumnWidth(rows)] : []),
  ];
  return { widths, totalWidth: widths.reduce((a, b) => a + b, 0), hasActions };
}

/**
 * The table's minimum width at each priority level, from the widths of `tableColumns`: `[p1, p2, p3]`, where level
 * p counts the columns of priority p or less (level 1: a narrow table, priority-1 columns only; level 3: every
 * column). `firstData` is the index of the first data column in `widths`.
 */
export function levelWidths(
  legend: readonly TableLegendEntry[],
  widths: readonly number[],
  firstData: number,
): [number, number, number] {
  const upTo = (level: number) =>
    widths.reduce((sum, w, i) => {
      const data = i - firstData;
      const shown = data < 0 || data >= legend.length || columnPriority(legend, data) <= level;
      return shown ? sum + w : sum;
    }, 0);
  return [upTo(1), upTo(2), upTo(3)];
}
