/**
 * The state of a data table (spec §4 table states): search, sort cycling (off while reordering or searching), the
 * local order from reordering, row selection with the pending bulk confirmation, and what a screen reader is told.
 * It gives the visible rows in their shown order; rendering is left to the table's parts.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { rowName, rowSelectable } from './Row';
import { useBulkSelection, type BulkHandler } from './useBulkSelection';
import { nextSort, sortRows } from './sorting';
import { createSearchTextCache, searchRows, searchTerms } from './searching';
import { applyOrder, moveItem } from './reorder';
import type { BulkAction, SortState, TableRow } from './types';

export interface TableStateOptions {
  rows: readonly TableRow[];
  initialSearch: string;
  onSearchChange?: (query: string) => void;
  initialSort: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  onReorder?: (rowIds: string[]) => void;
  bulkActions: readonly BulkAction[];
  onBulkAction?: BulkHandler;
  bulkProcessing?: boolean;
  /** Controlled sort: when not undefined, the shown sort state (header clicks only report the next one). */
  sort?: SortState | null;
  /** Server mode: rows are already searched, sorted and sliced; search changes are reported debounced. */
  server: boolean;
}

/** How long a server-mode search waits for typing to pause before it is reported. */
export const SERVER_SEARCH_DELAY = 250;

export function useTableState({
  rows,
  initialSearch,
  onSearchChange,
  initialSort,
  onSortChange,
  onReorder,
  bulkActions,
  onBulkAction,
  bulkProcessing,
  sort: controlledSort,
  server,
}: TableStateOptions) {
  const [query, setQuery] = useState(initialSearch);
  const [ownSort, setSort] = useState<SortState | null>(initialSort);
  const sort = controlledSort === undefined ? ownSort : controlledSort;
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
  // The server sorts its search results; locally a search result keeps the rows' order.
  const sortLocked = reordering || (searching && !server);
  const selectable = bulkActions.length > 0;
  const bulk = useBulkSelection(onBulkAction, bulkProcessing);

  const ordered = useMemo(() => applyOrder(rows, localOrder), [rows, localOrder]);
  const visible = useMemo(() => {
    if (server) return ordered;
    const found = searchRows(ordered, query, searchText);
    return reordering ? found : sortRows(found, sort);
  }, [ordered, query, searchText, sort, reordering, server]);

  const liveIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const selectedIds = useMemo(
    () => [...bulk.selected].filter((id) => liveIds.has(id)),
    [bulk.selected, liveIds],
  );
  const selectableVisible = useMemo(() => visible.filter(rowSelectable).map((r) => r.id), [visible]);
  const selectedVisibleCount = selectableVisible.filter((id) => bulk.selected.has(id)).length;

  // Server mode reports the query once typing pauses; the latest callback is used when the timer fires.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reportSearch = useRef(onSearchChange);
  useEffect(() => {
    reportSearch.current = onSearchChange;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const changeQuery = (next: string) => {
    setQuery(next);
    if (!server) {
      onSearchChange?.(next);
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      reportSearch.current?.(next);
    }, SERVER_SEARCH_DELAY);
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
    if (action.confirm || action.confirmationMessage) setPendingBulk(action);
    else bulk.run(action.id, selectedIds);
  };
  const confirmBulk = () => {
    if (!pendingBulk) return;
    setPendingBulk(null);
    bulk.run(pendingBulk.id, selectedIds);
  };

  return {
    query,
    changeQuery,
    searching,
    sort,
    changeSort,
    sortLocked,
    reordering,
    toggleReordering,
    commitOrder,
    moveBy,
    announcement,
    visible,
    selection: {
      selectable,
      selected: bulk.selected,
      toggle: bulk.toggle,
      clear: bulk.clear,
      processing: bulk.processing,
      selectedIds,
      selectableVisible,
      selectedVisibleCount,
      selectVisible: (on: boolean) => bulk.setMany(selectableVisible, on),
      pendingBulk,
      startBulk,
      confirmBulk,
      cancelBulk: () => setPendingBulk(null),
    },
  };
}
