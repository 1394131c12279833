/**
 * The data table (spec §2 shared widgets, §3 rows and items, §4 table states, §9 widths): search, sort cycling
 * ascending → descending → none (off while reordering or searching), drag reorder (@dnd-kit, plus arrow keys on the
 * drag handle), row selection with a bulk-actions bar, row actions, and virtualised rows (@tanstack/react-virtual)
 * above `virtualizeThreshold` rows so 10,000 rows stay smooth. A real <table> with column and row headers.
 */
import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Row, rowName, SpacerRow } from './Row';
import { ConfirmDialog } from './ConfirmDialog';
import { useBulkSelection, type BulkHandler } from './useBulkSelection';
import { nextSort, sortRows } from './sorting';
import { createSearchTextCache, searchRows, searchTerms } from './searching';
import { applyOrder, moveItem } from './reorder';
import {
  actionsColumnWidth,
  dataColumnWidths,
  SELECT_COLUMN_WIDTH,
  SORTABLE_COLUMN_WIDTH,
} from './columnWidths';
import type { BulkAction, SortState, TableLegendEntry, TableRow } from './types';
import './DataTable.css';

// @dnd-kit is loaded only when a table enters reordering mode.
const SortableBody = lazy(() => import('./SortableBody').then((m) => ({ default: m.SortableBody })));

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
  const [query, setQuery] = useState(initialSearch);
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const [reordering, setReordering] = useState(false);
  const [pendingBulk, setPendingBulk] = useState<BulkAction | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // A local order from reordering, dropped when new rows arrive (the parent applied onReorder or reloaded).
  const [order, setOrder] = useState<{ rows: readonly TableRow[]; ids: string[] | null }>({
    rows,
    ids: null,
  });
  const localOrder = order.rows === rows ? order.ids : null;

  const searchText = useMemo(() => createSearchTextCache(), []);
  const searching = searchTerms(query).length > 0;
  const sortLocked = reordering || searching;
  const selectable = bulkActions.length > 0;
  const bulk = useBulkSelection(onBulkAction, bulkProcessing);

  const ordered = useMemo(() => applyOrder(rows, localOrder), [rows, localOrder]);
  const visible = useMemo(() => {
    const found = searchRows(ordered, query, searchText);
    return reordering ? found : sortRows(found, sort);
  }, [ordered, query, searchText, sort, reordering]);

  const liveIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const selectedIds = useMemo(
    () => [...bulk.selected].filter((id) => liveIds.has(id)),
    [bulk.selected, liveIds],
  );
  const selectableVisible = useMemo(() => visible.filter((r) => !r.disabled).map((r) => r.id), [visible]);
  const selectedVisibleCount = selectableVisible.filter((id) => bulk.selected.has(id)).length;

  const hasActions = rows.some((r) => r.actions && r.actions.length > 0);
  const widths = dataColumnWidths(legend);
  const actionsWidth = hasActions ? actionsColumnWidth(rows) : 0;
  const columns = [
    ...(reordering ? [SORTABLE_COLUMN_WIDTH] : []),
    ...(selectable ? [SELECT_COLUMN_WIDTH] : []),
    ...widths,
    ...(hasActions ? [actionsWidth] : []),
  ];
  const totalWidth = columns.reduce((a, b) => a + b, 0);
  const columnCount = columns.length;

  const changeQuery = (next: string) => {
    setQuery(next);
    onSearchChange?.(next);
  };
  const changeSort = (column: number) => {
    if (sortLocked) return;
    const next = nextSort(sort, column);
    setSort(next);
    onSortChange?.(next);
  };
  const toggleReordering = () => {
    if (!reordering && sort) {
      // Reordering works on the real order, so an active sort is dropped.
      setSort(null);
      onSortChange?.(null);
    }
    setReordering(!reordering);
    setAnnouncement('');
  };

  const commitOrder = useCallback(
    (from: number, to: number) => {
      const current = applyOrder(rows, localOrder).map((r) => r.id);
      const next = moveItem(current, from, to);
      setOrder({ rows, ids: next });
      onReorder?.(next);
      return next;
    },
    [rows, localOrder, onReorder],
  );
  // Stable while scrolling, so memoised rows are not re-rendered by it.
  const moveBy = useCallback(
    (id: string, delta: number) => {
      const index = visible.findIndex((r) => r.id === id);
      const to = index + delta;
      if (index < 0 || to < 0 || to >= visible.length) return;
      commitOrder(index, to);
      setAnnouncement(`${rowName(visible[index])} moved to position ${to + 1} of ${visible.length}.`);
    },
    [visible, commitOrder],
  );

  const startBulk = (action: BulkAction) => {
    if (action.confirmationMessage) setPendingBulk(action);
    else bulk.run(action.id, selectedIds);
  };

  // Virtualisation.
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = visible.length > virtualizeThreshold;
  // The virtualiser is read afresh on every render here; nothing memoises its functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? visible.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // Lets the server render (and the client hydrate) the first screen of rows before anything is measured.
    initialRect: { width: totalWidth, height: maxHeight },
  });
  const virtualItems = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = virtual && virtualItems.length ? virtualItems[0].start : 0;
  const padBottom =
    virtual && virtualItems.length
      ? virtualizer.getTotalSize() - virtualItems[virtualItems.length - 1].end
      : 0;
  const rendered: { row: TableRow; index: number }[] = virtual
    ? virtualItems.map((v) => ({ row: visible[v.index], index: v.index }))
    : visible.map((row, index) => ({ row, index }));

  const status =
    loading && rows.length === 0
      ? loadingMessage
      : searching
        ? `${visible.length} of ${rows.length} rows match.`
        : '';
  const emptyText =
    loading && rows.length === 0
      ? loadingMessage
      : rows.length === 0
        ? emptyMessage
        : visible.length === 0
          ? noResultsMessage
          : null;
  const rowProps = {
    selectable,
    reordering,
    hasActions,
    processing: bulk.processing,
    selected: bulk.selected,
    onSelect: bulk.toggle,
    onRowAction,
    legend,
    onMove: moveBy,
    handleHelpId: ids.handleHelp,
    rowHeight: virtual ? rowHeight : undefined,
  };

  const body = (
    <tbody>
      {padTop > 0 ? <SpacerRow height={padTop} columns={columnCount} /> : null}
      {emptyText ? (
        <tr>
          <td colSpan={columnCount} className="data-table__empty-state">
            {emptyText}
          </td>
        </tr>
      ) : (
        rendered.map(({ row, index }) => (
          // While the sortable body loads, a placeholder keeps the drag column in place.
          <Row
            key={row.id}
            row={row}
            index={index}
            {...rowProps}
            handle={
              reordering ? (
                <span className="data-table__handle" aria-hidden="true">
                  ⠿
                </span>
              ) : undefined
            }
          />
        ))
      )}
      {padBottom > 0 ? <SpacerRow height={padBottom} columns={columnCount} /> : null}
    </tbody>
  );

  return (
    <div className="data-table">
      <div className="data-table__toolbar">
        {searchable ? (
          <input
            type="search"
            className="data-table__search"
            aria-label={searchLabel}
            placeholder="Search"
            value={query}
            disabled={reordering}
            aria-describedby={reordering ? ids.note : undefined}
            onChange={(e) => changeQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && query) {
                e.preventDefault();
                changeQuery('');
              }
            }}
          />
        ) : null}
        {reorderable ? (
          <button
            type="button"
            className="button data-table__reorder-toggle"
            aria-pressed={reordering}
            disabled={searching}
            aria-describedby={searching ? ids.note : undefined}
            onClick={toggleReordering}
          >
            {reordering ? 'Done reordering' : 'Reorder rows'}
          </button>
        ) : null}
        {toolbar}
        <span id={ids.note} className="data-table__note">
          {reordering
            ? 'Sorting and search are off while reordering.'
            : searching && sortable
              ? 'Sorting is off while searching.'
              : ''}
        </span>
      </div>

      {selectable && selectedIds.length > 0 ? (
        <div
          className="data-table__bulk"
          role="region"
          aria-label="Bulk actions"
          aria-busy={bulk.processing || undefined}
        >
          <span className="data-table__bulk-count" aria-live="polite">
            {selectedIds.length} selected{bulk.processing ? ' — processing…' : ''}
          </span>
          {bulkActions.map((action) => (
            <button
              key={action.id}
              type="button"
              className="button"
              disabled={bulk.processing}
              onClick={() => startBulk(action)}
            >
              {action.icon ? <span aria-hidden="true">{action.icon}</span> : null}
              {action.value}
            </button>
          ))}
          <button
            type="button"
            className="button data-table__bulk-clear"
            disabled={bulk.processing}
            onClick={bulk.clear}
          >
            Clear selection
          </button>
        </div>
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
            {columns.map((w, i) => (
              <col key={i} style={{ width: w }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {reordering ? (
                <th scope="col">
                  <span className="visually-hidden">Move</span>
                </th>
              ) : null}
              {selectable ? (
                <th scope="col">
                  <SelectAll
                    total={selectableVisible.length}
                    selected={selectedVisibleCount}
                    disabled={bulk.processing || selectableVisible.length === 0}
                    onChange={(on) => bulk.setMany(selectableVisible, on)}
                  />
                </th>
              ) : null}
              {legend.map((col, i) => {
                const canSort = sortable && col.sortable !== false;
                const active = sort?.column === i ? sort.direction : undefined;
                return (
                  <th key={i} scope="col" aria-sort={canSort ? (active ?? 'none') : undefined}>
                    {canSort ? (
                      <button
                        type="button"
                        className="data-table__sort"
                        disabled={sortLocked}
                        aria-describedby={sortLocked ? ids.note : undefined}
                        onClick={() => changeSort(i)}
                      >
                        {col.title}
                        <SortIcon direction={active} />
                      </button>
                    ) : (
                      col.title
                    )}
                  </th>
                );
              })}
              {hasActions ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          {reordering && !emptyText ? (
            <Suspense fallback={body}>
              <SortableBody
                ids={visible.map((r) => r.id)}
                rendered={rendered}
                rowProps={rowProps}
                padTop={padTop}
                padBottom={padBottom}
                columnCount={columnCount}
                onDragEnd={commitOrder}
              />
            </Suspense>
          ) : (
            body
          )}
        </table>
      </div>
      <p id={ids.handleHelp} className="visually-hidden">
        Press the arrow keys to move the row up or down, or press Space to pick it up, arrows to move and
        Space to drop.
      </p>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement || status}
      </div>

      {pendingBulk ? (
        <ConfirmDialog
          title={pendingBulk.value}
          message={pendingBulk.confirmationMessage ?? ''}
          onCancel={() => setPendingBulk(null)}
          onConfirm={() => {
            const action = pendingBulk;
            setPendingBulk(null);
            bulk.run(action.id, selectedIds);
          }}
        />
      ) : null}
    </div>
  );
}
function SortIcon({ direction }: { direction?: 'ascending' | 'descending' }) {
  const glyph = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return (
    <span className={`data-table__sort-icon${direction ? ' is-active' : ''}`} aria-hidden="true">
      {glyph}
    </span>
  );
}

function SelectAll({
  total,
  selected,
  disabled,
  onChange,
}: {
  total: number;
  selected: number;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const all = total > 0 && selected === total;
  const some = selected > 0 && !all;
  return (
    <input
      type="checkbox"
      aria-label="Select all rows"
      checked={all}
      disabled={disabled}
      ref={(node) => {
        if (node) node.indeterminate = some;
      }}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
