/**
 * Drag-to-reorder lists (spec §4 column editor, table reordering) on @dnd-kit: pointer drag (after 4 px, so a click
 * on the handle is not a drag), or Space to pick an item up, arrows to move it and Space to drop; the arrow keys on a
 * handle also move its item one step directly while no keyboard drag is in progress. Only the modules that reorder
 * import this, so @dnd-kit loads with them.
 */
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
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

export interface SortableAreaProps {
  /** Ids of the items in their current order. */
  ids: readonly string[];
  /** An item was dropped: its index and the index it goes to, both in `ids`. */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/** The drag-and-drop context of one vertical list whose items use `useSortableItem`. */
export function SortableArea({ ids, onMove, children }: SortableAreaProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = ids.indexOf(String(e.active.id));
    const to = ids.indexOf(String(e.over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      // Its live region and instructions are divs: keep them out of lists and tables.
      accessibility={{ container: typeof document === 'undefined' ? undefined : document.body }}
    >
      <SortableContext items={ids as string[]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/**
 * One sortable item: `itemRef` and `style` go on the moving element, `handle` on its drag handle (`DragHandle`).
 * `onStep` moves the item one place up (-1) or down (1) from the arrow keys.
 */
export function useSortableItem(id: string, onStep: (delta: -1 | 1) => void) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
    active,
  } = useSortable({ id });
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    // Arrow keys move the item directly unless a keyboard drag is in progress (then dnd-kit owns them).
    if (!active && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      onStep(e.key === 'ArrowUp' ? -1 : 1);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  return {
    itemRef: setNodeRef,
    style,
    isDragging,
    handle: { ...attributes, ...listeners, ref: setActivatorNodeRef, onKeyDown },
  };
}

export interface DragHandleProps {
  handle: ReturnType<typeof useSortableItem>['handle'];
  className: string;
  /** What is moved, e.g. "sortable row". */
  roleDescription: string;
  label: string;
  /** Id of the text explaining the keys. */
  describedBy: string;
}

export function DragHandle({ handle, className, roleDescription, label, describedBy }: DragHandleProps) {
  return (
    <button
      type="button"
      className={className}
      {...handle}
      aria-roledescription={roleDescription}
      aria-describedby={describedBy}
      aria-label={label}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
