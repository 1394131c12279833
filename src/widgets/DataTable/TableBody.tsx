/**
 * The table body: the empty, no-results or loading message, or the rendered rows between the virtualiser's spacer
 * rows. While reordering it is the sortable body, loaded with @dnd-kit on first use; until then the plain body
 * stands in, with a placeholder keeping the drag column in place.
 */
import { lazy, Suspense } from 'react';
import { Row, SpacerRow, type RowProps } from './Row';
import type { RenderedRow } from './useVirtualRows';

// @dnd-kit is loaded only when a table enters reordering mode.
const SortableBody = lazy(() => import('./SortableBody').then((m) => ({ default: m.SortableBody })));

export interface TableBodyProps {
  /** Shown in place of rows when set. */
  emptyText: string | null;
  rendered: RenderedRow[];
  rowProps: Omit<RowProps, 'row' | 'index'>;
  padTop: number;
  padBottom: number;
  columnCount: number;
  reordering: boolean;
  /** Ids of all visible rows in their order (for reordering). */
  ids: string[];
  /** A row was dropped: its index and the index it goes to, both in `ids`. */
  onDrop: (from: number, to: number) => void;
}

export function TableBody({
  emptyText,
  rendered,
  rowProps,
  padTop,
  padBottom,
  columnCount,
  reordering,
  ids,
  onDrop,
}: TableBodyProps) {
  const body = (
    <tbody>
      {padTop > 0 ? <SpacerRow height={padTop} columns={columnCount} /> : null}
      {emptyText ? (
        <tr>
          <td colSpan={columnCount} className="data-table__empty-state">
            {/* Kept in the box's width: a table wider than a phone's box still says it is empty where it shows. */}
            <div className="data-table__empty-text">{emptyText}</div>
          </td>
        </tr>
      ) : (
        rendered.map(({ row, index }) => (
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
  if (!reordering || emptyText) return body;
  return (
    <Suspense fallback={body}>
      <SortableBody
        ids={ids}
        rendered={rendered}
        rowProps={rowProps}
        padTop={padTop}
        padBottom={padBottom}
        columnCount={columnCount}
        onDragEnd={onDrop}
      />
    </Suspense>
  );
}
