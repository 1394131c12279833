/**
 * The chosen columns, reorderable by drag or by arrow keys on the drag handle, each removable.
 */
import { DragHandle, SortableArea, useSortableItem } from '../Sortable';
import type { ColumnRef } from './templates';

export interface SortableColumnListProps {
  columns: readonly ColumnRef[];
  onMove: (from: number, to: number) => void;
  onRemove: (value: string) => void;
  helpId: string;
}

export function SortableColumnList({ columns, onMove, onRemove, helpId }: SortableColumnListProps) {
  if (columns.length === 0) return <p className="templates__empty">No columns chosen.</p>;
  return (
    <SortableArea ids={columns.map((c) => c.value)} onMove={onMove}>
      <ol className="templates__list" aria-label="Chosen columns">
        {columns.map((column, index) => (
          <SortableColumn
            key={column.value}
            column={column}
            index={index}
            count={columns.length}
            onMove={onMove}
            onRemove={onRemove}
            helpId={helpId}
          />
        ))}
      </ol>
    </SortableArea>
  );
}

function SortableColumn({
  column,
  index,
  count,
  onMove,
  onRemove,
  helpId,
}: { column: ColumnRef; index: number; count: number } & Omit<SortableColumnListProps, 'columns'>) {
  const { itemRef, style, isDragging, handle } = useSortableItem(column.value, (delta) => {
    const to = index + delta;
    if (to >= 0 && to < count) onMove(index, to);
  });
  return (
    <li ref={itemRef} className={`templates__item${isDragging ? ' is-dragging' : ''}`} style={style}>
      <DragHandle
        handle={handle}
        className="templates__handle"
        roleDescription="sortable column"
        describedBy={helpId}
        label={`Move ${column.name}, position ${index + 1} of ${count}`}
      />
      <span className="templates__name">{column.name}</span>
      <button
        type="button"
        className="button templates__remove"
        data-focus-list="chosen"
        aria-label={`Remove ${column.name}`}
        onClick={() => onRemove(column.value)}
      >
        Remove
      </button>
    </li>
  );
}
