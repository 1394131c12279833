/**
 * The data table (spec §2 shared widgets, §3 rows and items, §4 table states, §9 widths): search, sort cycling
 * ascending → descending → none (off while reordering or searching), drag reorder (@dnd-kit, plus arrow keys on the
 * drag handle), row selection with a bulk-actions bar, row actions, and virtualised rows (@tanstack/react-virtual)
 * above `virtualizeThreshold` rows so 10,000 rows stay smooth. A real <table> with column and row headers.
 */
import { useCallback, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ItemCell } from './ItemCell';
import { RowActions } from './RowActions';
import { ConfirmDialog } from './ConfirmDialog';
import { useBulkSelection, type BulkHandler } from './useBulkSelection';
import { nextSort, sortRows } from './sorting';
import { createSearchTextCache, searchRows, searchTerms } from './searching';
import { applyOrder, moveItem } from './reorder';
import { actionsColumnWidth, dataColumnWidths, SELECT_COLUMN_WIDTH, SORTABLE_COLUMN_WIDTH } from './columnWidths';
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

function rowName(row: TableRow): string {
  const v = row.items[0]?.value;
  return v === null || v === undefined || v === '' ? row.id : String(v);
}

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
  const ids = { note: useId(), handleHelp: useId(), status: useId() };
  const [query, setQuery] = useState(initialSearch);
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const [reordering, setReordering] = useState(false);
  const [pendingBulk, setPendingBulk] = useState<BulkAction | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // A local order from reordering, dropped when new rows arrive (the parent applied onReorder or reloaded).
  const [order, setOrder] = useState<{ rows: readonly TableRow[]; ids: string[] | null }>({ rows, ids: null });
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
  const selectedIds = useMemo(() => [...bulk.selected].filter((id) => liveIds.has(id)), [bulk.selected, liveIds]);
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
  const moveBy = (id: string, delta: number) => {
    const index = visible.findIndex((r) => r.id === id);
    const to = index + delta;
    if (index < 0 || to < 0 || to >= visible.length) return;
    commitOrder(index, to);
    setAnnouncement(`${rowName(visible[index])} moved to position ${to + 1} of ${visible.length}.`);
  };
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = visible.findIndex((r) => r.id === e.active.id);
    const to = visible.findIndex((r) => r.id === e.over?.id);
    if (from >= 0 && to >= 0) commitOrder(from, to);
  };

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
  const padBottom = virtual && virtualItems.length ? virtualizer.getTotalSize() - virtualItems[virtualItems.length - 1].end : 0;
  const rendered: { row: TableRow; index: number }[] = virtual
    ? virtualItems.map((v) => ({ row: visible[v.index], index: v.index }))
    : visible.map((row, index) => ({ row, index }));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const status = loading && rows.length === 0
    ? loadingMessage
    : searching
      ? `${visible.length} of ${rows.length} rows match.`
      : '';
  const emptyText = loading && rows.length === 0 ? loadingMessage : rows.length === 0 ? emptyMessage : visible.length === 0 ? noResultsMessage : null;
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
          <td colSpan={columnCount} className="data-table__empty-state">{emptyText}</td>
        </tr>
      ) : (
        rendered.map(({ row, index }) =>
          reordering ? <SortableRow key={row.id} row={row} index={index} {...rowProps} /> : <Row key={row.id} row={row} index={index} {...rowProps} />,
        )
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
          {reordering ? 'Sorting and search are off while reordering.' : searching && sortable ? 'Sorting is off while searching.' : ''}
        </span>
      </div>

      {selectable && selectedIds.length > 0 ? (
        <div className="data-table__bulk" role="region" aria-label="Bulk actions" aria-busy={bulk.processing || undefined}>
          <span className="data-table__bulk-count" aria-live="polite">
            {selectedIds.length} selected{bulk.processing ? ' — processing…' : ''}
          </span>
          {bulkActions.map((action) => (
            <button key={action.id} type="button" className="button" disabled={bulk.processing} onClick={() => startBulk(action)}>
              {action.icon ? <span aria-hidden="true">{action.icon}</span> : null}
              {action.value}
            </button>
          ))}
          <button type="button" className="button data-table__bulk-clear" disabled={bulk.processing} onClick={bulk.clear}>
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
        <table className="data-table__table" style={{ width: totalWidth, minWidth: '100%' }} aria-rowcount={visible.length + 1}>
          <caption className={showCaption ? 'data-table__caption' : 'visually-hidden'}>{caption}</caption>
          <colgroup>
            {columns.map((w, i) => (
              <col key={i} style={{ width: w }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {reordering ? (
                <th scope="col"><span className="visually-hidden">Move</span></th>
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
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              ) : null}
            </tr>
          </thead>
          {reordering ? (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              // Its live region and instructions are divs: keep them out of the <table>.
              accessibility={{ container: typeof document === 'undefined' ? undefined : document.body }}
            >
              <SortableContext items={visible.map((r) => r.id)} strategy={verticalListSortingStrategy}>
                {body}
              </SortableContext>
            </DndContext>
          ) : (
            body
          )}
        </table>
      </div>
      <p id={ids.handleHelp} className="visually-hidden">
        Press the arrow keys to move the row up or down, or press Space to pick it up, arrows to move and Space to drop.
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

function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="data-table__spacer">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

function SortIcon({ direction }: { direction?: 'ascending' | 'descending' }) {
  const glyph = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return <span className={`data-table__sort-icon${direction ? ' is-active' : ''}`} aria-hidden="true">{glyph}</span>;
}

function SelectAll({ total, selected, disabled, onChange }: { total: number; selected: number; disabled: boolean; onChange: (on: boolean) => void }) {
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

interface RowProps {
  row: TableRow;
  index: number;
  legend: readonly TableLegendEntry[];
  selectable: boolean;
  reordering: boolean;
  hasActions: boolean;
  processing: boolean;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onRowAction?: DataTableProps['onRowAction'];
  onMove: (id: string, delta: number) => void;
  handleHelpId: string;
  rowHeight?: number;
}

function SortableRow(props: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, active } = useSortable({ id: props.row.id });
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    position: isDragging ? 'relative' : undefined,
    zIndex: isDragging ? 2 : undefined,
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    // Arrow keys move the row directly unless a keyboard drag is in progress (then dnd-kit owns them).
    if (!active && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      props.onMove(props.row.id, e.key === 'ArrowUp' ? -1 : 1);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="data-table__handle"
      {...attributes}
      {...listeners}
      aria-roledescription="sortable row"
      aria-describedby={props.handleHelpId}
      aria-label={`Move ${rowName(props.row)}`}
      onKeyDown={onKeyDown}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return <Row {...props} rowRef={setNodeRef} style={style} handle={handle} dragging={isDragging} />;
}

function Row({
  row,
  index,
  legend,
  selectable,
  hasActions,
  processing,
  selected,
  onSelect,
  onRowAction,
  rowHeight,
  rowRef,
  style,
  handle,
  dragging,
}: RowProps & { rowRef?: (node: HTMLElement | null) => void; style?: CSSProperties; handle?: ReactNode; dragging?: boolean }) {
  const name = rowName(row);
  const isSelected = selected.has(row.id);
  const className = [
    'data-table__row',
    isSelected ? 'is-selected' : '',
    row.disabled ? 'is-disabled' : '',
    row.invalid ? 'is-invalid' : '',
    dragging ? 'is-dragging' : '',
  ].filter(Boolean).join(' ');
  return (
    <tr ref={rowRef} className={className} style={{ ...style, height: rowHeight }} aria-rowindex={index + 2} aria-disabled={row.disabled || undefined}>
      {handle ? <td className="data-table__cell data-table__cell--handle">{handle}</td> : null}
      {selectable ? (
        <td className="data-table__cell data-table__cell--select">
          <input
            type="checkbox"
            aria-label={`Select ${name}`}
            checked={isSelected}
            disabled={row.disabled || processing}
            onChange={(e) => onSelect(row.id, e.target.checked)}
          />
        </td>
      ) : null}
      {row.items.map((item, i) =>
        i === 0 ? (
          <th key={i} scope="row" className="data-table__cell">
            <ItemCell item={item} columnTitle={legend[i]?.title ?? ''} />
            {row.invalid ? <span className="data-table__invalid">Invalid</span> : null}
          </th>
        ) : (
          <td key={i} className="data-table__cell">
            <ItemCell item={item} columnTitle={legend[i]?.title ?? ''} />
          </td>
        ),
      )}
      {hasActions ? (
        <td className="data-table__cell data-table__cell--actions">
          {row.actions && row.actions.length > 0 ? (
            <RowActions actions={row.actions} rowName={name} rowDisabled={row.disabled} onAction={(actionId, option) => onRowAction?.(row.id, actionId, option)} />
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
