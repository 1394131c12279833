/**
 * The data table (spec §2 shared widgets, §3 rows and items, §4 table states, §9 widths): search, sort cycling
 * ascending → descending → none (off while reordering or searching), drag reorder (@dnd-kit, plus arrow keys on the
 * drag handle), row selection with a bulk-actions bar, row actions, and virtualised rows (@tanstack/react-virtual)
 * above `virtualizeThreshold` rows so 10,000 rows stay smooth. A real <table> with column and row headers.
 *
 * State lives in `useTableState`, virtualisation in `useVirtualRows`; the toolbar, bulk bar, head and body are parts.
 *
 * Layout: the table fills its box; columns of priority 2 and 3 give way when the table's box (a CSS container, not
 * the window) is narrower than 900 and 1200 px; when it still does not fit, it scrolls sideways inside its box with
 * the row actions stuck to the right edge. With `server` (the rows are one page of a server-side list) or `fill`,
 * the table grows with the page (no inner vertical scroll; the header row sticks under the main bar) and, with
 * `server`, a pager follows it.
 */
import { useEffect, useId, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { BulkBar } from './BulkBar';
import { ConfirmDialog } from './ConfirmDialog';
import { Pager } from './Pager';
import { rowName } from './Row';
import { TableBody } from './TableBody';
import { TableHead } from './TableHead';
import { Toolbar } from './Toolbar';
import { levelWidths, tableColumns } from './columnWidths';
import { useTableState } from './useTableState';
import { useVirtualRows } from './useVirtualRows';
import type { BulkHandler } from './useBulkSelection';
import { actionText, countOf, DEFAULT_ITEM_NAME, isDangerous, totalText } from './words';
import type { BulkAction, ItemName, ServerPaging, SortState, TableLegendEntry, TableRow } from './types';
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
  /** Controlled sort state: when given, the headers show it and clicks only call `onSortChange`. */
  sort?: SortState | null;
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
  /** Height of the scrolling body in px (default 480); not used with `server` or `fill`. */
  maxHeight?: number;
  /**
   * The table grows with the page instead of scrolling in a `maxHeight` box; the header row sticks to the top of the
   * viewport (under the main bar). Above `virtualizeThreshold` rows the table keeps a viewport-high scroll box.
   */
  fill?: boolean;

  /** How the rows are called in counts and confirmations (default row / rows). */
  itemName?: ItemName;
  /** The number of items in the list, when `rows` are not all of them (default: the rows' count). */
  total?: number;
  /**
   * Server paging: `rows` are the current page. The table does not search, sort or slice them: search changes go
   * to `onSearchChange` (debounced), header clicks to `onSortChange`, and a pager under the table to
   * `server.onPageChange`.
   */
  server?: ServerPaging;
  /** A plain left click on an item link (`TableItem.href`) calls this (client-side navigation); other clicks follow the link. */
  onNavigate?: (href: string) => void;
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
  sort,
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
  fill = false,
  itemName = DEFAULT_ITEM_NAME,
  total,
  server,
  onNavigate,
  rowHeight = 52,
  virtualizeThreshold = 100,
}: DataTableProps) {
  const ids = { note: useId(), handleHelp: useId() };
  const serverMode = !!server;
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
    sort,
    server: serverMode,
  });
  const { visible, reordering, searching, selection } = table;
  // A server page's selection is of that page: another page or page size starts with none ("previous value in
  // state" pattern, no effect).
  const pageKey = server ? `${server.page}/${server.perPage}` : '';
  const [shownPage, setShownPage] = useState(pageKey);
  if (shownPage !== pageKey) {
    setShownPage(pageKey);
    selection.clear();
  }
  const { widths, totalWidth, hasActions } = tableColumns({
    legend,
    rows,
    reordering,
    selectable: selection.selectable,
  });
  const firstData = (reordering ? 1 : 0) + (selection.selectable ? 1 : 0);
  const minWidths = levelWidths(legend, widths, firstData);
  const { scrollRef, virtual, rendered, padTop, padBottom } = useVirtualRows({
    rows: visible,
    // A server page is short: never virtualised.
    threshold: serverMode ? Number.POSITIVE_INFINITY : virtualizeThreshold,
    rowHeight,
    width: totalWidth,
    height: maxHeight,
  });
  const grows = (serverMode || fill) && !virtual;
  const fits = useFits(scrollRef);

  const fetching = loading && rows.length === 0;
  const status = fetching ? loadingMessage : '';
  const all = server ? server.total : (total ?? rows.length);
  const count = fetching
    ? ''
    : !serverMode && searching
      ? totalText(visible.length, all, itemName)
      : countOf(all, itemName);
  const emptyText = fetching
    ? loadingMessage
    : rows.length === 0
      ? emptyMessage
      : visible.length === 0
        ? noResultsMessage
        : null;

  const pending = selection.pendingBulk;
  const selectedSet = new Set(selection.selectedIds);
  const selectedNames = pending?.confirm ? rows.filter((r) => selectedSet.has(r.id)).map(rowName) : [];
  const scrollClass = [
    'data-table__scroll',
    grows ? 'data-table__scroll--grow' : '',
    fill && virtual ? 'data-table__scroll--viewport' : '',
    fits === true ? 'fits' : '',
    fits === false ? 'is-overflowing' : '',
  ]
    .filter(Boolean)
    .join(' ');
  // The table's minimum width at each priority level; the container queries of DataTable.css pick one.
  const tableStyle = {
    '--data-table-min-1': `${minWidths[0]}px`,
    '--data-table-min-2': `${minWidths[1]}px`,
    '--data-table-min-3': `${minWidths[2]}px`,
    // Where the name column sticks while the table scrolls sideways: after the drag and selection columns.
    '--data-table-lead': `${widths.slice(0, firstData).reduce((a, b) => a + b, 0)}px`,
  } as CSSProperties;

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
        count={count}
        server={serverMode}
      >
        {toolbar}
      </Toolbar>

      {selection.selectable && selection.selectedIds.length > 0 ? (
        <BulkBar
          pageOnly={serverMode}
          count={selection.selectedIds.length}
          processing={selection.processing}
          actions={bulkActions}
          onAction={selection.startBulk}
          onClear={selection.clear}
        />
      ) : null}

      <div
        ref={scrollRef}
        className={scrollClass}
        style={grows || (fill && virtual) ? undefined : { maxHeight }}
        role="region"
        aria-label={`${caption} (scrollable)`}
        tabIndex={0}
      >
        <table className="data-table__table" style={tableStyle} aria-rowcount={visible.length + 1}>
          <caption className={showCaption ? 'data-table__caption' : 'visually-hidden'}>{caption}</caption>
          <TableHead
            widths={widths}
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
                    label: serverMode ? `Select all ${itemName.other} on this page` : undefined,
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
              onNavigate,
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
      {server ? <Pager server={server} caption={caption} /> : null}
      <p id={ids.handleHelp} className="visually-hidden">
        Press the arrow keys to move the row up or down, or press Space to pick it up, arrows to move and
        Space to drop.
      </p>
      <div className="visually-hidden" role="status" aria-live="polite">
        {table.announcement || status}
      </div>

      {pending?.confirm ? (
        <ConfirmDialog
          title={actionText(pending.confirm.verb, selection.selectedIds.length, itemName)}
          message={pending.confirm.detail ?? ''}
          confirmLabel={actionText(pending.confirm.verb, selection.selectedIds.length, itemName)}
          cancelLabel="Cancel"
          danger={isDangerous(pending.confirm.verb)}
          names={selectedNames}
          onCancel={selection.cancelBulk}
          onConfirm={selection.confirmBulk}
        />
      ) : pending ? (
        <ConfirmDialog
          title={pending.value}
          message={pending.confirmationMessage ?? ''}
          onCancel={selection.cancelBulk}
          onConfirm={selection.confirmBulk}
        />
      ) : null}
    </div>
  );
}

/**
 * Whether the table fits its box without scrolling sideways (null until measured, e.g. on the server). A growing
 * table that fits lets its header stick to the page; one that does not scrolls sideways and marks the sticky
 * actions column with its left border.
 */
function useFits(ref: RefObject<HTMLDivElement | null>): boolean | null {
  const [fits, setFits] = useState<boolean | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setFits(box.scrollWidth <= box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    const table = box.querySelector('table');
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return fits;
}
