/**
 * The column headers: the drag column while reordering, select-all (checked, mixed or clear) when rows are
 * selectable, sort buttons cycling ascending → descending → none, and the actions column.
 */
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
  selectAll: { total: number; selected: number; disabled: boolean; onChange: (on: boolean) => void } | null;
  hasActions: boolean;
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
}: TableHeadProps) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        {reordering ? (
          <th scope="col">
            <span className="visually-hidden">Move</span>
          </th>
        ) : null}
        {selectAll ? (
          <th scope="col">
            <SelectAll {...selectAll} />
          </th>
        ) : null}
        {legend.map((col, i) => {
          const canSort = sortable && col.sortable !== false;
          const active = sort?.column === i ? sort.direction : undefined;
          return (
            <th key={i} scope="col" aria-sort={canSort ? (active ?? 'none') : undefined}>
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
          <th scope="col">
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
}: {
  total: number;
  selected: number;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const all = total > 0 && selected === total;
  const some = selected > 0 && !all;
  return (
    <input
      type="checkbox"
      aria-label="Select all rows"
      checked={all}
      disabled={disabled}
      ref={(node) => {
        if (node) node.indeterminate = some;
      }}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
