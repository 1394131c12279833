/**
 * Virtualised rows (@tanstack/react-virtual) once a table has more than `threshold` rows, so 10,000 rows stay
 * smooth: only the rows in view (plus an overscan) render, between spacer rows of the skipped height.
 */
import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TableRow } from './types';

export interface RenderedRow {
  row: TableRow;
  /** Position among the visible rows. */
  index: number;
}

export function useVirtualRows({
  rows,
  threshold,
  rowHeight,
  width,
  height,
}: {
  rows: readonly TableRow[];
  threshold: number;
  rowHeight: number;
  /** Size of the scrolling box before it is measured. */
  width: number;
  height: number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length > threshold;
  // The virtualiser is read afresh on every render here; nothing memoises its functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // Lets the server render (and the client hydrate) the first screen of rows before anything is measured.
    initialRect: { width, height },
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = virtual && items.length ? items[0].start : 0;
  const padBottom = virtual && items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const rendered: RenderedRow[] = virtual
    ? items.map((v) => ({ row: rows[v.index], index: v.index }))
    : rows.map((row, index) => ({ row, index }));
  return { scrollRef, virtual, rendered, padTop, padBottom };
}
