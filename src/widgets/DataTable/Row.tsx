/** A table row and its cells; shared by the plain body and the sortable (reordering) body. */
import { memo, useId, type CSSProperties, type ReactNode } from 'react';
import { ItemCell } from './ItemCell';
import { RowActions } from './RowActions';
import { priorityProps } from './TableHead';
import type { TableLegendEntry, TableRow } from './types';

export function rowName(row: TableRow): string {
  const v = row.items[0]?.value;
  return v === null || v === undefined || v === '' ? row.id : String(v);
}

/** Whether the row can be selected: not disabled and not marked `selectable: false`. */
export function rowSelectable(row: TableRow): boolean {
  return !row.disabled && row.selectable !== false;
}

export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="data-table__spacer">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

export interface RowProps {
  row: TableRow;
  index: number;
  legend: readonly TableLegendEntry[];
  selectable: boolean;
  reordering: boolean;
  hasActions: boolean;
  processing: boolean;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onRowAction?: (rowId: string, actionId: string, option?: string) => void;
  onMove: (id: string, delta: number) => void;
  handleHelpId: string;
  rowHeight?: number;
  /** A plain left click on an item's link (`href`) calls this instead of following the link. */
  onNavigate?: (href: string) => void;
}

function cellClass(base: string, extra?: string) {
  return extra ? `${base} ${extra}` : base;
}

/** Memoised: while scrolling a virtualised table only rows entering the window render. */
export const Row = memo(function Row({
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
  onNavigate,
  rowRef,
  style,
  handle,
  dragging,
}: RowProps & {
  rowRef?: (node: HTMLElement | null) => void;
  style?: CSSProperties;
  handle?: ReactNode;
  dragging?: boolean;
}) {
  const name = rowName(row);
  const noteId = useId();
  const note = row.selectable === false ? row.selectionNote : undefined;
  const isSelected = selected.has(row.id);
  const className = [
    'data-table__row',
    isSelected ? 'is-selected' : '',
    row.disabled ? 'is-disabled' : '',
    row.invalid ? 'is-invalid' : '',
    dragging ? 'is-dragging' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <tr
      ref={rowRef}
      className={className}
      style={{ ...style, height: rowHeight }}
      aria-rowindex={index + 2}
      aria-disabled={row.disabled || undefined}
    >
      {handle ? <td className="data-table__cell data-table__cell--handle">{handle}</td> : null}
      {selectable ? (
        <td className="data-table__cell data-table__cell--select">
          <input
            type="checkbox"
            aria-label={`Select ${name}`}
            checked={isSelected}
            disabled={!rowSelectable(row) || processing}
            title={note}
            aria-describedby={note ? noteId : undefined}
            onChange={(e) => onSelect(row.id, e.target.checked)}
          />
          {note ? (
            <span id={noteId} className="visually-hidden">
              {note}
            </span>
          ) : null}
        </td>
      ) : null}
      {row.items.map((item, i) => {
        const { className: priorityClass, ...priority } = priorityProps(legend, i);
        return i === 0 ? (
          <th key={i} scope="row" className="data-table__cell">
            <ItemCell item={item} columnTitle={legend[i]?.title ?? ''} onNavigate={onNavigate} />
            {row.invalid ? <span className="data-table__invalid">Invalid</span> : null}
          </th>
        ) : (
          <td key={i} className={cellClass('data-table__cell', priorityClass)} {...priority}>
            <ItemCell item={item} columnTitle={legend[i]?.title ?? ''} onNavigate={onNavigate} />
          </td>
        );
      })}
      {hasActions ? (
        <td className="data-table__cell data-table__cell--actions">
          {row.actions && row.actions.length > 0 ? (
            <RowActions
              actions={row.actions}
              rowName={name}
              rowDisabled={row.disabled}
              onAction={(actionId, option) => onRowAction?.(row.id, actionId, option)}
            />
          ) : null}
        </td>
      ) : null}
    </tr>
  );
});
