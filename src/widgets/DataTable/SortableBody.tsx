/**
 * The table body while reordering: rows are sortable with @dnd-kit (pointer drag, or Space to pick up, arrows, Space
 * to drop) and the drag handle also moves a row with the arrow keys directly. Loaded on demand, so tables that are
 * never reordered do not carry @dnd-kit.
 */
import type { CSSProperties, KeyboardEvent } from 'react';
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
  onDragEnd: (activeId: string, overId: string) => void;
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const dragEnd = (e: DragEndEvent) => {
    if (e.over && e.active.id !== e.over.id) onDragEnd(String(e.active.id), String(e.over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      // Its live region and instructions are divs: keep them out of the <table>.
      accessibility={{ container: document.body }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <tbody>
          {padTop > 0 ? <SpacerRow height={padTop} columns={columnCount} /> : null}
          {rendered.map(({ row, index }) => (
            <SortableRow key={row.id} row={row} index={index} {...rowProps} />
          ))}
          {padBottom > 0 ? <SpacerRow height={padBottom} columns={columnCount} /> : null}
        </tbody>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow(props: RowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
    active,
  } = useSortable({ id: props.row.id });
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
