/**
 * The chosen columns, reorderable by drag (@dnd-kit) or by arrow keys on the drag handle, each removable.
 */
import type { KeyboardEvent } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { ColumnRef } from './templates';

export interface SortableColumnListProps {
  columns: readonly ColumnRef[];
  onMove: (from: number, to: number) => void;
  onRemove: (value: string) => void;
  helpId: string;
}

export function SortableColumnList({ columns, onMove, onRemove, helpId }: SortableColumnListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = columns.findIndex((c) => c.value === e.active.id);
    const to = columns.findIndex((c) => c.value === e.over?.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  if (columns.length === 0) return <p className="templates__empty">No columns chosen.</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ container: typeof document === 'undefined' ? undefined : document.body }}
    >
      <SortableContext items={columns.map((c) => c.value)} strategy={verticalListSortingStrategy}>
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
      </SortableContext>
    </DndContext>
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
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
    active,
  } = useSortable({ id: column.value });
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!active && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = index + (e.key === 'ArrowUp' ? -1 : 1);
      if (to >= 0 && to < count) onMove(index, to);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  return (
    <li
      ref={setNodeRef}
      className={`templates__item${isDragging ? ' is-dragging' : ''}`}
      style={{
        transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
        transition,
      }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="templates__handle"
        {...attributes}
        {...listeners}
        aria-roledescription="sortable column"
        aria-describedby={helpId}
        aria-label={`Move ${column.name}, position ${index + 1} of ${count}`}
        onKeyDown={onKeyDown}
      >
        <span aria-hidden="true">⠿</span>
      </button>
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
