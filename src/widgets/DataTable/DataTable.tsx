/**
 * The data table (spec §2 shared widgets, §3 rows and items, §4 table states, §9 widths): search, sort cycling
 * ascending → descending → none (off while reordering or searching), drag reorder (@dnd-kit, plus arrow keys on the
 * drag handle), row selection with a bulk-actions bar, row actions, and virtualised rows (@tanstack/react-virtual)
 * above `virtualizeThreshold` rows so 10,000 rows stay smooth. A real <table> with column and row headers.
 *
 * State lives in `useTableState`, virtualisation in `useVirtualRows`; the toolbar, bulk bar, head and body are parts.
 */
import { useId, type ReactNode } from 'react';
import { BulkBar } from './BulkBar';
import { ConfirmDialog } from './ConfirmDialog';
import { TableBody } from './TableBody';
import { TableHead } from './TableHead';
import { Toolbar } from './Toolbar';
import { tableColumns } from './columnWidths';
import { useTableState } from './useTableState';
import { useVirtualRows } from './useVirtualRows';
import type { BulkHandler } from './useBulkSelection';
import type { BulkAction, SortState, TableLegendEntry, TableRow } from './types';
import './DataTable.css';

export interface DataTableProps {
  /** Accessible name of the table (its caption; visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  legend: readonly TableLegendEntry[];
  rows: readonly TableRow[];

  /** Show the search box (default true). */
  searchable?: boolean;
  searchLabel?: string;
  initialSearch?: string;
  onSearchChange?: (query: string) => void;

  /** Allow sorting by column headers (default true; a legend entry can opt out). */
  sortable?: boolean;
  initialSort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;

  /** Show the "Reorder rows" toggle; `onReorder` receives all row ids in their new order. */
  reorderable?: boolean;
  onReorder?: (rowIds: string[]) => void;

  /** Bulk actions; when present rows get selection checkboxes. */
  bulkActions?: readonly BulkAction[];
  /** Runs a bulk action; return a promise to keep the bar busy until it settles (selection then clears). */
  onBulkAction?: BulkHandler;
  /** Controlled processing flag: the selection clears when it goes from true to false. */
  bulkProcessing?: boolean;

  onRowAction?: (rowId: string, actionId: string, option?: string) => void;

  loading?: boolean;
  emptyMessage?: string;
  noResultsMessage?: string;
  loadingMessage?: string;

  /** Extra controls at the end of the toolbar. */
  toolbar?: ReactNode;
  /** Height of the scrolling body in px (default 480). */
  maxHeight?: number;
  /** Fixed row height in px used for virtualisation (default 52). */
  rowHeight?: number;
  /** Virtualise when there are more rows than this (default 100). */
  virtualizeThreshold?: number;
}

const DEFAULTS = {
  emptyMessage: 'No data currently available',
  noResultsMessage: 'No data found',
  loadingMessage: 'Fetching data...',
};

export function DataTable({
  caption,
  showCaption = false,
  legend,
  rows,
  searchable = true,
  searchLabel = 'Search table',
  initialSearch = '',
  onSearchChange,
  sortable = true,
  initialSort = null,
  onSortChange,
  reorderable = false,
  onReorder,
  bulkActions = [],
  onBulkAction,
  bulkProcessing,
  onRowAction,
  loading = false,
  emptyMessage = DEFAULTS.emptyMessage,
  noResultsMessage = DEFAULTS.noResultsMessage,
  loadingMessage = DEFAULTS.loadingMessage,
  toolbar,
  maxHeight = 480,
  rowHeight = 52,
  virtualizeThreshold = 100,
}: DataTableProps) {
  const ids = { note: useId(), handleHelp: useId() };
  const table = useTableState({
    rows,
    initialSearch,
    onSearchChange,
    initialSort,
    onSortChange,
    onReorder,
    bulkActions,
    onBulkAction,
    bulkProcessing,
  });
  const { visible, reordering, searching, selection } = table;
  const { widths, totalWidth, hasActions } = tableColumns({
    legend,
    rows,
    reordering,
    selectable: selection.selectable,
  });
  const { scrollRef, virtual, rendered, padTop, padBottom } = useVirtualRows({
    rows: visible,
    threshold: virtualizeThreshold,
    rowHeight,
    width: totalWidth,
    height: maxHeight,
  });

  const fetching = loading && rows.length === 0;
  const status = fetching
    ? loadingMessage
    : searching
      ? `${visible.length} of ${rows.length} rows match.`
      : '';
  const emptyText = fetching
    ? loadingMessage
    : rows.length === 0
      ? emptyMessage
      : visible.length === 0
        ? noResultsMessage
        : null;

  return (
    <div className="data-table">
      <Toolbar
        searchable={searchable}
        searchLabel={searchLabel}
        query={table.query}
        onQueryChange={table.changeQuery}
        searching={searching}
        sortable={sortable}
        reorderable={reorderable}
        reordering={reordering}
        onToggleReordering={table.toggleReordering}
        noteId={ids.note}
      >
        {toolbar}
      </Toolbar>

      {selection.selectable && selection.selectedIds.length > 0 ? (
        <BulkBar
          count={selection.selectedIds.length}
          processing={selection.processing}
          actions={bulkActions}
          onAction={selection.startBulk}
          onClear={selection.clear}
        />
      ) : null}

      <div
        ref={scrollRef}
        className="data-table__scroll"
        style={{ maxHeight }}
        role="region"
        aria-label={`${caption} (scrollable)`}
        tabIndex={0}
      >
        <table
          className="data-table__table"
          style={{ width: totalWidth, minWidth: '100%' }}
          aria-rowcount={visible.length + 1}
        >
          <caption className={showCaption ? 'data-table__caption' : 'visually-hidden'}>{caption}</caption>
          <colgroup>
            {widths.map((w, i) => (
              <col key={i} style={{ width: w }} />
            ))}
          </colgroup>
          <TableHead
            legend={legend}
            reordering={reordering}
            sortable={sortable}
            sort={table.sort}
            sortLocked={table.sortLocked}
            onSort={table.changeSort}
            noteId={ids.note}
            selectAll={
              selection.selectable
                ? {
                    total: selection.selectableVisible.length,
                    selected: selection.selectedVisibleCount,
                    disabled: selection.processing || selection.selectableVisible.length === 0,
                    onChange: selection.selectVisible,
                  }
                : null
            }
            hasActions={hasActions}
          />
          <TableBody
            emptyText={emptyText}
            rendered={rendered}
            rowProps={{
              selectable: selection.selectable,
              reordering,
              hasActions,
              processing: selection.processing,
              selected: selection.selected,
              onSelect: selection.toggle,
              onRowAction,
              legend,
              onMove: table.moveBy,
              handleHelpId: ids.handleHelp,
              rowHeight: virtual ? rowHeight : undefined,
            }}
            padTop={padTop}
            padBottom={padBottom}
            columnCount={widths.length}
            reordering={reordering}
            ids={visible.map((r) => r.id)}
            onDrop={table.commitOrder}
          />
        </table>
      </div>
      <p id={ids.handleHelp} className="visually-hidden">
        Press the arrow keys to move the row up or down, or press Space to pick it up, arrows to move and
        Space to drop.
      </p>
      <div className="visually-hidden" role="status" aria-live="polite">
        {table.announcement || status}
      </div>

      {selection.pendingBulk ? (
        <ConfirmDialog
          title={selection.pendingBulk.value}
          message={selection.pendingBulk.confirmationMessage ?? ''}
          onCancel={selection.cancelBulk}
          onConfirm={selection.confirmBulk}
        />
      ) : null}
    </div>
  );
}
