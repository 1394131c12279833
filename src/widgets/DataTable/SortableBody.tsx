/**
 * The table body while reordering: rows are sortable (pointer drag, or Space to pick up, arrows, Space to drop) and
 * the drag handle also moves a row with the arrow keys directly. Loaded on demand, so tables that are never
 * reordered do not carry @dnd-kit.
 */
import { DragHandle, SortableArea, useSortableItem } from '../Sortable';
import { Row, rowName, SpacerRow, type RowProps } from './Row';
import type { TableRow } from './types';

export interface SortableBodyProps {
  /** Ids of all rows in their current order. */
  ids: string[];
  rendered: { row: TableRow; index: number }[];
  rowProps: Omit<RowProps, 'row' | 'index'>;
  padTop: number;
  padBottom: number;
  columnCount: number;
  /** A row was dropped: its index and the index it goes to, both in `ids`. */
  onDragEnd: (from: number, to: number) => void;
}

export function SortableBody({
  ids,
  rendered,
  rowProps,
  padTop,
  padBottom,
  columnCount,
  onDragEnd,
}: SortableBodyProps) {
  return (
    <SortableArea ids={ids} onMove={onDragEnd}>
      <tbody>
        {padTop > 0 ? <SpacerRow height={padTop} columns={columnCount} /> : null}
        {rendered.map(({ row, index }) => (
          <SortableRow key={row.id} row={row} index={index} {...rowProps} />
        ))}
        {padBottom > 0 ? <SpacerRow height={padBottom} columns={columnCount} /> : null}
      </tbody>
    </SortableArea>
  );
}

function SortableRow(props: RowProps) {
  const { itemRef, style, isDragging, handle } = useSortableItem(props.row.id, (delta) =>
    props.onMove(props.row.id, delta),
  );
  return (
    <Row
      {...props}
      rowRef={itemRef}
      style={{ ...style, position: isDragging ? 'relative' : undefined, zIndex: isDragging ? 2 : undefined }}
      handle={
        <DragHandle
          handle={handle}
          className="data-table__handle"
          roleDescription="sortable row"
          describedBy={props.handleHelpId}
          label={`Move ${rowName(props.row)}`}
        />
      }
      dragging={isDragging}
    />
  );
}
