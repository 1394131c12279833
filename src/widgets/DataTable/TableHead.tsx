/**
 * The column headers: the drag column while reordering, select-all (checked, mixed or clear) when rows are
 * selectable, sort buttons cycling ascending → descending → none, and the actions column. The header cells carry the
 * column widths (the table's layout is fixed, so the first row sets them) and the columns' priority classes.
 */
import { columnPriority } from './columnWidths';
import type { SortState, TableLegendEntry } from './types';
import { ChevronDownIcon, ChevronUpIcon, SortIcon as Sort } from '../icons';

export interface TableHeadProps {
  legend: readonly TableLegendEntry[];
  reordering: boolean;
  sortable: boolean;
  sort: SortState | null;
  sortLocked: boolean;
  onSort: (column: number) => void;
  /** Id of the toolbar note saying why sorting is off. */
  noteId: string;
  /** Select-all, when rows are selectable. */
  selectAll: {
    total: number;
    selected: number;
    disabled: boolean;
    onChange: (on: boolean) => void;
    /** Accessible name (default "Select all rows"). */
    label?: string;
  } | null;
  hasActions: boolean;
  /** Every column's width in px, in order (drag, select, data, actions). */
  widths: readonly number[];
}

/** The class and attribute of a data column that gives way to a narrow table (priority 2 or 3). */
export function priorityProps(legend: readonly TableLegendEntry[], index: number) {
  const priority = columnPriority(legend, index);
  return priority === 1
    ? {}
    : { className: `data-table__col--p${priority}`, 'data-priority': String(priority) };
}

export function TableHead({
  legend,
  reordering,
  sortable,
  sort,
  sortLocked,
  onSort,
  noteId,
  selectAll,
  hasActions,
  widths,
}: TableHeadProps) {
  let at = 0;
  const width = () => ({ width: widths[at++] });
  return (
    <thead>
      <tr aria-rowindex={1}>
        {reordering ? (
          <th scope="col" style={width()}>
            <span className="visually-hidden">Move</span>
          </th>
        ) : null}
        {selectAll ? (
          <th scope="col" style={width()} className="data-table__head-select">
            <SelectAll {...selectAll} />
          </th>
        ) : null}
        {legend.map((col, i) => {
          const canSort = sortable && col.sortable !== false;
          const active = sort?.column === i ? sort.direction : undefined;
          return (
            <th
              key={i}
              scope="col"
              style={width()}
              title={col.title}
              aria-sort={canSort ? (active ?? 'none') : undefined}
              {...(i === 0 ? { className: 'data-table__head-item' } : priorityProps(legend, i))}
            >
              {canSort ? (
                <button
                  type="button"
                  className="data-table__sort"
                  disabled={sortLocked}
                  aria-describedby={sortLocked ? noteId : undefined}
                  onClick={() => onSort(i)}
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
          <th scope="col" style={width()} className="data-table__actions-head">
            <span className="visually-hidden">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

function SortIcon({ direction }: { direction?: 'ascending' | 'descending' }) {
  const Glyph =
    direction === 'ascending' ? ChevronUpIcon : direction === 'descending' ? ChevronDownIcon : Sort;
  return (
    <span className={`data-table__sort-icon${direction ? ' is-active' : ''}`} aria-hidden="true">
      <Glyph />
    </span>
  );
}

function SelectAll({
  total,
  selected,
  disabled,
  onChange,
  label = 'Select all rows',
}: {
  total: number;
  selected: number;
  disabled: boolean;
  onChange: (on: boolean) => void;
  label?: string;
}) {
  const all = total > 0 && selected === total;
  const some = selected > 0 && !all;
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={all}
      disabled={disabled}
      ref={(node) => {
        if (node) node.indeterminate = some;
      }}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
